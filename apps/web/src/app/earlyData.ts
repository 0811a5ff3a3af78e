import type { QueryClient, QueryFunction, QueryKey } from "@tanstack/react-query";

/**
 * A member screen's first data, asked for by the first script (src/entry.ts) beside the session check,
 * while the app's code downloads, rather than by the screen's loader once that code has run: on a slow
 * phone the app takes seconds to download and start, and the data's round trip then came after it.
 * The app puts each answer in its cache under the loader's own query (`seedEarlyData`), so the loader
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
  const study = /^\/study\/([1-9]\d?)$/.exec(path);
  if (study)
    return [
      call("questions.list", { section: Number(study[1]) }),
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

/** What a screen's loader calls on a procedure: `trpc.questions.list.queryOptions(input)`. */
type QueryOptionsOf = (input?: unknown) => { queryKey: QueryKey; queryFn?: QueryFunction<unknown> };

/**
 * Puts each early call in the cache as the loader's own query, under way until its answer comes: the
 * loader's prefetch then joins it instead of asking again. A call the early answer has no data for
 * (an error, a lost connection) is asked for again the usual way, so its error, a 401 among them,
 * reaches the app as it would have.
 */
export function seedEarlyData(queryClient: QueryClient, trpc: object, early: EarlyData) {
  early.calls.forEach(({ path, input }, i) => {
    // The options proxy by path ("questions.list" → trpc.questions.list): the path comes from the
    // list above, and a wrong one fails here, at once, in the unit test and the e2e run.
    const procedure = path
      .split(".")
      .reduce<Record<string, unknown>>((o, k) => o[k] as Record<string, unknown>, trpc as Record<string, unknown>);
    const options = (procedure.queryOptions as QueryOptionsOf)(input);
    void queryClient.prefetchQuery({
      ...options,
      queryFn: async (context) => {
        const data = (await early.answers)[i];
        if (data !== undefined) return data;
        if (!options.queryFn) throw new Error(`${path}: no query function`);
        return options.queryFn(context);
      },
    });
  });
}
