import { flashcardMastery } from "@jcba/db";
import { and, eq, lte } from "drizzle-orm";
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
      // The newest request wins, whatever order the database runs them in: two quick flips of one
      // card (or a retry that arrives late) can be executed out of order under load, so a write older
      // than what is stored changes nothing, and the answer is the value kept.
      const at = ctx.receivedAt ?? new Date();
      const key = and(eq(flashcardMastery.userId, ctx.user.id), eq(flashcardMastery.flashcardId, input.flashcardId));
      const written = await ctx.database.db
        .insert(flashcardMastery)
        .values({ userId: ctx.user.id, flashcardId: input.flashcardId, mastered: input.mastered, updatedAt: at })
        .onConflictDoUpdate({
          target: [flashcardMastery.userId, flashcardMastery.flashcardId],
          set: { mastered: input.mastered, updatedAt: at },
          setWhere: lte(flashcardMastery.updatedAt, at),
        })
        .returning({ flashcardId: flashcardMastery.flashcardId, mastered: flashcardMastery.mastered })
        .catch((e) => clientErrorFrom(e, { notFound: `Flashcard ${input.flashcardId} does not exist.` }));
      if (written[0]) return written[0];
      const [kept] = await ctx.database.db
        .select({ flashcardId: flashcardMastery.flashcardId, mastered: flashcardMastery.mastered })
        .from(flashcardMastery)
        .where(key);
      return kept ?? input;
    }),
});
