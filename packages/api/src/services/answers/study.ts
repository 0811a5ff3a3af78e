/**
 * Study's answers: one answer graded by the server and written with other members' answers arriving
 * at the same moment (answer-writer.ts), and a section's progress, kept from the answers themselves.
 */
import { randomUUID } from "node:crypto";
import { certaintyMark, chosenOptionIndex, isAnswerCorrect, isMisconception } from "@jcba/domain";
import type { z } from "zod";
import { clientErrorFrom } from "../../trpc/db-errors.ts";
import type { Context } from "../../trpc/procedures.ts";
import { findQuestion } from "../content/content-cache.ts";
import { answerWriterFor } from "./answer-writer.ts";
import { sectionProgressOf } from "./answers.ts";
import type { questionAttemptInput } from "./schemas.ts";

/** A section's progress as the answers make it (zero when none). */
export async function sectionProgressAfter(ctx: Pick<Context, "database">, userId: number, section: number) {
  const [record] = await sectionProgressOf(ctx.database, userId, section);
  return record ?? { sectionNumber: section, questionsAttempted: 0, questionsCorrect: 0 };
}

/** Grades and records one answer; on a retry, the answer recorded the first time. */
export async function answerQuestion(
  ctx: Pick<Context, "database" | "content">,
  userId: number,
  input: z.infer<typeof questionAttemptInput>,
) {
  const question = await findQuestion(ctx.content, input.questionId);
  // Written together with other members' answers arriving at the same moment (group commit).
  const { answer: stored, progress: record } = await answerWriterFor(ctx.database)
    .write(userId, {
      id: input.id ?? randomUUID(),
      questionId: question.id,
      questionVersion: question.version,
      sectionNumber: question.sectionNumber,
      userAnswer: input.userAnswer,
      isCorrect: isAnswerCorrect(question, input.userAnswer),
      chosenOption: chosenOptionIndex(question, input.userAnswer),
      timeTakenMs: input.timeTakenMs ?? null,
      confidence: input.confidence ?? null,
    })
    // The question was deleted between the read and the write.
    .catch((e) => clientErrorFrom(e, { notFound: `Question ${input.questionId} does not exist.` }));
  // On a retry, `stored` is the answer recorded the first time.
  return {
    id: stored.id,
    questionId: question.id,
    userAnswer: stored.userAnswer,
    isCorrect: stored.isCorrect,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
    createdAt: stored.createdAt,
    confidence: stored.confidence ?? null,
    certaintyMark: stored.confidence ? certaintyMark(stored.confidence, stored.isCorrect) : null,
    misconception: isMisconception(stored.confidence, stored.isCorrect),
    sectionProgress: record ?? {
      sectionNumber: question.sectionNumber,
      questionsAttempted: 0,
      questionsCorrect: 0,
    },
  };
}
