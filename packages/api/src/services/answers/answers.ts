/**
 * The one owner of recorded answers. Every graded answer, from a study session or a practice test,
 * is written here together with the member's latest result for its question (question_results),
 * from which section progress is read.
 */

import type { Database, Transaction } from "@jcba/db";
import { type Confidence, ratingForAnswer } from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import { publish } from "../../operations.ts";
import { modelParametersOf, type PriorItem, readPriors, reviewKey, writeReviews } from "../reviews/schedule.ts";
import { toIso } from "../rows.ts";

export interface ProgressRecord {
  sectionNumber: number;
  questionsAttempted: number;
  questionsCorrect: number;
}

/** An answer the server has graded, with the id the client chose for it (or one made up for it). */
export interface GradedAnswer {
  id: string;
  questionId: number;
  /** The version of the question answered. */
  questionVersion: number;
  sectionNumber: number;
  userAnswer: string;
  isCorrect: boolean;
  /** Multiple choice: the index of the chosen option in the stored option list; null otherwise. */
  chosenOption?: number | null;
  /** Time taken as the client measured it, when it sent one. */
  timeTakenMs?: number | null;
  /** How sure the member said they were, when they said. */
  confidence?: Confidence | null;
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
  question_version: number;
  section_number: number;
  user_answer: string;
  is_correct: boolean;
  test_attempt_id: string | null;
  created_at: string;
  chosen_option: number | null;
  is_first: boolean | null;
  time_taken_ms: number | null;
  confidence: Confidence | null;
}

interface Written {
  inserted: StoredRow[] | null;
  existing: StoredRow[] | null;
  progress: (ProgressRecord & { userId: number })[] | null;
  items: (PriorItem & { user_id: number; question_id: number; stale: boolean })[] | null;
}

/** One member's answer, for a write that may hold several members' answers. */
export interface MemberAnswer {
  userId: number;
  answer: GradedAnswer;
}

/**
 * Records graded answers of one member and their latest result per question. An answer whose id is
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
  const entries = answers.map((answer) => ({ userId, answer }));
  // Each newly stored answer is also a review of its question, written in the same transaction.
  const written =
    "transaction" in runner
      ? await runner.transaction((tx) => writeAnswers(tx, entries, options))
      : await writeAnswers(runner, entries, options);
  return { answers: written.answers, progress: written.progress.get(userId) ?? [] };
}

/**
 * Writes answers of one or several members, each newly stored one with its review, in two statements
 * whatever their number (answers from many members are written together under load: see
 * answer-writer.ts). At most one answer per member and question, and distinct ids, per call. Any id
 * that clashes with a stored answer of another member or question is a CONFLICT, and nothing is written.
 */
