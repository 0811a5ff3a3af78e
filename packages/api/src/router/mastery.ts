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
    .input(
      z.object({
        flashcardId: idParam,
        mastered: z.boolean({ error: "mastered must be true or false." }),
        /** When the member chose it (a write replayed from a device's outbox can arrive long after). */
        chosenAt: z.iso
          .datetime({ offset: true, error: "chosenAt must be an ISO 8601 date and time." })
          .optional()
          .describe("When the member chose it; the newest choice wins. Later than the server's clock counts as now."),
      }),
    )
    .output(mastery)
    .mutation(async ({ ctx, input }) => {
      // The newest choice wins, whatever order the writes arrive or run in: two quick flips of one
      // card executed out of order under load, or a change made offline and replayed after a newer one
      // from another device. A write older than what is stored changes nothing, and the answer is the
      // value kept. The member's time counts when given, but never later than the server's clock, so a
      // device whose clock runs ahead cannot make its writes win for ever.
      const receivedAt = ctx.receivedAt ?? new Date();
      const chosenAt = input.chosenAt === undefined ? receivedAt : new Date(input.chosenAt);
      const at = new Date(Math.min(chosenAt.getTime(), receivedAt.getTime()));
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
