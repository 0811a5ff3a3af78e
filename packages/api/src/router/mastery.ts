import { randomUUID } from "node:crypto";
import { flashcardMastery } from "@jcba/db";
import { ratingForMastery } from "@jcba/domain";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { clientErrorFrom } from "../db-errors.ts";
import { recordReview, saveMastery } from "../reviews.ts";
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
      // The newest request wins (see saveMastery); the rating is also a review of the card: Needs
      // Review = Again, Mastered = Good.
      const at = ctx.receivedAt ?? new Date();
      return ctx.database
        .transaction(async (tx) => {
          const kept = await saveMastery(tx, ctx.user.id, input.flashcardId, input.mastered, at);
          await recordReview(tx, {
            id: randomUUID(),
            userId: ctx.user.id,
            itemType: "flashcard",
            itemId: input.flashcardId,
            rating: ratingForMastery(input.mastered),
            reviewedAt: at,
          });
          return kept;
        })
        .catch((e) => clientErrorFrom(e, { notFound: `Flashcard ${input.flashcardId} does not exist.` }));
    }),
});
