/**
 * Readiness (how much of the bank a member would recall today, or on a later day) and calibration
 * (how the recall predicted before each review compared with what the member then recalled). The
 * rules are @jcba/domain's; this file reads what they need.
 */

import type { Database } from "@jcba/db";
import {
  type CalibrationBinSums,
  calibrationBins,
  DEFAULT_RETENTION,
  getOrInsertComputed,
  localDate,
  MIN_CALIBRATION_REVIEWS,
  type ReadinessBase,
  type ReadinessQuestion,
  readinessBase,
  readinessFromRecalls,
} from "@jcba/domain";
import { forgettingCurveConstants, keptRecallAtTime, recallAtTime } from "@jcba/domain/recall";
import { TRPCError } from "@trpc/server";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import { bankFirstAnswersOf, type Tallies } from "../analysis/item-analysis.ts";
import { studyBank } from "../editions/member-edition.ts";
import type { calibration, readiness } from "./schemas.ts";

type Reader = Pick<Context, "database" | "content"> & Partial<Pick<Context, "user">>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead a forecast may look. */
export const MAX_FORECAST_DAYS = 3 * 366;

/**
 * The instant a forecast is for: `date` at the present time of day in the member's time zone, so the
 * forecast for today is today's figure and each later day is whole days later. Refuses a day before
 * today or more than MAX_FORECAST_DAYS ahead.
 */
export function forecastInstant(date: string, timeZone: string, now: Date): Date {
  const today = localDate(timeZone, now);
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  if (days < 0) throw new TRPCError({ code: "BAD_REQUEST", message: `at must be today (${today}) or later.` });
  if (days > MAX_FORECAST_DAYS)
    throw new TRPCError({ code: "BAD_REQUEST", message: `at must be within ${MAX_FORECAST_DAYS} days of today.` });
  return new Date(now.getTime() + days * DAY_MS);
}

/** One question's schedule in a member's kept list: id, stability, state, last review (ms), difficulty, due (ms). */
const FIELDS = 6;
/** Members whose parsed schedules are kept (about 40 KB each for the whole bank). */
const KEPT_MEMBERS = 500;
/** Per database: a member's schedules as of a version of review_item_versions, most recently used last. */
const keptSchedules = new WeakMap<object, Map<number, { version: number; items: Float64Array }>>();
/** The bank's positions and unseen recalls, per bank and peers' tallies (both kept, so reused for a minute). */
const bases = new WeakMap<object, WeakMap<object, ReadinessBase>>();

function baseFor(questions: readonly ReadinessQuestion[], firstAnswers: Tallies): ReadinessBase {
  const byTallies = getOrInsertComputed(bases, questions, () => new WeakMap());
  return getOrInsertComputed(byTallies, firstAnswers, () => readinessBase(questions, firstAnswers));
}

/**
 * The member's settings and question schedules. The schedules are parsed once per change: the query
 * names the version kept, and the database sends them only when review_item_versions has moved since
 * (every write to review_items moves it, see migration 0024), so a member's repeated reads cost one
 * short row.
 */
async function memberSchedules(ctx: Reader, userId: number) {
  const kept = getOrInsertComputed(keptSchedules, ctx.database, () => new Map());
  const cached = kept.get(userId);
  // One row, the schedules as one text of comma-separated numbers (FIELDS per question, every column
  // NOT NULL): built and read in half the time of nested JSON arrays, which made readiness right after
  // a review slower than before the schedules were kept (bench readiness-member, PostgreSQL), and far
  // faster than 781 rows of timestamps parsed field by field. float8 prints its shortest exact form.
  const [row] = await ctx.database.rows<{
    timeZone: string | null;
    retention: number | null;
    version: number;
    items: string | null;
  }>(sql`
    SELECT s.time_zone AS "timeZone", s.desired_retention AS retention, coalesce(v.version, 0)::float8 AS version,
      CASE WHEN coalesce(v.version, 0) = ${cached?.version ?? -1}::float8 THEN NULL ELSE
        (SELECT coalesce(string_agg(concat_ws(',', i.item_id, i.stability, i.state,
            floor(extract(epoch FROM i.last_review) * 1000), i.difficulty, floor(extract(epoch FROM i.due) * 1000)), ','), '')
          FROM review_items i WHERE i.user_id = u.user_id AND i.item_type = 'question') END AS items
    FROM (SELECT ${userId}::int AS user_id) AS u
    LEFT JOIN member_settings s ON s.user_id = u.user_id
    LEFT JOIN review_item_versions v ON v.user_id = u.user_id`);
  let items = cached?.items;
  if (row?.items != null || !items) {
    const numbers = row?.items ? row.items.split(",") : [];
    items = new Float64Array(numbers.length);
    for (let k = 0; k < numbers.length; k++) items[k] = Number(numbers[k]);
    if (kept.size >= KEPT_MEMBERS) kept.delete(kept.keys().next().value!);
  } else kept.delete(userId);
  kept.set(userId, { version: Number(row?.version ?? 0), items });
  return { timeZone: row?.timeZone ?? "UTC", retention: Number(row?.retention ?? DEFAULT_RETENTION), items };
}

