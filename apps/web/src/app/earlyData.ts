import { parseSectionParam } from "@jcba/domain";

/**
 * A member screen's first data, asked for by the first script (src/entry.ts) beside the session check,
 * while the app's code downloads, rather than by the screen's loader once that code has run: on a slow
 * phone the app takes seconds to download and start, and the data's round trip then came after it.
 * The app puts each answer in its cache under the loader's own query (seedEarlyData.ts), so the loader
 * finds it on its way and asks for nothing more. A call left out here is only asked for later, by the
 * loader, as before; one here that no loader makes is asked for in vain.
 */

/** A tRPC query by its procedure's path, and its input (none for most). */
export interface EarlyCall {
  path: string;
  input?: unknown;
}

const call = (path: string, input?: unknown): EarlyCall => ({ path, input });

/** What each member screen's loader asks for first (src/routes/), by the page's path. */
export function earlyCalls(pathname: string): EarlyCall[] {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  if (path === "/")
    return [
      call("progress.sections"),
      call("tests.list"),
      call("tests.availability"),
      call("review.summary"),
      call("readiness.readiness"),
      call("studyPlan.get"),
    ];
  // The section as the study route's loader reads it: not a section, no questions asked for.
  const section = path.startsWith("/study/") ? parseSectionParam(path.slice("/study/".length)) : null;
  if (typeof section === "number")
    return [
      call("questions.list", { section }),
      call("account.studyEdition"),
      call("flags.list"),
      call("review.settings"),
    ];
  if (path === "/review") return [call("review.session")];
  if (path === "/performance")
    return [
      call("tests.list"),
      call("progress.sections"),
      call("readiness.readiness"),
      call("readiness.confidence"),
      call("readiness.calibration"),
      call("review.hardItems"),
    ];
  if (path === "/test") return [call("tests.availability"), call("account.studyEdition")];
  if (path === "/flashcards")
    return [call("flashcards.list", {}), call("mastery.list"), call("review.settings"), call("account.studyEdition")];
  return [];
}

/** The calls as one GET, the way tRPC's batch link sends queries. */
export function batchUrl(calls: EarlyCall[]): string {
  const inputs = Object.fromEntries(calls.flatMap((c, i) => (c.input === undefined ? [] : [[i, c.input]])));
  return `/api/trpc/${calls.map((c) => c.path).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
}

/** Each call's data, or undefined for one the answer has none for (an error, or no answer at all). */
export type EarlyAnswers = Promise<unknown[]>;

/** The first data, for the screen at `pathname`: the calls, and their answers as they come. */
export interface EarlyData {
  calls: EarlyCall[];
  answers: EarlyAnswers;
}

/** Starts the screen's calls, or returns null for a screen with none. Never rejects. */
export function fetchEarlyData(pathname: string): EarlyData | null {
  const calls = earlyCalls(pathname);
  if (calls.length === 0 || !navigator.onLine) return null;
  const answers = fetch(batchUrl(calls), { credentials: "include", headers: { accept: "application/json" } })
    .then((res) => res.json())
    .then((body: unknown) => readAnswers(body, calls.length))
    .catch(() => calls.map(() => undefined));
  return { calls, answers };
}

/** Each entry's `result.data` from a batch answer; undefined where the entry is an error. */
export function readAnswers(body: unknown, count: number): unknown[] {
  const entries = Array.isArray(body) ? body : [];
  return Array.from({ length: count }, (_, i) => {
    const entry = entries[i] as { result?: { data?: unknown } } | undefined;
    return entry?.result && "data" in entry.result ? entry.result.data : undefined;
  });
}
