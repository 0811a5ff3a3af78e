/**
 * The union-scale load: N members, each signed up and signed in through the real sign-up route,
 * study for BENCH_SECONDS with think time between steps — read a section's questions, answer a
 * question, flip a flashcard mastered or back (sometimes at once changing their mind), read their
 * progress. The server is the real start path (dist/main.js, as `start`
 * runs it) in its own process, on a new embedded PGlite DATA_DIR or on a
 * throwaway PostgreSQL. Everything targets 127.0.0.1 and is bounded in time.
 *
 * At the end each member's stored mastery is compared with the last value the server acknowledged
 * (of the member's latest acknowledged request for that card).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { getPriority, loadavg, setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createDatabase } from "@jcba/db";
import { startTestPostgres } from "@jcba/db/test-postgres";
import { sql } from "drizzle-orm";
import { startServer } from "./server.ts";

const SLOW_MS = 2_000;
/** A request still unanswered after this counts as an error (and is abandoned). */
const REQUEST_TIMEOUT_MS = 30_000;

type Kind = "questions" | "answer" | "mastery" | "progress";
const KINDS: Kind[] = ["questions", "answer", "mastery", "progress"];

interface Stats {
  latencies: Record<Kind, number[]>;
  errors: Record<Kind, number>;
  errorSamples: string[];
  /** Requests refused with 503 because the server was past capacity (not errors: the client tries later). */
  busy: number;
  /** Other 5xx answers (target 0). */
  serverErrors: number;
}

/** Every benchmark member signs up from 127.0.0.1: lift the per-address sign-up limit. */
const LOAD_ENV = { LOG_LEVEL: "warn", SIGNUP_LIMIT: "100000" };
/** The server's own view (its event-loop delay, its answers' times by status), scraped from /metrics. */
const METRICS_TOKEN = "bench-metrics-token-0123456789";

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

/** The server's /metrics as sample lines: name, labels, value. */
async function scrape(url: string) {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) return [];
  return (await res.text())
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      const labels = Object.fromEntries([...(m?.[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1]!, l[2]!]));
      return { name: m?.[1] ?? "", labels, value: Number(m?.[3]) };
    });
}

/**
 * What the server saw: its event loop's delay since the previous scrape (prom-client resets it at each
 * scrape) and, from `http_request_duration_seconds`, the time from the server reading a request to
 * its answer, for the 503s and for the rest: the upper bound of the bucket holding the 50th and 99th
 * percentiles.
 */
