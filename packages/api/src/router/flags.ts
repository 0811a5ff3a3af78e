import { questionFlags } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { idParam } from "../schemas.ts";
import { clientErrorFrom } from "../trpc/db-errors.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";

const TAG = ["Practice tests"];

/** Questions a member flagged to come back to (in Study or in a test); kept until they clear them. */
export const flagsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/question-flags",
        tags: TAG,
        summary: "The ids of the questions the signed-in member flagged",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(z.number().int()))
    .query(async ({ ctx }) => {
      const rows = await ctx.database.db
        .select({ id: questionFlags.questionId })
        .from(questionFlags)
        .where(eq(questionFlags.userId, ctx.user.id))
        .orderBy(questionFlags.questionId);
      return rows.map((r) => r.id);
    }),

  set: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/question-flags",
        tags: TAG,
        summary: "Flag a question, or clear its flag",
        protect: true,
      },
    })
    .input(z.object({ questionId: idParam, flagged: z.boolean({ error: "flagged must be true or false." }) }))
    .output(z.object({ questionId: z.number().int(), flagged: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const snapshot = await ctx.content.get();
      if (!snapshot.questionsById.has(input.questionId))
        throw new TRPCError({ code: "NOT_FOUND", message: `Question ${input.questionId} does not exist.` });
      if (input.flagged)
        await ctx.database.db
          .insert(questionFlags)
          .values({ userId: ctx.user.id, questionId: input.questionId })
          .onConflictDoNothing()
          .catch((e) => clientErrorFrom(e, { notFound: `Question ${input.questionId} does not exist.` }));
      else
        await ctx.database.db
          .delete(questionFlags)
          .where(and(eq(questionFlags.userId, ctx.user.id), eq(questionFlags.questionId, input.questionId)));
      return input;
    }),

  clear: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/question-flags/clear",
        tags: TAG,
        summary: "Clear the flags of the given questions (after building a test from them, if the member chose so)",
        protect: true,
      },
    })
    .input(
      z.object({
        questionIds: z.array(idParam).min(1, "questionIds needs at least one id.").max(500, "At most 500 ids."),
      }),
    )
    .output(z.object({ cleared: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      const gone = await ctx.database.db
        .delete(questionFlags)
        .where(and(eq(questionFlags.userId, ctx.user.id), inArray(questionFlags.questionId, input.questionIds)))
        .returning({ id: questionFlags.questionId });
      return { cleared: gone.length };
    }),
});
