/**
 * The one owner of recorded answers. Every graded answer, from a study session or a practice test,
 * is written here together with the member's latest result for its question (question_results),
 * from which section progress is read.
 */

import type { Database, Transaction } from "@jcba/db";
import { ratingForAnswer } from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import { recordReview } from "./reviews.ts";

export interface ProgressRecord {
  sectionNumber: number;
  questionsAttempted: number;
  questionsCorrect: number;
}

/** An answer the server has graded, with the id the client chose for it (or one made up for it). */
export interface GradedAnswer {
  id: string;
  questionId: number;
  sectionNumber: number;
  userAnswer: string;
  isCorrect: boolean;
  /** Multiple choice: the index of the chosen option in the stored option list; null otherwise. */
  chosenOption?: number | null;
  /** Time taken as the client measured it, when it sent one. */
  timeTakenMs?: number | null;
}

/** An answer as stored: on a retry, the first stored answer with that id. */
export interface StoredAnswer extends GradedAnswer {
  createdAt: string;
  testAttemptId: string | null;
  /** The member's first answer to this question (null for answers stored before this was kept). */
  isFirst: boolean | null;
  /** False when this id was stored before (a retry): nothing was written this time. */
  inserted: boolean;
}

export interface RecordedAnswers {
  /** In the order given. */
  answers: StoredAnswer[];
  /** The member's progress in each section answered, after this write. */
  progress: ProgressRecord[];
}

export const toIso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** A member's progress per section: distinct questions answered, and how many the latest answer got right. */
export async function sectionProgressOf(
  database: Pick<Database, "rows">,
  userId: number,
  section?: number,
): Promise<ProgressRecord[]> {
  return database.rows<ProgressRecord>(sql`
    SELECT section_number AS "sectionNumber", count(*)::int AS "questionsAttempted", (count(*) FILTER (WHERE is_correct))::int AS "questionsCorrect"
    FROM question_results
    WHERE user_id = ${userId} ${section === undefined ? sql`` : sql`AND section_number = ${section}`}
    GROUP BY section_number ORDER BY section_number`);
}

interface StoredRow {
  id: string;
  user_id: number;
  question_id: number;
  section_number: number;
  user_answer: string;
  is_correct: boolean;
  test_attempt_id: string | null;
  created_at: string;
  chosen_option: number | null;
  is_first: boolean | null;
  time_taken_ms: number | null;
}

interface Written {
  inserted: StoredRow[] | null;
  existing: StoredRow[] | null;
  progress: ProgressRecord[] | null;
}

/**
 * Records graded answers of one member and their latest result per question, in a single statement
 * (one round trip, atomic; a study answer is benchmarked at 50 connections). An answer whose id is
 * already stored is a retry: nothing is written for it and the first stored answer comes back; an id
 * stored for another member or another question is a CONFLICT, and then none of the answers is
 * written. At most one answer per question per call (a practice test shows each question once).
 *
 * `options.testAttemptId` ties the answers to a stored practice test (and its time); pass the
 * transaction that stores the test as `runner`, so the test and its answers are written together.
 */
export async function recordAnswers(
  runner: Database | Transaction,
  userId: number,
  answers: GradedAnswer[],
  options: { testAttemptId?: string } = {},
): Promise<RecordedAnswers> {
  if (answers.length === 0) return { answers: [], progress: [] };
  // Each newly stored answer is also a review of its question, written in the same transaction.
  if ("transaction" in runner) return runner.transaction((tx) => recordAnswersIn(tx, userId, answers, options));
  return recordAnswersIn(runner, userId, answers, options);
}

