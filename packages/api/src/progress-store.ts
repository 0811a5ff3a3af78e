/** Writes of answers and reads of section progress, shared by the progress and test routers. */

import type { Database } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import type { ContentCache } from "./content-cache.ts";
import type { Question } from "./schemas.ts";

export interface ProgressRecord {
  sectionNumber: number;
  questionsAttempted: number;
  questionsCorrect: number;
}

/** A member's progress per section: distinct questions answered, and how many the latest answer got right. */
export async function sectionProgressOf(
  database: Database,
  userId: number,
  section?: number,
): Promise<ProgressRecord[]> {
  const rows = await database.rows<ProgressRecord>(sql`
    SELECT section_number AS "sectionNumber", count(*)::int AS "questionsAttempted", (count(*) FILTER (WHERE is_correct))::int AS "questionsCorrect"
    FROM question_results
    WHERE user_id = ${userId} ${section === undefined ? sql`` : sql`AND section_number = ${section}`}
    GROUP BY section_number ORDER BY section_number`);
  return rows;
}

export async function findQuestion(content: ContentCache, id: number): Promise<Question> {
  const question = await content.question(id);
  if (!question) throw new TRPCError({ code: "NOT_FOUND", message: `Question ${id} does not exist.` });
  return question;
}

interface RecordedAnswer {
  inserted: boolean;
  createdAt: Date | string;
  attempted: number;
  correct: number;
}

/**
 * Records one graded answer and the member's latest result for the question in a single statement
 * (one round trip, atomic). A retry with the same id inserts nothing and changes nothing.
 * The progress it returns is the section's record after this answer.
 */
export async function recordAnswer(
  database: Database,
  a: { id: string; userId: number; questionId: number; sectionNumber: number; userAnswer: string; isCorrect: boolean },
): Promise<RecordedAnswer> {
  const [row] = await database.rows<RecordedAnswer>(sql`
    WITH prev AS (
      SELECT is_correct FROM question_results WHERE user_id = ${a.userId} AND question_id = ${a.questionId}
    ), before AS (
      SELECT count(*)::int AS attempted, (count(*) FILTER (WHERE is_correct))::int AS correct
      FROM question_results WHERE user_id = ${a.userId} AND section_number = ${a.sectionNumber}
    ), ins AS (
      INSERT INTO question_attempts (id, user_id, question_id, section_number, user_answer, is_correct)
      VALUES (${a.id}::uuid, ${a.userId}, ${a.questionId}, ${a.sectionNumber}, ${a.userAnswer}, ${a.isCorrect})
      ON CONFLICT (id) DO NOTHING
      RETURNING created_at
    ), upd AS (
      INSERT INTO question_results (user_id, question_id, section_number, is_correct, attempts, last_attempt_at)
      SELECT ${a.userId}, ${a.questionId}, ${a.sectionNumber}, ${a.isCorrect}, 1, created_at FROM ins
      ON CONFLICT (user_id, question_id) DO UPDATE
        SET is_correct = EXCLUDED.is_correct, attempts = question_results.attempts + 1, last_attempt_at = EXCLUDED.last_attempt_at
      RETURNING 1
    )
    SELECT
      EXISTS (SELECT 1 FROM ins) AS inserted,
      COALESCE((SELECT created_at FROM ins), now()) AS "createdAt",
      before.attempted + CASE WHEN EXISTS (SELECT 1 FROM ins) AND NOT EXISTS (SELECT 1 FROM prev) THEN 1 ELSE 0 END AS attempted,
      before.correct + CASE WHEN EXISTS (SELECT 1 FROM ins)
        THEN (CASE WHEN ${a.isCorrect} THEN 1 ELSE 0 END) - COALESCE((SELECT CASE WHEN is_correct THEN 1 ELSE 0 END FROM prev), 0)
        ELSE 0 END AS correct
    FROM before`);
  return row!;
}

export const toIso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
