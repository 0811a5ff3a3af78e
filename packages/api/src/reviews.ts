/**
 * The one owner of spaced-repetition reviews. Every review (a flashcard rated, a question answered,
 * a rating in the Review screen) is logged once per id and moves the item's FSRS schedule, inside the
 * caller's transaction.
 */

import { flashcardMastery, type Transaction } from "@jcba/db";
import {
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
import { and, eq, lte, sql } from "drizzle-orm";
import { toIso } from "./answers.ts";

export interface ReviewInput {
  /** Chosen by the client (or the answer's id): a retry with the same id is logged once. */
  id: string;
  userId: number;
  itemType: ReviewItemType;
  itemId: number;
  rating: ReviewRating;
  reviewedAt: Date;
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

interface ItemRow {
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

/** Logs one review and, unless it is older than the item's last review, moves the item's schedule. */
export async function recordReview(tx: Transaction, input: ReviewInput): Promise<ReviewOutcome> {
  const { id, userId, itemType, itemId, rating, reviewedAt } = input;
  // One round trip: the item, locked so that two reviews of it in parallel apply one after the other,
  // and the member's desired retention.
  const [found] = await tx.rows<Partial<ItemRow> & { retention: number | null }>(sql`
    SELECT (SELECT desired_retention FROM member_settings WHERE user_id = ${userId}) AS retention, i.*
    FROM (SELECT 1) AS one LEFT JOIN LATERAL (
      SELECT due, stability, difficulty, state, reps, lapses, learning_steps, scheduled_days, last_review
      FROM review_items WHERE user_id = ${userId} AND item_type = ${itemType} AND item_id = ${itemId}
      FOR UPDATE
    ) AS i ON true`);
  const prior = found?.last_review ? (found as ItemRow) : undefined;
  const settings = { retention: found?.retention ?? null };
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
    rating,
    reviewedAt,
    Number(settings?.retention ?? DEFAULT_RETENTION),
  );

  // One statement: log the review (once per id) and, if it was new and moves the schedule, store the
  // item's new state. All CTEs see the snapshot from before it, so `first` is a retry's earlier review.
  const [written] = await tx.rows<{ inserted: boolean; first: LogRow | null }>(sql`
    WITH logged AS (
      INSERT INTO review_log (id, user_id, item_type, item_id, rating, reviewed_at, applied, is_new, due, stability, difficulty, state)
      VALUES (${id}::uuid, ${userId}, ${itemType}, ${itemId}, ${rating}, ${reviewedAt.toISOString()}::timestamptz, ${applied},
              ${previous === null}, ${schedule.due.toISOString()}::timestamptz, ${schedule.stability}, ${schedule.difficulty},
              ${schedule.state})
      ON CONFLICT (id) DO NOTHING RETURNING id
    ), moved AS (
      INSERT INTO review_items (user_id, item_type, item_id, due, stability, difficulty, state, reps, lapses, learning_steps, scheduled_days, last_review)
      SELECT ${userId}, ${itemType}, ${itemId}, ${schedule.due.toISOString()}::timestamptz, ${schedule.stability}, ${schedule.difficulty},
             ${schedule.state}, ${schedule.reps}, ${schedule.lapses}, ${schedule.learningSteps}, ${schedule.scheduledDays},
             ${schedule.lastReview.toISOString()}::timestamptz
      WHERE ${applied} AND EXISTS (SELECT 1 FROM logged)
      ON CONFLICT (user_id, item_type, item_id) DO UPDATE SET
        due = EXCLUDED.due, stability = EXCLUDED.stability, difficulty = EXCLUDED.difficulty, state = EXCLUDED.state,
        reps = EXCLUDED.reps, lapses = EXCLUDED.lapses, learning_steps = EXCLUDED.learning_steps,
        scheduled_days = EXCLUDED.scheduled_days, last_review = EXCLUDED.last_review
      WHERE review_items.last_review <= EXCLUDED.last_review
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM logged) AS inserted,
      (SELECT row_to_json(l) FROM (SELECT user_id, item_type, item_id, due, stability, difficulty, state FROM review_log WHERE id = ${id}::uuid) l) AS first,
      (SELECT count(*) FROM moved) AS moved`);
  if (!written?.inserted) {
    // A retry: the first review with this id stands, and the answer is what it produced. (Stored by a
    // concurrent request that committed after this statement's snapshot: read it now.)
    const first =
      written?.first ??
      (
        await tx.rows<LogRow>(
          sql`SELECT user_id, item_type, item_id, due, stability, difficulty, state FROM review_log WHERE id = ${id}::uuid`,
        )
      )[0];
    if (!first || first.user_id !== userId || first.item_type !== itemType || first.item_id !== itemId)
      throw new TRPCError({ code: "CONFLICT", message: "That review id was already used for another review." });
    return {
      itemType,
      itemId,
      due: toIso(first.due),
      state: REVIEW_STATE_NAMES[first.state as ReviewStateCode],
      stability: Number(first.stability),
      difficulty: Number(first.difficulty),
      inserted: false,
    };
  }
  return {
    itemType,
    itemId,
    due: schedule.due.toISOString(),
    state: REVIEW_STATE_NAMES[schedule.state],
    stability: schedule.stability,
    difficulty: schedule.difficulty,
    inserted: true,
  };
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
