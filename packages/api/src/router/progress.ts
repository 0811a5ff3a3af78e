import { randomUUID } from "node:crypto";
import { questionAttempts } from "@jcba/db";
import { isAnswerCorrect } from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { clientErrorFrom } from "../db-errors.ts";
import { findQuestion, recordAnswer, sectionProgressOf, toIso } from "../progress-store.ts";
import { questionAttemptInput, questionAttemptResult, sectionProgress, sectionProgressInput } from "../schemas.ts";
import { protectedProcedure, router } from "../trpc.ts";

const TAG = ["Progress"];

export const progressRouter = router({
  sections: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/progress/section",
        tags: TAG,
        summary: "The signed-in member's progress per section",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(sectionProgress))
    .query(({ ctx }) => sectionProgressOf(ctx.database, ctx.user.id)),

  /**
   * Marks a finished study session. Progress is kept from the answers themselves, so the counts in
   * the body are checked for shape and otherwise ignored: the answer is the section's record.
   */
  saveSection: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/progress/section",
        tags: TAG,
        summary: "Record a finished study session; answers with the section's recomputed progress",
        protect: true,
      },
    })
    .input(sectionProgressInput)
    .output(sectionProgress)
    .mutation(async ({ ctx, input }) => {
      const [record] = await sectionProgressOf(ctx.database, ctx.user.id, input.sectionNumber);
      return record ?? { sectionNumber: input.sectionNumber, questionsAttempted: 0, questionsCorrect: 0 };
    }),

  questionAttempt: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/progress/question-attempt",
        tags: TAG,
        summary: "Submit one answer; the server grades it (isCorrect in the body is ignored)",
        protect: true,
      },
    })
    .input(questionAttemptInput)
    .output(questionAttemptResult)
    .mutation(async ({ ctx, input }) => {
      const question = await findQuestion(ctx.content, input.questionId);
      const isCorrect = isAnswerCorrect(question, input.userAnswer);
      const id = input.id ?? randomUUID();
      const base = {
        id,
        questionId: question.id,
        correctAnswer: question.correctAnswer,
        explanation: question.explanation,
      };
      const result = await recordAnswer(ctx.database, {
        id,
        userId: ctx.user.id,
        questionId: question.id,
        sectionNumber: question.sectionNumber,
        userAnswer: input.userAnswer,
        isCorrect,
      })
        // The question was deleted between the read and the write.
        .catch((e) => clientErrorFrom(e, { notFound: `Question ${input.questionId} does not exist.` }));
      if (result.inserted) {
        return {
          ...base,
          userAnswer: input.userAnswer,
          isCorrect,
          createdAt: toIso(result.createdAt),
          sectionProgress: {
            sectionNumber: question.sectionNumber,
            questionsAttempted: result.attempted,
            questionsCorrect: result.correct,
          },
        };
      }
      // A retry: answer with what was recorded the first time.
      const [existing] = await ctx.database.db
        .select()
        .from(questionAttempts)
        .where(and(eq(questionAttempts.id, id), eq(questionAttempts.userId, ctx.user.id)));
      if (!existing || existing.questionId !== question.id)
        throw new TRPCError({ code: "CONFLICT", message: "That attempt id was already used for another answer." });
      const [record] = await sectionProgressOf(ctx.database, ctx.user.id, question.sectionNumber);
      return {
        ...base,
        userAnswer: existing.userAnswer,
        isCorrect: existing.isCorrect,
        createdAt: toIso(existing.createdAt),
        sectionProgress: record ?? {
          sectionNumber: question.sectionNumber,
          questionsAttempted: 0,
          questionsCorrect: 0,
        },
      };
    }),
});
