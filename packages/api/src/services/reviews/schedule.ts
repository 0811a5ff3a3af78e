/**
 * The one owner of spaced-repetition reviews. Every review (a flashcard rated, a question answered,
 * a rating in the Review screen) is logged once per id and moves the item's FSRS schedule, inside the
 * caller's transaction.
 */

import { flashcardMastery, type Transaction } from "@jcba/db";
import {
  type Confidence,
  DEFAULT_RETENTION,
  REVIEW_STATE_NAMES,
  type ReviewItemType,
  type ReviewRating,
  type ReviewSchedule,
  type ReviewStateCode,
  type ReviewStateName,
} from "@jcba/domain";
import { scheduleReview } from "@jcba/domain/schedule";
import { TRPCError } from "@trpc/server";
import { and, eq, lte, type SQL, sql } from "drizzle-orm";
import { toIso } from "../rows.ts";

export interface ReviewInput {
  /** Chosen by the client (or the answer's id): a retry with the same id is logged once. */
  id: string;
  userId: number;
  itemType: ReviewItemType;
  itemId: number;
  /** The version of the item reviewed; when left out, its latest version (read in the same statement). */
  itemVersion?: number;
  rating: ReviewRating;
  reviewedAt: Date;
  /** How sure the member said they were, when they said. */
  confidence?: Confidence | null;
}

export interface ReviewOutcome {
  itemType: ReviewItemType;
  itemId: number;
  due: string;
  state: ReviewStateName;
  stability: number;
  difficulty: number;
  /** False when this id was logged before (a retry): nothing was written this time. */
  inserted: boolean;
}

/** An item's stored schedule as raw SQL returns it. */
export interface ItemRow {
  due: string | Date;
  stability: number;
  difficulty: number;
  state: number;
  reps: number;
  lapses: number;
  learning_steps: number;
  scheduled_days: number;
  last_review: string | Date;
}

interface LogRow {
  user_id: number;
  item_type: ReviewItemType;
  item_id: number;
  due: string | Date;
  stability: number;
  difficulty: number;
  state: number;
}

const asDate = (d: string | Date) => (d instanceof Date ? d : new Date(d));
/** The weights of the memory model that schedules a member: their own when accepted, else the union's. */
export const modelParametersOf = (userId: SQL) =>
  sql`COALESCE((SELECT parameters FROM review_models WHERE scope = 'member:' || ${userId} AND accepted),
    (SELECT parameters FROM review_models WHERE scope = 'union'))`;
/** jsonb arrives parsed from postgres and as text from some drivers' nested rows. */
export const parsedParameters = (p: unknown): number[] | null =>
  Array.isArray(p) ? (p as number[]) : typeof p === "string" ? (JSON.parse(p) as number[]) : null;

/** Logs one review and, unless it is older than the item's last review, moves the item's schedule. */
export async function recordReview(tx: Transaction, input: ReviewInput): Promise<ReviewOutcome> {
  const [outcome] = await recordReviews(tx, [input]);
  return outcome!;
}

/**
 * An item's stored schedule (all null when it has none yet), its member's desired retention, and the
 * memory model that schedules the member (their own when accepted, else the union's; null: defaults).
 */
export type PriorItem = Partial<ItemRow> & { retention: number | null; parameters: number[] | null };

export const reviewKey = (r: { userId: number; itemType: string; itemId: number }) =>
  `${r.userId}:${r.itemType}:${r.itemId}`;

/** Orders reviews the way their items are locked: by member, type and item. */
const byItemKey = (
  a: { userId: number; itemType: string; itemId: number },
  b: { userId: number; itemType: string; itemId: number },
) => a.userId - b.userId || a.itemType.localeCompare(b.itemType) || a.itemId - b.itemId;

/**
 * Logs several reviews of distinct items (of one member or several) and moves their schedules, in two
 * round trips whatever their number. Outcomes come back in the order given.
 */
export async function recordReviews(tx: Transaction, inputs: ReviewInput[]): Promise<ReviewOutcome[]> {
  if (inputs.length === 0) return [];
  return writeReviews(tx, inputs, await readPriors(tx, inputs));
}

/**
 * Reads and locks the items' schedules, by reviewKey. Items are locked in one fixed order (member,
 * type, item), so two writers never wait on each other in a circle; two reviews of one item in
 * parallel apply one after the other.
 */
