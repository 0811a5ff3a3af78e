import { flashcardMastery } from "@jcba/db";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { clientErrorFrom } from "../db-errors.ts";
import { idParam, mastery } from "../schemas.ts";
import { protectedProcedure, router } from "../trpc.ts";

const TAG = ["Flashcards"];

export const masteryRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/flashcard-mastery",
        tags: TAG,
        summary: "The signed-in member's flashcard mastery records",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(mastery))
    .query(({ ctx }) =>
      ctx.database.db
        .select({ flashcardId: flashcardMastery.flashcardId, mastered: flashcardMastery.mastered })
        .from(flashcardMastery)
        .where(eq(flashcardMastery.userId, ctx.user.id))
        .orderBy(flashcardMastery.flashcardId),
    ),

  save: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/flashcard-mastery",
        tags: TAG,
        summary: "Mark a flashcard mastered or needing review",
        protect: true,
      },
    })
    .input(z.object({ flashcardId: idParam, mastered: z.boolean({ error: "mastered must be true or false." }) }))
    .output(mastery)
    .mutation(async ({ ctx, input }) => {
      await ctx.database.db
        .insert(flashcardMastery)
        .values({ userId: ctx.user.id, flashcardId: input.flashcardId, mastered: input.mastered })
        .onConflictDoUpdate({
          target: [flashcardMastery.userId, flashcardMastery.flashcardId],
          set: { mastered: input.mastered, updatedAt: new Date() },
        })
        .catch((e) => clientErrorFrom(e, { notFound: `Flashcard ${input.flashcardId} does not exist.` }));
      return input;
    }),
});
