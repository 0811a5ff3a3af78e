/**
 * The memory-model fitting job, off the request path: the FSRS optimizer runs on one worker thread of
 * lower priority (fit-worker.mjs), one fit at a time, and only on the server process holding the job's
 * lease (several processes share one database). It runs every FSRS_FIT_HOURS and when an admin asks
 * (POST /api/admin/review-model/fit, heard through the database's notifications).
 *
 * A run fits the union's weights on every member's reviews (up to FSRS_FIT_MAX_REVIEWS of them, whole
 * members in a fixed pseudo-random order) once there are MIN_UNION_REVIEWS, then each member's own
 * once they have MIN_MEMBER_REVIEWS: fitted on their older 80 %, kept (accepted) only when it predicts
 * their most recent 20 % better than the union's weights do. A member is refitted when their reviews
 * grew by a fifth since.
 */
import { randomUUID } from "node:crypto";
import { claimLease, type reviewModels as models, releaseLease, reviewModels } from "@jcba/api";
import type { Database } from "@jcba/db";
import {
  holdoutStart,
  MEMBER_REFIT_GROWTH,
  MIN_MEMBER_REVIEWS,
  MIN_UNION_REVIEWS,
  memberModelWins,
} from "@jcba/domain";
import Piscina from "piscina";

type LoggedReview = models.LoggedReview;
const { REVIEW_MODEL_JOB, logsOf, memberFits, reviewCounts, saveModel } = reviewModels;

const DAY_MS = 86_400_000;
/** Members read from the log at a time while gathering the union's reviews. */
const MEMBERS_PER_READ = 200;
/** How often a server looks whether a fit is due (and whether its lease ran out). */
const CHECK_MS = 60_000;
/** A run that takes longer than this lets another server take over. */
const LEASE_MS = 6 * 60 * 60_000;

export interface Histories {
  ratings: Uint8Array;
  days: Int32Array;
  times: Float64Array;
  starts: Int32Array;
}

/**
 * Reviews (by member, item and time) as the worker takes them. Days are UTC day numbers: the
 * optimizer counts whole days between reviews, and same-day reviews are its short-term ones.
 */
export function toHistories(reviews: readonly LoggedReview[]): Histories {
  const h: Histories = {
    ratings: new Uint8Array(reviews.length),
    days: new Int32Array(reviews.length),
    times: new Float64Array(reviews.length),
    starts: new Int32Array(0),
  };
  const starts: number[] = [];
  let previous = "";
  reviews.forEach((r, i) => {
    const key = `${r.userId}:${r.itemType}:${r.itemId}`;
    if (key !== previous) starts.push(i);
    previous = key;
    h.ratings[i] = r.rating;
    h.days[i] = Math.floor(r.reviewedAt / DAY_MS);
    h.times[i] = r.reviewedAt;
  });
  h.starts = Int32Array.from(starts);
  return h;
}

export interface FitResult {
  parameters: number[] | null;
  logLoss: number;
  baselineLogLoss: number;
  examples: number;
  ms: number;
}