export async function readPriors(
  tx: Transaction,
  items: { userId: number; itemType: string; itemId: number }[],
): Promise<Map<string, PriorItem>> {
  const keys = JSON.stringify(
    [...items]
      .sort(byItemKey)
      .map((item) => ({ user_id: item.userId, item_type: item.itemType, item_id: item.itemId })),
  );
  const found = await tx.rows<PriorItem & { user_id: number; item_type: string; item_id: number }>(sql`
    SELECT k.user_id, k.item_type, k.item_id,
           (SELECT desired_retention FROM member_settings WHERE user_id = k.user_id) AS retention,
           ${modelParametersOf(sql`k.user_id`)} AS parameters, i.*
    FROM jsonb_to_recordset(${keys}::jsonb) AS k(user_id int, item_type text, item_id int)
    LEFT JOIN LATERAL (
      SELECT due, stability, difficulty, state, reps, lapses, learning_steps, scheduled_days, last_review
      FROM review_items WHERE user_id = k.user_id AND item_type = k.item_type AND item_id = k.item_id
      FOR UPDATE
    ) AS i ON true`);
  return new Map(
    found.map((row) => [reviewKey({ userId: row.user_id, itemType: row.item_type, itemId: row.item_id }), row]),
  );
}

/**
 * The second half of recordReviews, for a caller that has already read (and locked) the items: moves
 * each schedule from its prior state (`priors`, by reviewKey) and logs each review once per id, in one
 * statement.
 */
