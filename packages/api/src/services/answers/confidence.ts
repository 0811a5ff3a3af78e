/**
 * A member's confidence over all their answers: certainty-based marks, how often "sure" was right,
 * and the misconceptions to look at (questions last answered wrong while sure, not answered right since).
 */
import { type Confidence, certaintySummary } from "@jcba/domain";
import { sql } from "drizzle-orm";
import type { Context } from "../../trpc/procedures.ts";
import { toIso } from "../rows.ts";

/** The most misconceptions listed, newest first. */
export const MISCONCEPTIONS_SHOWN = 50;

export async function confidenceOf(ctx: Pick<Context, "database" | "content">, userId: number) {
  const [groups, wrongSure, snapshot] = await Promise.all([
    ctx.database.rows<{ confidence: Confidence; isCorrect: boolean; count: number }>(sql`
      SELECT confidence, is_correct AS "isCorrect", count(*)::int AS count
      FROM question_attempts WHERE user_id = ${userId} AND confidence IS NOT NULL
      GROUP BY confidence, is_correct`),
    ctx.database.rows<{ questionId: number; sectionNumber: number; answeredAt: string | Date }>(sql`
      SELECT question_id AS "questionId", section_number AS "sectionNumber", answered_at AS "answeredAt" FROM (
        SELECT DISTINCT ON (a.question_id) a.question_id, a.section_number, a.created_at AS answered_at
        FROM question_attempts a
        WHERE a.user_id = ${userId} AND a.confidence = 'sure' AND NOT a.is_correct
          AND NOT EXISTS (
            SELECT 1 FROM question_attempts b
            WHERE b.user_id = a.user_id AND b.question_id = a.question_id AND b.is_correct AND b.created_at > a.created_at)
        ORDER BY a.question_id, a.created_at DESC
      ) m ORDER BY answered_at DESC LIMIT ${MISCONCEPTIONS_SHOWN}`),
    ctx.content.get(),
  ]);
  return {
    certainty: certaintySummary(groups),
    misconceptions: wrongSure.flatMap((m) => {
      const q = snapshot.questionsById.get(m.questionId);
      return q
        ? [
            {
              questionId: m.questionId,
              sectionNumber: m.sectionNumber,
              questionText: q.questionText,
              answeredAt: toIso(m.answeredAt),
            },
          ]
        : [];
    }),
  };
}
