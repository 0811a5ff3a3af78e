/**
 * Regrading: when an edit changes a question's correct answer, past answers keep the grade they were
 * given unless the admin chooses to grade them again with the latest answer key. Audited.
 */
import { questions, type Transaction } from "@jcba/db";
import { isAnswerCorrect, testScore } from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { eq, sql } from "drizzle-orm";
import { recordAdminAction } from "../audit/audit-trail.ts";
import type { Question } from "./schemas.ts";
import type { ContentWriter } from "./writer.ts";

type Gradable = Pick<Question, "id" | "questionType" | "correctAnswer" | "alternatives">;

/**
 * Grades every past answer to a question again with its latest answer key: the answers' results, each
 * member's latest result and first-answer totals, and the scores of the practice tests that held them.
 * Runs inside the caller's transaction (an admin's edit, or the regrade request) with the question locked.
 */
export async function regradeAnswers(tx: Transaction, question: Gradable) {
  const answers = await tx.rows<{ id: string; user_answer: string; is_correct: boolean }>(
    sql`SELECT id, user_answer, is_correct FROM question_attempts WHERE question_id = ${question.id} FOR UPDATE`,
  );
  const flipped = answers.filter((a) => isAnswerCorrect(question, a.user_answer) !== a.is_correct);
  if (flipped.length === 0) return { answersRegraded: 0, testsRescored: 0 };
  const ids = sql.join(
    flipped.map((a) => sql`${a.id}::uuid`),
    sql`, `,
  );
  const [counts] = await tx.rows<{ tests: number }>(sql`
    WITH changed AS (
      UPDATE question_attempts SET is_correct = NOT is_correct WHERE id IN (${ids})
      RETURNING id, user_id, is_correct, is_first, test_attempt_id
    ), results AS (
      UPDATE question_results r SET is_correct = c.is_correct FROM changed c WHERE r.last_attempt_id = c.id
    ), totals AS (
      UPDATE member_first_totals t SET correct = t.correct + d.delta
      FROM (SELECT user_id, sum(CASE WHEN is_correct THEN 1 ELSE -1 END)::int AS delta FROM changed WHERE is_first GROUP BY user_id) d
      WHERE t.user_id = d.user_id
    )
    SELECT count(DISTINCT test_attempt_id)::int AS tests FROM changed WHERE test_attempt_id IS NOT NULL`);
  // A test's score is its correct answers over its questions, counted again now the answers changed.
  const tests = await tx.rows<{ id: string; total: number; correct: number }>(sql`
    SELECT t.id, t.total_questions AS total, (SELECT count(*)::int FROM question_attempts a WHERE a.test_attempt_id = t.id AND a.is_correct) AS correct
    FROM test_attempts t WHERE t.id IN (SELECT DISTINCT test_attempt_id FROM question_attempts WHERE id IN (${ids}) AND test_attempt_id IS NOT NULL)`);
  for (const t of tests)
    await tx.rows(sql`UPDATE test_attempts SET score = ${testScore(t.correct, t.total)} WHERE id = ${t.id}::uuid`);
  return { answersRegraded: flipped.length, testsRescored: counts?.tests ?? 0 };
}

const questionColumnsForRegrade = {
  id: questions.id,
  version: questions.version,
  sectionNumber: questions.sectionNumber,
  questionType: questions.questionType,
  correctAnswer: questions.correctAnswer,
  alternatives: questions.alternatives,
  options: questions.options,
};

/** The regrade request: past answers to the question graded again with its latest answer key, audited. */
export async function regradeQuestion(ctx: ContentWriter, id: number) {
  const result = await ctx.database.transaction(async (tx) => {
    const [question] = await tx.db
      .select(questionColumnsForRegrade)
      .from(questions)
      .where(eq(questions.id, id))
      .for("update");
    if (!question) throw new TRPCError({ code: "NOT_FOUND", message: `Question ${id} does not exist.` });
    const outcome = await regradeAnswers(tx, question);
    await recordAdminAction(tx.db, ctx, {
      kind: "question.regraded",
      targetType: "question",
      targetId: id,
      before: null,
      after: { version: question.version, correctAnswer: question.correctAnswer, ...outcome },
    });
    return { id, version: question.version, ...outcome };
  });
  ctx.content.invalidate();
  return result;
}