async function recordAnswersIn(
  runner: Transaction,
  userId: number,
  answers: GradedAnswer[],
  options: { testAttemptId?: string },
): Promise<RecordedAnswers> {
  if (new Set(answers.map((a) => a.questionId)).size !== answers.length)
    throw new Error("recordAnswers: at most one answer per question per call.");
  const values = sql.join(
    answers.map(
      (a) =>
        sql`(${a.id}::uuid, ${a.questionId}::int, ${a.sectionNumber}::int, ${a.userAnswer}::text, ${a.isCorrect}::boolean, ${a.chosenOption ?? null}::smallint, ${a.timeTakenMs ?? null}::int)`,
    ),
    sql`, `,
  );
  const testAttemptId = options.testAttemptId ?? null;
  // Data-modifying CTEs all see the snapshot from before the statement, so `existing` is exactly the
  // ids stored earlier, and progress after the write is the progress before it plus what changed.
  // The latest-result row is written before the answer: its upsert waits for any concurrent answer of
  // the same member to the same question, so `attempts = 1` after it says, race-free, that this answer
  // is the member's first. A retry racing its own first try finds its id already there and changes nothing.
  const [written] = await runner.rows<Written>(sql`
    WITH input (id, question_id, section_number, user_answer, is_correct, chosen_option, time_taken_ms) AS (VALUES ${values}),
    prev AS (
      SELECT r.question_id, r.is_correct FROM question_results r
      WHERE r.user_id = ${userId} AND r.question_id IN (SELECT question_id FROM input)
    ), before AS (
      SELECT section_number, count(*)::int AS attempted, (count(*) FILTER (WHERE is_correct))::int AS correct
      FROM question_results
      WHERE user_id = ${userId} AND section_number IN (SELECT section_number FROM input)
      GROUP BY section_number
    ), clash AS (
      SELECT 1 FROM question_attempts q JOIN input i ON i.id = q.id
      WHERE q.user_id <> ${userId} OR q.question_id <> i.question_id
    ), fresh AS (
      SELECT i.*, COALESCE((SELECT created_at FROM test_attempts WHERE id = ${testAttemptId}::uuid), now()) AS created_at
      FROM input i
      WHERE NOT EXISTS (SELECT 1 FROM clash) AND NOT EXISTS (SELECT 1 FROM question_attempts q WHERE q.id = i.id)
    ), upd AS (
      INSERT INTO question_results (user_id, question_id, section_number, is_correct, attempts, last_attempt_at, last_attempt_id)
      SELECT ${userId}, question_id, section_number, is_correct, 1, created_at, id FROM fresh
      ON CONFLICT (user_id, question_id) DO UPDATE
        SET is_correct = EXCLUDED.is_correct, attempts = question_results.attempts + 1,
            last_attempt_at = EXCLUDED.last_attempt_at, last_attempt_id = EXCLUDED.last_attempt_id
        WHERE question_results.last_attempt_id IS DISTINCT FROM EXCLUDED.last_attempt_id
      RETURNING question_id, attempts = 1 AS is_first
    ), ins AS (
      INSERT INTO question_attempts (id, user_id, question_id, section_number, user_answer, is_correct, test_attempt_id, created_at, chosen_option, is_first, time_taken_ms)
      SELECT f.id, ${userId}, f.question_id, f.section_number, f.user_answer, f.is_correct, ${testAttemptId}::uuid,
             f.created_at, f.chosen_option, u.is_first, f.time_taken_ms
      FROM fresh f JOIN upd u USING (question_id)
      ON CONFLICT (id) DO NOTHING
      RETURNING id, user_id, question_id, section_number, user_answer, is_correct, test_attempt_id, created_at, chosen_option, is_first, time_taken_ms
    ), totals AS (
      INSERT INTO member_first_totals (user_id, answered, correct)
      SELECT ${userId}, count(*)::int, (count(*) FILTER (WHERE is_correct))::int FROM ins WHERE is_first HAVING count(*) > 0
      ON CONFLICT (user_id) DO UPDATE
        SET answered = member_first_totals.answered + EXCLUDED.answered, correct = member_first_totals.correct + EXCLUDED.correct
      RETURNING 1
    ), delta AS (
      SELECT ins.section_number,
        (count(*) FILTER (WHERE prev.question_id IS NULL))::int AS attempted,
        sum(ins.is_correct::int - COALESCE(prev.is_correct::int, 0))::int AS correct
      FROM ins LEFT JOIN prev ON prev.question_id = ins.question_id
      GROUP BY ins.section_number
    ), sections AS (SELECT DISTINCT section_number FROM input)
    SELECT
      (SELECT json_agg(ins) FROM ins) AS inserted,
      (SELECT json_agg(q) FROM question_attempts q WHERE q.id IN (SELECT id FROM input)) AS existing,
      (SELECT json_agg(json_build_object(
          'sectionNumber', s.section_number,
          'questionsAttempted', COALESCE(b.attempted, 0) + COALESCE(d.attempted, 0),
          'questionsCorrect', COALESCE(b.correct, 0) + COALESCE(d.correct, 0)) ORDER BY s.section_number)
        FROM sections s LEFT JOIN before b USING (section_number) LEFT JOIN delta d USING (section_number)) AS progress`);

  const inserted = new Map((written?.inserted ?? []).map((r) => [r.id, r]));
  const existing = new Map((written?.existing ?? []).map((r) => [r.id, r]));
  const missing = answers.filter((a) => !inserted.has(a.id) && !existing.has(a.id));
  if (missing.length > 0) {
    // Stored by a concurrent request that committed after this statement's snapshot was taken. (Should
    // that be another member's, the rest of a batch is written: batches run in a transaction.)
    const ids = sql.join(
      missing.map((a) => sql`${a.id}::uuid`),
      sql`, `,
    );
    const late = await runner.rows<StoredRow>(sql`
      SELECT id, user_id, question_id, section_number, user_answer, is_correct, test_attempt_id, created_at, chosen_option, is_first, time_taken_ms
      FROM question_attempts WHERE id IN (${ids})`);
    for (const r of late) existing.set(r.id, r);
  }

  const stored = answers.map((a): StoredAnswer => {
    const mine = inserted.get(a.id);
    const row = mine ?? existing.get(a.id);
    if (!row || row.user_id !== userId || row.question_id !== a.questionId)
      throw new TRPCError({ code: "CONFLICT", message: "That attempt id was already used for another answer." });
    return {
      id: row.id,
      questionId: row.question_id,
      sectionNumber: row.section_number,
      userAnswer: row.user_answer,
      isCorrect: row.is_correct,
      testAttemptId: row.test_attempt_id,
      chosenOption: row.chosen_option,
      timeTakenMs: row.time_taken_ms,
      isFirst: row.is_first,
      createdAt: toIso(row.created_at),
      inserted: mine !== undefined,
    };
  });
  // Each newly stored answer is a review of its question (wrong = Again, right = Good), logged with
  // the answer's id at the answer's time.
  for (const a of stored)
    if (a.inserted)
      await recordReview(runner, {
        id: a.id,
        userId,
        itemType: "question",
        itemId: a.questionId,
        rating: ratingForAnswer(a.isCorrect),
        reviewedAt: new Date(a.createdAt),
      });
  return { answers: stored, progress: written?.progress ?? [] };
}
