import { randomUUID } from "node:crypto";
import { flashcardMastery } from "@jcba/db";
import { ratingForMastery } from "@jcba/domain";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { idParam, mastery } from "../schemas.ts";
import { recordReview, saveMastery } from "../services/reviews/schedule.ts";
import { clientErrorFrom } from "../trpc/db-errors.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";

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
    .input(
      z.object({
        flashcardId: idParam,
        mastered: z.boolean({ error: "mastered must be true or false." }),
        /** Chosen by the client, so a replayed write logs its review of the card once. */
        id: z
          .uuid("id must be a UUID.")
          .optional()
          .describe("Chosen by the client; a retry with the same id is logged once."),
        /** When the member chose it (a write replayed from a device's outbox can arrive long after). */
        chosenAt: z.iso
          .datetime({ offset: true, error: "chosenAt must be an ISO 8601 date and time." })
          .optional()
          .describe("When the member chose it; the newest choice wins. Later than the server's clock counts as now."),
      }),
    )
    .output(mastery)
    .mutation(async ({ ctx, input }) => {
      // The newest choice wins, whatever order the writes arrive or run in (see saveMastery): two quick
      // flips of one card executed out of order under load, or a change made offline and replayed after
      // a newer one from another device. The member's time counts when given, but never later than the
      // server's clock, so a device whose clock runs ahead cannot make its writes win for ever. The
      // rating is also a review of the card (Needs Review = Again, Mastered = Good), logged once per id.
      const receivedAt = ctx.receivedAt ?? new Date();
      const chosenAt = input.chosenAt === undefined ? receivedAt : new Date(input.chosenAt);
      const at = new Date(Math.min(chosenAt.getTime(), receivedAt.getTime()));
      return ctx.database
        .transaction(async (tx) => {
          const kept = await saveMastery(tx, ctx.user.id, input.flashcardId, input.mastered, at);
          await recordReview(tx, {
            id: input.id ?? randomUUID(),
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