/** The member's readiness now, or forecast for the day `at` (YYYY-MM-DD) with no review in between. */
export async function readinessOf(
  ctx: Reader,
  userId: number,
  at?: string,
  now = new Date(),
  /** "kept": each item reviewed when due until then, at the member's retention. */
  reviews: "none" | "kept" = "none",
): Promise<z.infer<typeof readiness>> {
  // Readiness over the items true for the member's edition.
  const [{ bank: snapshot }, member] = await Promise.all([studyBank(ctx), memberSchedules(ctx, userId)]);
  const when = at === undefined ? now : forecastInstant(at, member.timeZone, now);
  const firstAnswers = await bankFirstAnswersOf(ctx.database, questionIdsBySection(snapshot));
  const base = baseFor(snapshot.questions, firstAnswers);
  const { items } = member;
  const end = when.getTime();
  const recall = new Float64Array(snapshot.questions.length).fill(Number.NaN);
  const kept = reviews === "kept" ? keptRecallAtTime(member.retention) : null;
  for (let k = 0; k < items.length; k += FIELDS) {
    const position = base.position.get(items[k]!);
    if (position === undefined) continue;
    const [stability, state, lastReview, difficulty, due] = [
      items[k + 1]!,
      items[k + 2]!,
      items[k + 3]!,
      items[k + 4]!,
      items[k + 5]!,
    ];
    recall[position] = kept
      ? kept(stability, state, lastReview, difficulty, due, end)
      : recallAtTime(stability, state, lastReview, end);
  }
  return { at: when.toISOString(), ...readinessFromRecalls(base, recall) };
}

/** The bank's question ids by section, as bankFirstAnswersOf asks for them, built once per bank. */
const idsBySection = new WeakMap<object, Map<number, number[]>>();
function questionIdsBySection(bank: { questionsBySection: ReadonlyMap<number, readonly { id: number }[]> }) {
  let ids = idsBySection.get(bank.questionsBySection);
  if (!ids) {
    ids = new Map([...bank.questionsBySection].map(([section, list]) => [section, list.map((q) => q.id)]));
    idsBySection.set(bank.questionsBySection, ids);
  }
  return ids;
}

/**
 * Calibration over the reviews whose item had been reviewed on an earlier day: the recall the item's
 * stored state predicted just before the answer (FSRS's forgetting curve, as recallAt computes it),
 * against whether it was recalled (rated Hard or better). Same-day learning steps are left out, as
 * FSRS's own evaluation does: its long-term curve makes no prediction for them. Reviews that arrived
 * late and left the schedule as it was are left out too. `userId` null: every member's reviews.
 *
 * Read from review_calibration, which a trigger on review_log keeps up to date as reviews are logged
 * (see migration 0024): ten rows a member, where the log is thousands.
 */
export async function calibrationOf(
  ctx: Pick<Context, "database">,
  userId: number | null,
  source: "kept" | "log" = "kept",
): Promise<z.infer<typeof calibration>> {
  const sums = await ctx.database.rows<CalibrationBinSums>(
    source === "kept" ? keptCalibrationSums(userId) : logCalibrationSums(userId),
  );
  return calibrationReport(userId, sums);
}

/** The same figures worked out from the whole review log: what the kept figures are checked against. */
export const calibrationFromLog = (ctx: Pick<Context, "database">, userId: number | null) =>
  calibrationOf(ctx, userId, "log");

