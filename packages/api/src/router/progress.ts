import { randomUUID } from "node:crypto";
import { chosenOptionIndex, isAnswerCorrect } from "@jcba/domain";
import { z } from "zod";
import { answerWriterFor } from "../services/answers/answer-writer.ts";
import { sectionProgressOf } from "../services/answers/answers.ts";
import {
  questionAttemptInput,
  questionAttemptResult,
  sectionProgress,
  sectionProgressInput,
} from "../services/answers/schemas.ts";
import { findQuestion } from "../services/content/content-cache.ts";
import { clientErrorFrom } from "../trpc/db-errors.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Progress");

export const progressRouter = router({
  sections: protectedProcedure
    .meta(rest("GET", "/progress/section", "The signed-in member's progress per section"))
    .input(z.void())
    .output(z.array(sectionProgress))
    .query(({ ctx }) => sectionProgressOf(ctx.database, ctx.user.id)),

  /**
   * Marks a finished study session. Progress is kept from the answers themselves, so the counts in
   * the body are checked for shape and otherwise ignored: the answer is the section's record.
   */
  saveSection: protectedProcedure
    .meta(
      rest(
        "POST",
        "/progress/section",
        "Record a finished study session; answers with the section's recomputed progress",
      ),
    )
    .input(sectionProgressInput)
    .output(sectionProgress)
    .mutation(async ({ ctx, input }) => {
      const [record] = await sectionProgressOf(ctx.database, ctx.user.id, input.sectionNumber);
      return record ?? { sectionNumber: input.sectionNumber, questionsAttempted: 0, questionsCorrect: 0 };
    }),

  questionAttempt: protectedProcedure
    .meta(
      rest(
        "POST",
        "/progress/question-attempt",
        "Submit one answer; the server grades it (isCorrect in the body is ignored)",
      ),
    )
    .input(questionAttemptInput)
    .output(questionAttemptResult)
    .mutation(async ({ ctx, input }) => {
      const question = await findQuestion(ctx.content, input.questionId);
      // Written together with other members' answers arriving at the same moment (group commit).
      const { answer: stored, progress: record } = await answerWriterFor(ctx.database)
        .write(ctx.user.id, {
          id: input.id ?? randomUUID(),
          questionId: question.id,
          sectionNumber: question.sectionNumber,
          userAnswer: input.userAnswer,
          isCorrect: isAnswerCorrect(question, input.userAnswer),
          chosenOption: chosenOptionIndex(question, input.userAnswer),
          timeTakenMs: input.timeTakenMs ?? null,
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
        sectionProgress: record ?? {
          sectionNumber: question.sectionNumber,
          questionsAttempted: 0,
          questionsCorrect: 0,
        },
      };
    }),
});