export async function writeAnswers(
  runner: Transaction,
  entries: MemberAnswer[],
  options: { testAttemptId?: string } = {},
): Promise<{ answers: StoredAnswer[]; progress: Map<number, ProgressRecord[]> }> {
  if (new Set(entries.map((e) => `${e.userId}:${e.answer.questionId}`)).size !== entries.length)
    throw new Error("writeAnswers: at most one answer per member and question per call.");
  if (new Set(entries.map((e) => e.answer.id)).size !== entries.length)
    throw new TRPCError({ code: "CONFLICT", message: "That attempt id was already used for another answer." });
  // In key order (member, question): rows are written and review items locked in that order.
  const sorted = [...entries].sort((x, y) => x.userId - y.userId || x.answer.questionId - y.answer.questionId);
  const values = sql.join(
    sorted.map(
      ({ userId, answer: a }) =>
        sql`(${a.id}::uuid, ${userId}::int, ${a.questionId}::int, ${a.questionVersion}::int, ${a.sectionNumber}::int, ${a.userAnswer}::text, ${a.isCorrect}::boolean, ${a.chosenOption ?? null}::smallint, ${a.timeTakenMs ?? null}::int, ${a.confidence ?? null}::text)`,
    ),
    sql`, `,
  );
  const testAttemptId = options.testAttemptId ?? null;
  // Data-modifying CTEs all see the snapshot from before the statement, so `existing` is exactly the
  // ids stored earlier, and progress after the write is the progress before it plus what changed.
  // The latest-result row is written before the answer: its upsert waits for any concurrent answer of
  // the same member to the same question, so `attempts = 1` after it says, race-free, that this answer
  // is the member's first. A retry racing its own first try finds its id already there and changes
  // nothing. Rows are written in key order, so two writers never wait on each other in a circle.
  // Earlier rows are looked up row by row through their keys (a LATERAL subquery with LIMIT or count
  // is not merged into a join), so the plan does not depend on the tables' sizes when PostgreSQL made
  // it: a plan kept from a new database's first minutes would otherwise read whole tables.
  const [written] = await runner.rows<Written>(sql`
    WITH input (id, user_id, question_id, question_version, section_number, user_answer, is_correct, chosen_option, time_taken_ms, confidence) AS (VALUES ${values}),
    prev AS (
      SELECT i.user_id, i.question_id, r.is_correct, r.attempts FROM input i CROSS JOIN LATERAL (
        SELECT is_correct, attempts FROM question_results WHERE user_id = i.user_id AND question_id = i.question_id LIMIT 1
      ) r
    ), before AS (
      SELECT s.user_id, s.section_number, b.attempted, b.correct
      FROM (SELECT DISTINCT user_id, section_number FROM input) s CROSS JOIN LATERAL (
        SELECT count(*)::int AS attempted, (count(*) FILTER (WHERE is_correct))::int AS correct
        FROM question_results WHERE user_id = s.user_id AND section_number = s.section_number
      ) b
    ), known AS MATERIALIZED (
      -- The answers already stored under these ids (retries), looked up once.
      SELECT q.* FROM input i CROSS JOIN LATERAL (SELECT * FROM question_attempts WHERE id = i.id LIMIT 1) q
    ), clash AS (
      SELECT 1 FROM known k JOIN input i ON i.id = k.id
      WHERE k.user_id <> i.user_id OR k.question_id <> i.question_id
    ), fresh AS (
      SELECT i.*, COALESCE((SELECT created_at FROM test_attempts WHERE id = ${testAttemptId}::uuid), now()) AS created_at
      FROM input i
      WHERE NOT EXISTS (SELECT 1 FROM clash) AND NOT EXISTS (SELECT 1 FROM known k WHERE k.id = i.id)
    ), upd AS (
      INSERT INTO question_results (user_id, question_id, section_number, is_correct, attempts, last_attempt_at, last_attempt_id)
      SELECT user_id, question_id, section_number, is_correct, 1, created_at, id FROM fresh ORDER BY user_id, question_id
      ON CONFLICT (user_id, question_id) DO UPDATE
        SET is_correct = EXCLUDED.is_correct, attempts = question_results.attempts + 1,
            last_attempt_at = EXCLUDED.last_attempt_at, last_attempt_id = EXCLUDED.last_attempt_id
        WHERE question_results.last_attempt_id IS DISTINCT FROM EXCLUDED.last_attempt_id
      RETURNING user_id, question_id, attempts, attempts = 1 AS is_first
    ), ins AS (
      INSERT INTO question_attempts (id, user_id, question_id, question_version, section_number, user_answer, is_correct, test_attempt_id, created_at, chosen_option, is_first, time_taken_ms, confidence)
      SELECT f.id, f.user_id, f.question_id, f.question_version, f.section_number, f.user_answer, f.is_correct, ${testAttemptId}::uuid,
             f.created_at, f.chosen_option, u.is_first, f.time_taken_ms, f.confidence
      FROM fresh f JOIN upd u USING (user_id, question_id)
      ON CONFLICT (id) DO NOTHING
      RETURNING id, user_id, question_id, question_version, section_number, user_answer, is_correct, test_attempt_id, created_at, chosen_option, is_first, time_taken_ms, confidence
    ), totals AS (
      INSERT INTO member_first_totals (user_id, answered, correct)
      SELECT user_id, count(*)::int, (count(*) FILTER (WHERE is_correct))::int FROM ins WHERE is_first
      GROUP BY user_id ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE
        SET answered = member_first_totals.answered + EXCLUDED.answered, correct = member_first_totals.correct + EXCLUDED.correct
    ), delta AS (
      SELECT ins.user_id, ins.section_number,
        (count(*) FILTER (WHERE prev.question_id IS NULL))::int AS attempted,
        sum(ins.is_correct::int - COALESCE(prev.is_correct::int, 0))::int AS correct
      FROM ins LEFT JOIN prev USING (user_id, question_id)
      GROUP BY ins.user_id, ins.section_number
    ), sections AS (SELECT DISTINCT user_id, section_number FROM input),
    -- The review schedule of each question answered anew, locked for the review written next in this
    -- transaction. It is read from upd's rows, so after that question's latest-result row is locked:
    -- every writer of a question's review from an answer takes the two locks in that order. When
    -- another answer to the question committed after this statement's snapshot (upd counted more
    -- attempts than prev saw), the schedule it wrote may be invisible here: \`stale\` has it read again.
    items AS (
      SELECT u.user_id, u.question_id, u.attempts <> COALESCE(p.attempts, 0) + 1 AS stale,
        (SELECT desired_retention FROM member_settings WHERE user_id = u.user_id) AS retention,
        ${modelParametersOf(sql`u.user_id`)} AS parameters, r.*
      FROM upd u LEFT JOIN prev p USING (user_id, question_id) LEFT JOIN LATERAL (
        SELECT due, stability, difficulty, state, reps, lapses, learning_steps, scheduled_days, last_review
        FROM review_items WHERE user_id = u.user_id AND item_type = 'question' AND item_id = u.question_id
        FOR UPDATE
      ) r ON true
    )
    SELECT
      (SELECT json_agg(items) FROM items) AS items,
      (SELECT json_agg(ins) FROM ins) AS inserted,
      (SELECT json_agg(k) FROM known k) AS existing,
      (SELECT json_agg(json_build_object(
          'userId', s.user_id,
          'sectionNumber', s.section_number,
          'questionsAttempted', COALESCE(b.attempted, 0) + COALESCE(d.attempted, 0),
          'questionsCorrect', COALESCE(b.correct, 0) + COALESCE(d.correct, 0)) ORDER BY s.user_id, s.section_number)
        FROM sections s LEFT JOIN before b USING (user_id, section_number) LEFT JOIN delta d USING (user_id, section_number)) AS progress`);

  const inserted = new Map((written?.inserted ?? []).map((r) => [r.id, r]));
  const existing = new Map((written?.existing ?? []).map((r) => [r.id, r]));
  const missing = entries.filter(({ answer: a }) => !inserted.has(a.id) && !existing.has(a.id));
  if (missing.length > 0) {
    // Stored by a concurrent request that committed after this statement's snapshot was taken.
    const ids = sql.join(
      missing.map(({ answer: a }) => sql`${a.id}::uuid`),
      sql`, `,
    );
    const late = await runner.rows<StoredRow>(sql`
      SELECT id, user_id, question_id, question_version, section_number, user_answer, is_correct, test_attempt_id, created_at, chosen_option, is_first, time_taken_ms, confidence
      FROM question_attempts WHERE id IN (${ids})`);
    for (const r of late) existing.set(r.id, r);
  }

  const stored = entries.map(({ userId, answer: a }): StoredAnswer => {
    const mine = inserted.get(a.id);
    const row = mine ?? existing.get(a.id);
    if (!row || row.user_id !== userId || row.question_id !== a.questionId)
      throw new TRPCError({ code: "CONFLICT", message: "That attempt id was already used for another answer." });
    return {
      id: row.id,
      questionId: row.question_id,
      questionVersion: row.question_version,
      sectionNumber: row.section_number,
      userAnswer: row.user_answer,
      isCorrect: row.is_correct,
      testAttemptId: row.test_attempt_id,
      chosenOption: row.chosen_option,
      timeTakenMs: row.time_taken_ms,
      confidence: row.confidence,
      isFirst: row.is_first,
      createdAt: toIso(row.created_at),
      inserted: mine !== undefined,
    };
  });
  // Each newly stored answer is a review of its question (wrong = Again, right = Good, right by a
  // guess = Hard), logged with the answer's id at the answer's time.
  const items = written?.items ?? [];
  const priors = new Map<string, PriorItem>(
    items.map((item) => [reviewKey({ userId: item.user_id, itemType: "question", itemId: item.question_id }), item]),
  );
  const stale = items.filter((item) => item.stale);
  if (stale.length > 0) {
    // Read now, with this transaction holding their latest-result rows, these are current.
    const fresh = await readPriors(
      runner,
      stale.map((item) => ({ userId: item.user_id, itemType: "question", itemId: item.question_id })),
    );
    for (const [key, prior] of fresh) priors.set(key, prior);
  }
  await writeReviews(
    runner,
    stored.flatMap((a, n) =>
      a.inserted
        ? [
            {
              id: a.id,
              userId: entries[n]!.userId,
              itemType: "question" as const,
              itemId: a.questionId,
              itemVersion: a.questionVersion,
              rating: ratingForAnswer(a.isCorrect, a.confidence),
              reviewedAt: new Date(a.createdAt),
              confidence: a.confidence ?? null,
            },
          ]
        : [],
    ),
    priors,
  );
  const progress = new Map<number, ProgressRecord[]>();
  for (const { userId, ...record } of written?.progress ?? []) {
    const list = progress.get(userId) ?? [];
    list.push(record);
    progress.set(userId, list);
  }
  // Told once every statement has succeeded; only a failed commit after this could make it wrong.
  const newlyStored = stored.filter((a) => a.inserted).length;
  publish.answersWritten({ inserted: newlyStored, replayed: stored.length - newlyStored });
  return { answers: stored, progress };
}