const keptCalibrationSums = (userId: number | null) => sql`
  SELECT bin, sum(count)::int AS count, sum(predicted)::float8 AS predicted, sum(recalled)::int AS recalled
  FROM review_calibration ${userId === null ? sql`` : sql`WHERE user_id = ${userId}`} GROUP BY bin`;

/**
 * Every applied review with the recall predicted for it from the review before (FSRS's forgetting
 * curve over whole days) and whether it was recalled; `whose` narrows it to one member.
 */
function predictedReviews(whose: SQL) {
  const { decay, factor } = forgettingCurveConstants();
  return sql`
    WITH ordered AS (
      SELECT user_id, rating, reviewed_at,
        lag(stability) OVER w AS prior_stability, lag(reviewed_at) OVER w AS prior_at
      FROM review_log WHERE applied ${whose}
      WINDOW w AS (PARTITION BY user_id, item_type, item_id ORDER BY reviewed_at, id)
    )
    SELECT user_id, rating > 1 AS recalled,
      power(1 + ${factor}::float8 * floor(extract(epoch FROM reviewed_at - prior_at) / 86400) / prior_stability, ${decay}::float8) AS p
    FROM ordered
    WHERE prior_stability > 0 AND reviewed_at - prior_at >= interval '1 day'`;
}

/** Per-bin sums from the whole review log, as calibrationOf once read on every request. */
const logCalibrationSums = (userId: number | null) => sql`
  SELECT least(9, floor(p * 10))::int AS bin, count(*)::int AS count, sum(p)::float8 AS predicted,
    (count(*) FILTER (WHERE recalled))::int AS recalled
  FROM (${predictedReviews(userId === null ? sql`` : sql`AND user_id = ${userId}`)}) AS predicted GROUP BY 1`;

/**
 * Works every member's kept calibration out again from the whole log (`pnpm cli review
 * calibration-rebuild`). The trigger's figures drift by a review when two first reviews of one item
 * are logged in two transactions at once (neither sees the other's row). New reviews wait for the
 * rebuild (a share lock on review_log), so none is counted twice or lost. Answers how many bins were
 * off before it.
 */
export async function rebuildCalibration(database: Database) {
  return database.transaction(async (tx) => {
    await tx.rows(sql`LOCK TABLE review_log IN SHARE MODE`);
    await tx.rows(sql`
      CREATE TEMPORARY TABLE calibration_rebuilt (user_id integer, bin integer, count integer, predicted float8, recalled integer)
      ON COMMIT DROP`);
    await tx.rows(sql`
      INSERT INTO calibration_rebuilt
      SELECT user_id, least(9, floor(p * 10))::int AS bin, count(*)::int AS count, sum(p)::float8 AS predicted,
        (count(*) FILTER (WHERE recalled))::int AS recalled
      FROM (${predictedReviews(sql``)}) AS predicted GROUP BY 1, 2`);
    // A kept bin whose reviews all cancelled out reads as one never filled.
    const [off] = await tx.rows<{ bins: number }>(sql`
      SELECT count(*)::int AS bins
      FROM calibration_rebuilt f FULL JOIN review_calibration k USING (user_id, bin)
      WHERE coalesce(f.count, 0) <> coalesce(k.count, 0) OR coalesce(f.recalled, 0) <> coalesce(k.recalled, 0)
        OR abs(coalesce(f.predicted, 0) - coalesce(k.predicted, 0)) > 1e-9 * greatest(1, abs(f.predicted))`);
    await tx.rows(sql`DELETE FROM review_calibration`);
    await tx.rows(sql`INSERT INTO review_calibration (user_id, bin, count, predicted, recalled)
      SELECT user_id, bin, count, predicted, recalled FROM calibration_rebuilt ORDER BY 1, 2`);
    const [totals] = await tx.rows<{ members: number; reviews: number }>(sql`
      SELECT count(DISTINCT user_id)::int AS members, coalesce(sum(count), 0)::int AS reviews FROM calibration_rebuilt`);
    return { members: totals!.members, reviews: totals!.reviews, binsCorrected: off!.bins };
  });
}

const calibrationReport = (userId: number | null, sums: CalibrationBinSums[]): z.infer<typeof calibration> => ({
  scope: userId === null ? "union" : "member",
  minimumReviews: MIN_CALIBRATION_REVIEWS,
  ...calibrationBins(sums),
});