export interface FitterOptions {
  database: Database;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  fitHours: number;
  maxUnionReviews: number;
  minUnionReviews?: number;
  minMemberReviews?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

export interface RunSummary {
  union: { reviews: number; ms: number; logLoss: number } | null;
  members: { fitted: number; accepted: number; ms: number };
}

export function createModelFitter(options: FitterOptions) {
  const { database, log } = options;
  const minUnion = options.minUnionReviews ?? MIN_UNION_REVIEWS;
  const minMember = options.minMemberReviews ?? MIN_MEMBER_REVIEWS;
  const now = options.now ?? (() => new Date());
  const holder = randomUUID();
  const pool = new Piscina({
    filename: new URL("./fit-worker.mjs", import.meta.url).href,
    // One fit at a time, on a thread the operating system serves after the request thread.
    maxThreads: 1,
    minThreads: 0,
    idleTimeout: 30_000,
    niceIncrement: 10,
    execArgv: [],
  });
  const fit = (h: Histories, splitAt: number | null, baseline: number[] | null) =>
    pool.run({ ...h, splitAt, baseline }, { name: "fit" }) as Promise<FitResult>;

  async function fitUnion(counts: Map<number, number>) {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    if (total < minUnion) return null;
    // Whole members in a fixed pseudo-random order until the cap: a sample that does not favour the oldest accounts.
    const order = [...counts.keys()].sort((a, b) => scramble(a) - scramble(b));
    const chosen: number[] = [];
    let reviews = 0;
    for (const id of order) {
      if (reviews >= options.maxUnionReviews) break;
      chosen.push(id);
      reviews += counts.get(id)!;
    }
    const logs: LoggedReview[] = [];
    for (let i = 0; i < chosen.length; i += MEMBERS_PER_READ) {
      for (const r of await logsOf(database, chosen.slice(i, i + MEMBERS_PER_READ))) logs.push(r);
    }
    const result = await fit(toHistories(logs), null, null);
    if (!result.parameters) return null;
    await saveModel(database, {
      userId: null,
      parameters: result.parameters,
      reviews: logs.length,
      logLoss: result.logLoss,
      baselineLogLoss: null,
      accepted: true,
      fittedAt: now(),
      fitMs: result.ms,
    });
    log.info(
      { reviews: logs.length, members: chosen.length, ms: Math.round(result.ms), logLoss: result.logLoss },
      "union memory model fitted",
    );
    return { parameters: result.parameters, reviews: logs.length, ms: result.ms, logLoss: result.logLoss };
  }

  /** Fits one member's own weights and keeps them only when they beat `baseline` on the member's recent reviews. */
  async function fitMember(userId: number, baseline: number[] | null) {
    const logs = await logsOf(database, [userId]);
    const byTime = logs.map((r) => r.reviewedAt).sort((a, b) => a - b);
    const splitAt = byTime[holdoutStart(byTime.length)]!;
    const result = await fit(toHistories(logs), splitAt, baseline);
    if (!result.parameters) return null;
    const accepted = memberModelWins(result.logLoss, result.baselineLogLoss);
    await saveModel(database, {
      userId,
      parameters: result.parameters,
      reviews: logs.length,
      logLoss: Number.isFinite(result.logLoss) ? result.logLoss : 0,
      baselineLogLoss: Number.isFinite(result.baselineLogLoss) ? result.baselineLogLoss : null,
      accepted,
      fittedAt: now(),
      fitMs: result.ms,
    });
    return { accepted, ms: result.ms };
  }

  /** One run: the union's weights, then members' own. */
  async function runFits(): Promise<RunSummary> {
    const counts = await reviewCounts(database);
    const union = await fitUnion(counts);
    const baseline = union?.parameters ?? (await reviewModels.unionParameters(database));
    const fitted = await memberFits(database);
    const members = { fitted: 0, accepted: 0, ms: 0 };
    for (const [userId, n] of counts) {
      if (n < minMember) continue;
      const before = fitted.get(userId);
      if (before !== undefined && n < before * (1 + MEMBER_REFIT_GROWTH)) continue;
      const outcome = await fitMember(userId, baseline);
      if (!outcome) continue;
      members.fitted++;
      if (outcome.accepted) members.accepted++;
      members.ms += outcome.ms;
    }
    if (members.fitted > 0) log.info({ ...members, ms: Math.round(members.ms) }, "members' memory models fitted");
    return { union: union && { reviews: union.reviews, ms: union.ms, logLoss: union.logLoss }, members };
  }

  let running: Promise<RunSummary | null> | null = null;
  /** Runs the job when it is due (or `force`) and this server holds its lease; null when it did not run. */
  function tick(force = false): Promise<RunSummary | null> {
    running ??= (async () => {
      const lease = await claimLease(database, REVIEW_MODEL_JOB, holder, LEASE_MS);
      if (!lease) return null;
      const started = now();
      const due =
        force ||
        lease.requestedAt !== null ||
        lease.lastRunAt === null ||
        started.getTime() - lease.lastRunAt.getTime() >= options.fitHours * 3_600_000;
      if (!due) {
        await releaseLease(database, REVIEW_MODEL_JOB, holder);
        return null;
      }
      try {
        const summary = await runFits();
        await releaseLease(database, REVIEW_MODEL_JOB, holder, started);
        return summary;
      } catch (e) {
        await releaseLease(database, REVIEW_MODEL_JOB, holder).catch(() => {});
        throw e;
      }
    })().finally(() => {
      running = null;
    });
    return running;
  }

  let timer: NodeJS.Timeout | null = null;
  const safeTick = () =>
    void tick().catch((e: Error) => log.warn({ err: e.message }, "memory model fit failed; tried again later"));
  return {
    tick,
    /** Checks every minute, and at once when an admin asks. */
    async start() {
      timer = setInterval(safeTick, CHECK_MS);
      timer.unref();
      await database.listen(`job:${REVIEW_MODEL_JOB}`, safeTick);
      safeTick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
      await pool.destroy();
    },
  };
}

/** A fixed pseudo-random order of member ids (a multiplicative hash). */
const scramble = (id: number) => Math.imul(id, 0x9e3779b1) >>> 0;