export async function writeReviews(
  tx: Transaction,
  inputs: ReviewInput[],
  priors: Map<string, PriorItem>,
): Promise<ReviewOutcome[]> {
  if (inputs.length === 0) return [];
  if (new Set(inputs.map(reviewKey)).size !== inputs.length)
    throw new Error("writeReviews: at most one review per item per call.");
  if (new Set(inputs.map((r) => r.id)).size !== inputs.length)
    throw new TRPCError({ code: "CONFLICT", message: "That review id was already used for another review." });
  const planned = inputs.map((input) => {
    const row = priors.get(reviewKey(input));
    const prior = row?.last_review ? (row as ItemRow) : undefined;
    const previous: ReviewSchedule | null = prior
      ? {
          due: asDate(prior.due),
          stability: Number(prior.stability),
          difficulty: Number(prior.difficulty),
          state: prior.state as ReviewStateCode,
          reps: prior.reps,
          lapses: prior.lapses,
          learningSteps: prior.learning_steps,
          scheduledDays: prior.scheduled_days,
          lastReview: asDate(prior.last_review),
        }
      : null;
    const { schedule, applied } = scheduleReview(
      previous,
      input.rating,
      input.reviewedAt,
      Number(row?.retention ?? DEFAULT_RETENTION),
      parsedParameters(row?.parameters),
    );
    return { input, previous, schedule, applied };
  });

  // One statement: log each review (once per id) and, for each that was new and moves the schedule,
  // store the item's new state. All CTEs see the snapshot from before it, so `first` is a retry's
  // earlier review (looked up for retries only).
  const values = sql.join(
    planned.map(
      ({ input, previous, schedule, applied }) => sql`(${input.id}::uuid, ${input.userId}::int, ${input.itemType}::text,
        ${input.itemId}::int, ${input.itemVersion ?? null}::int, ${input.rating}::smallint, ${input.reviewedAt.toISOString()}::timestamptz, ${applied}::boolean,
        ${previous === null}::boolean, ${schedule.due.toISOString()}::timestamptz, ${schedule.stability}::float8,
        ${schedule.difficulty}::float8, ${schedule.state}::smallint, ${schedule.reps}::int, ${schedule.lapses}::int,
        ${schedule.learningSteps}::int, ${schedule.scheduledDays}::int, ${schedule.lastReview.toISOString()}::timestamptz,
        ${input.confidence ?? null}::text)`,
    ),
    sql`, `,
  );
  const written = await tx.rows<{ id: string; inserted: boolean; first: LogRow | null }>(sql`
    WITH input (id, user_id, item_type, item_id, item_version, rating, reviewed_at, applied, is_new, due, stability, difficulty, state,
                reps, lapses, learning_steps, scheduled_days, last_review, confidence) AS (VALUES ${values}),
    logged AS (
      INSERT INTO review_log (id, user_id, item_type, item_id, item_version, rating, reviewed_at, applied, is_new, due, stability, difficulty, state, confidence)
      SELECT id, user_id, item_type, item_id,
        -- An answer names the version it graded; a rating takes the item's latest (COALESCE reads it only then).
        COALESCE(item_version, CASE item_type WHEN 'question' THEN (SELECT version FROM questions WHERE questions.id = item_id)
                                              ELSE (SELECT version FROM flashcards WHERE flashcards.id = item_id) END),
        rating, reviewed_at, applied, is_new, due, stability, difficulty, state, confidence
      FROM input ORDER BY id
      ON CONFLICT (id) DO NOTHING RETURNING id
    ), moved AS (
      INSERT INTO review_items (user_id, item_type, item_id, due, stability, difficulty, state, reps, lapses, learning_steps, scheduled_days, last_review)
      SELECT user_id, item_type, item_id, due, stability, difficulty, state, reps, lapses, learning_steps, scheduled_days, last_review
      FROM input WHERE applied AND id IN (SELECT id FROM logged)
      ORDER BY user_id, item_type, item_id
      ON CONFLICT (user_id, item_type, item_id) DO UPDATE SET
        due = EXCLUDED.due, stability = EXCLUDED.stability, difficulty = EXCLUDED.difficulty, state = EXCLUDED.state,
        reps = EXCLUDED.reps, lapses = EXCLUDED.lapses, learning_steps = EXCLUDED.learning_steps,
        scheduled_days = EXCLUDED.scheduled_days, last_review = EXCLUDED.last_review
      WHERE review_items.last_review <= EXCLUDED.last_review
    )
    SELECT i.id, n.id IS NOT NULL AS inserted,
      CASE WHEN n.id IS NULL THEN (SELECT row_to_json(l) FROM (SELECT user_id, item_type, item_id, due, stability, difficulty, state FROM review_log WHERE id = i.id) l) END AS first
    FROM input i LEFT JOIN logged n USING (id)`);
  const byId = new Map(written.map((w) => [w.id, w]));

  // Retries: the first review with the id stands, and the answer is what it produced. (One stored by a
  // concurrent request that committed after this statement's snapshot is read now.)
  const lateIds = planned.filter(({ input }) => {
    const w = byId.get(input.id);
    return !w?.inserted && !w?.first;
  });
  const late = new Map<string, LogRow>();
  if (lateIds.length > 0) {
    const ids = sql.join(
      lateIds.map(({ input }) => sql`${input.id}::uuid`),
      sql`, `,
    );
    const rows = await tx.rows<LogRow & { id: string }>(
      sql`SELECT id, user_id, item_type, item_id, due, stability, difficulty, state FROM review_log WHERE id IN (${ids})`,
    );
    for (const row of rows) late.set(row.id, row);
  }

  return planned.map(({ input, schedule }): ReviewOutcome => {
    const w = byId.get(input.id);
    if (w?.inserted)
      return {
        itemType: input.itemType,
        itemId: input.itemId,
        due: schedule.due.toISOString(),
        state: REVIEW_STATE_NAMES[schedule.state],
        stability: schedule.stability,
        difficulty: schedule.difficulty,
        inserted: true,
      };
    const first = w?.first ?? late.get(input.id);
    if (
      !first ||
      first.user_id !== input.userId ||
      first.item_type !== input.itemType ||
      first.item_id !== input.itemId
    )
      throw new TRPCError({ code: "CONFLICT", message: "That review id was already used for another review." });
    return {
      itemType: input.itemType,
      itemId: input.itemId,
      due: toIso(first.due),
      state: REVIEW_STATE_NAMES[first.state as ReviewStateCode],
      stability: Number(first.stability),
      difficulty: Number(first.difficulty),
      inserted: false,
    };
  });
}

/**
 * Stores a flashcard's mastery record; the newest write wins, whatever order the database runs them
 * in (two quick flips of one card can be executed out of order under load). Returns the value kept.
 */
export async function saveMastery(
  tx: Transaction,
  userId: number,
  flashcardId: number,
  mastered: boolean,
  at: Date,
): Promise<{ flashcardId: number; mastered: boolean }> {
  const written = await tx.db
    .insert(flashcardMastery)
    .values({ userId, flashcardId, mastered, updatedAt: at })
    .onConflictDoUpdate({
      target: [flashcardMastery.userId, flashcardMastery.flashcardId],
      set: { mastered, updatedAt: at },
      setWhere: lte(flashcardMastery.updatedAt, at),
    })
    .returning({ flashcardId: flashcardMastery.flashcardId, mastered: flashcardMastery.mastered });
  if (written[0]) return written[0];
  const [kept] = await tx.db
    .select({ flashcardId: flashcardMastery.flashcardId, mastered: flashcardMastery.mastered })
    .from(flashcardMastery)
    .where(and(eq(flashcardMastery.userId, userId), eq(flashcardMastery.flashcardId, flashcardId)));
  return kept ?? { flashcardId, mastered };
}