function serverView(samples: Awaited<ReturnType<typeof scrape>>) {
  const value = (name: string) => samples.find((s) => s.name === name)?.value ?? 0;
  const buckets = (refused: boolean) => {
    const byLe = new Map<string, number>();
    for (const s of samples)
      if (s.name === "http_request_duration_seconds_bucket" && (s.labels.status_code === "503") === refused)
        byLe.set(s.labels.le!, (byLe.get(s.labels.le!) ?? 0) + s.value);
    const sorted = [...byLe].sort((a, b) => Number(a[0]) - Number(b[0]));
    const total = sorted.at(-1)?.[1] ?? 0;
    const at = (p: number) => sorted.find(([, n]) => n >= p * total)?.[0] ?? "-";
    return `${total} answers, p50 ≤ ${at(0.5)} s, p99 ≤ ${at(0.99)} s`;
  };
  const ms = (name: string) => Math.round(value(name) * 1000);
  return `server: 503s from the cap on requests in flight ${value("jcba_admission_refused_total")} (the rest from the database-wait or event-loop guard); event-loop delay p50 ${ms("nodejs_eventloop_lag_p50_seconds")} ms, p99 ${ms("nodejs_eventloop_lag_p99_seconds")} ms, max ${ms("nodejs_eventloop_lag_max_seconds")} ms; read to answered, 503s: ${buckets(true)}; the rest: ${buckets(false)}`;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signs a member up, then in (sign-up answers alike for new and taken addresses, so it signs nobody in). */
async function signUp(url: string, i: number): Promise<string> {
  const account = { email: `load${i}-${Date.now()}@test.local`, password: "load-password-1" };
  const json = { "content-type": "application/json" };
  const registered = await fetch(`${url}/api/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ ...account, firstName: "Load", lastName: `Member ${i}` }),
  });
  if (!registered.ok) throw new Error(`sign-up failed: ${registered.status} ${await registered.text()}`);
  const res = await fetch(`${url}/api/login`, { method: "POST", headers: json, body: JSON.stringify(account) });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("jcba_session="));
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookie.split(";")[0]!;
}

/**
 * Runs the load against one server and prints its report; resolves with the ids of the answers the
 * server acknowledged, for the caller to look up once the server has stopped.
 */
async function loadOnce(label: string, url: string, members: number, seconds: number, thinkMs: number) {
  // Sign everyone up first (argon2 hashing), a few at a time, outside the measured window.
  const cookies: string[] = [];
  for (let i = 0; i < members; i += 4) {
    const batch = await Promise.all(Array.from({ length: Math.min(4, members - i) }, (_, k) => signUp(url, i + k)));
    cookies.push(...batch);
  }
  const first = { headers: { cookie: cookies[0]! } };
  const questions = (await (await fetch(`${url}/api/questions`, first)).json()) as {
    id: number;
    sectionNumber: number;
    correctAnswer: string;
  }[];
  const cards = (await (await fetch(`${url}/api/flashcards`, first)).json()) as { id: number }[];
  const sections = [...new Set(questions.map((q) => q.sectionNumber))];

  const stats: Stats = {
    latencies: { questions: [], answer: [], mastery: [], progress: [] },
    errors: { questions: 0, answer: 0, mastery: 0, progress: 0 },
    errorSamples: [],
    busy: 0,
    serverErrors: 0,
  };
  /** Admitted requests' latencies (all but the 503s for overload). */
  const admitted: number[] = [];
  /** The 503s' latencies: how long a member waited to hear the server is busy. */
  const refused: number[] = [];
  /** Admitted requests sent after the first third of the run, once a burst at the start has been served. */
  const admittedLater: number[] = [];
  let later = Number.POSITIVE_INFINITY;
  const acknowledgedAnswers: string[] = [];
  /** Per member and card: the value of the latest request the member sent that the server acknowledged. */
  const acknowledged = cookies.map(() => new Map<number, { seq: number; mastered: boolean }>());
  let seq = 0;

  async function request(kind: Kind, cookie: string, path: string, body?: unknown): Promise<string | null> {
    const started = performance.now();
    try {
      const res = await fetch(`${url}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: body === undefined ? { cookie } : { cookie, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      stats.latencies[kind].push(ms);
      if (res.status === 503) {
        stats.busy++;
        refused.push(ms);
        return null;
      }
      admitted.push(ms);
      if (started >= later) admittedLater.push(ms);
      if (res.status >= 500) stats.serverErrors++;
      if (!res.ok) {
        stats.errors[kind]++;
        if (stats.errorSamples.length < 5) stats.errorSamples.push(`${kind} ${res.status}`);
        return null;
      }
      return text;
    } catch (e) {
      stats.latencies[kind].push(performance.now() - started);
      stats.errors[kind]++;
      if (stats.errorSamples.length < 5) stats.errorSamples.push(`${kind} ${(e as Error).message}`);
      return null;
    }
  }

  // The generator's own event-loop delay: a request waits in it before it is sent and after its answer
  // has arrived, which the latencies below include.
  const generatorDelay = monitorEventLoopDelay({ resolution: 20 });
  await scrape(url); // starts the server's event-loop delay afresh
  const loadBefore = loadAverage();
  // BENCH_GENERATOR_NICE: the load generator (this process, after the server has started) yields the
  // cores to the server, as a generator on another machine would.
  const niceBefore = getPriority();
  if (process.env.BENCH_GENERATOR_NICE) setPriority(Number(process.env.BENCH_GENERATOR_NICE));
  generatorDelay.enable();
  const deadline = performance.now() + seconds * 1000;
  later = performance.now() + (seconds * 1000) / 3;
  async function member(m: number) {
    const cookie = cookies[m]!;
    const acks = acknowledged[m]!;
    const sentMastery = new Map<number, boolean>();
    const master = async (cardId: number, mastered: boolean) => {
      const sent = ++seq;
      sentMastery.set(cardId, mastered);
      const body = await request("mastery", cookie, "/api/flashcard-mastery", { flashcardId: cardId, mastered });
      const previous = acks.get(cardId);
      if (body !== null && (!previous || previous.seq < sent)) acks.set(cardId, { seq: sent, mastered });
    };
    // Members start spread over the first think time, not all in the same millisecond.
    await sleep(Math.random() * thinkMs * 2);
    let section = pick(sections);
    while (performance.now() < deadline) {
      const roll = Math.random();
      if (roll < 0.2) {
        section = pick(sections);
        await request("questions", cookie, `/api/questions?section=${section}`);
      } else if (roll < 0.6) {
        const q = pick(questions.filter((x) => x.sectionNumber === section));
        const id = crypto.randomUUID();
        const body = await request("answer", cookie, "/api/progress/question-attempt", {
          id,
          questionId: q.id,
          userAnswer: Math.random() < 0.7 ? q.correctAnswer : "wrong",
        });
        if (body !== null) acknowledgedAnswers.push(id);
      } else if (roll < 0.85) {
        const card = pick(cards).id;
        const next = !(sentMastery.get(card) ?? false);
        await master(card, next);
        // A change of mind: flipped back as soon as the first is saved.
        if (Math.random() < 0.2) await master(card, !next);
      } else {
        await request("progress", cookie, "/api/progress/section");
      }
      // No think time: the next request at once, yielding to the other members first.
      await sleep(thinkMs > 0 ? thinkMs * (0.5 + Math.random()) : 0);
    }
  }
  const t0 = performance.now();
  await Promise.all(cookies.map((_, m) => member(m)));
  const elapsed = (performance.now() - t0) / 1000;
  generatorDelay.disable();
  if (process.env.BENCH_GENERATOR_NICE) setPriority(niceBefore);
  const seenByServer = serverView(await scrape(url));
  const loadAfter = loadAverage();

  // What stayed, against what each member was last told.
  let differing = 0;
  let checked = 0;
  for (const [m, cookie] of cookies.entries()) {
    const rows = (await (await fetch(`${url}/api/flashcard-mastery`, { headers: { cookie } })).json()) as {
      flashcardId: number;
      mastered: boolean;
    }[];
    const stored = new Map(rows.map((r) => [r.flashcardId, r.mastered]));
    for (const [card, ack] of acknowledged[m]!) {
      checked++;
      if (stored.get(card) !== ack.mastered) differing++;
    }
  }

  const all = KINDS.flatMap((k) => stats.latencies[k]);
  const errors = KINDS.reduce((n, k) => n + stats.errors[k], 0);
  const slow = all.filter((ms) => ms > SLOW_MS).length;
  const pct = (list: number[], p: number) => {
    if (list.length === 0) return 0;
    const sorted = [...list].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
  };
  console.log(
    `\nLoad on ${label}: ${members} members studying for ${seconds} s (think time ~${thinkMs} ms), ${Math.round(elapsed)} s with the last answers`,
  );
  console.log(
    `  requests ${all.length} (${Math.round(all.length / elapsed)}/s), errors ${errors}, answers over ${SLOW_MS / 1000} s: ${slow} (target 0)`,
  );
  for (const kind of KINDS) {
    const list = stats.latencies[kind];
    console.log(
      `  ${kind.padEnd(9)} ${String(list.length).padStart(6)} requests, p50 ${pct(list, 50)} ms, p95 ${pct(list, 95)} ms, p99 ${pct(list, 99)} ms, max ${pct(list, 100)} ms, errors ${stats.errors[kind]}`,
    );
  }
  console.log(`  mastery values different from the last acknowledged: ${differing} of ${checked} (target 0)`);
  console.log(
    `  past capacity: ${stats.busy} answered 503 (${((100 * stats.busy) / Math.max(1, all.length)).toFixed(1)}%), other 5xx ${stats.serverErrors} (target 0); admitted requests p50 ${pct(admitted, 50)} ms, p99 ${pct(admitted, 99)} ms; 503s p50 ${pct(refused, 50)} ms, p99 ${pct(refused, 99)} ms; admitted after the first third p50 ${pct(admittedLater, 50)} ms, p99 ${pct(admittedLater, 99)} ms`,
  );
  const delayMs = (p: number) => Math.round(generatorDelay.percentile(p) / 1e6);
  console.log(
    `  load generator's event-loop delay p50 ${delayMs(50)} ms, p99 ${delayMs(99)} ms, max ${Math.round(generatorDelay.max / 1e6)} ms; ${seenByServer}`,
  );
  console.log(`  load average (1, 5, 15 min) before ${loadBefore}, after ${loadAfter}`);
  if (stats.errorSamples.length) console.log(`  first errors: ${stats.errorSamples.join("; ")}`);
  return acknowledgedAnswers;
}

/** How many of the acknowledged answers the database holds (target: all of them). */
async function storedOf(location: { databaseUrl?: string; dataDir?: string }, ids: string[]) {
  const database = await createDatabase({ ...location, maxConnections: 2 });
  try {
    let stored = 0;
    for (let i = 0; i < ids.length; i += 5_000) {
      const chunk = sql.join(
        ids.slice(i, i + 5_000).map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const [row] = await database.rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM question_attempts WHERE id IN (${chunk})`,
      );
      stored += row?.n ?? 0;
    }
    console.log(`  acknowledged answers stored: ${stored} of ${ids.length} (target all)`);
  } finally {
    await database.close();
  }
}

/**
 * `bench load [pglite|postgres]`: both by default. BENCH_MEMBERS (200), BENCH_SECONDS (60), BENCH_THINK_MS (400).
 * `bench overload [pglite|postgres]`: past capacity, 1,000 members with no think time for at most 60 s
 * (the same knobs), reporting the share of 503s and the admitted requests' p99.
 * Both report the load generator's and the server's event-loop delay and the server's own answer times
 * (from /metrics) beside the members' latencies, and the load average; BENCH_GENERATOR_NICE (e.g. 19)
 * runs the generator at that niceness while it sends, so that the server gets the cores first.
 */
export async function load(only?: string, overload = false) {
  const members = Number(process.env.BENCH_MEMBERS ?? (overload ? 1000 : 200));
  const seconds = Math.min(Number(process.env.BENCH_SECONDS ?? 60), overload ? 60 : Number.POSITIVE_INFINITY);
  const thinkMs = Number(process.env.BENCH_THINK_MS ?? (overload ? 0 : 400));
  const env = { ...LOAD_ENV, METRICS_TOKEN };
  if (only !== "postgres") {
    const dir = mkdtempSync(join(tmpdir(), "jcba-load-"));
    const server = await startServer({ ...env, DATA_DIR: dir });
    try {
      const acknowledged = await loadOnce("the embedded PGlite database", server.url, members, seconds, thinkMs);
      await server.stop();
      await storedOf({ dataDir: dir }, acknowledged);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (only !== "pglite") {
    const pg = await startTestPostgres();
    try {
      const server = await startServer({ ...env, DATABASE_URL: pg.url });
      try {
        const acknowledged = await loadOnce("PostgreSQL 15", server.url, members, seconds, thinkMs);
        await server.stop();
        await storedOf({ databaseUrl: pg.url }, acknowledged);
      } finally {
        await server.stop();
      }
    } finally {
      pg.stop();
    }
  }
}
