/** A member's flashcard mastery: Mastered or Needs Review per card, the newest choice winning. */
import { randomUUID } from "node:crypto";
import { flashcardMastery } from "@jcba/db";
import { ratingForMastery } from "@jcba/domain";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { clientErrorFrom } from "../../trpc/db-errors.ts";
import type { Context } from "../../trpc/procedures.ts";
import { recordReview, saveMastery } from "./schedule.ts";
import type { masteryInput } from "./schemas.ts";

export function masteryOf(ctx: Pick<Context, "database">, userId: number) {
  return ctx.database.db
    .select({ flashcardId: flashcardMastery.flashcardId, mastered: flashcardMastery.mastered })
    .from(flashcardMastery)
    .where(eq(flashcardMastery.userId, userId))
    .orderBy(flashcardMastery.flashcardId);
}

export function chooseMastery(
  ctx: Pick<Context, "database" | "receivedAt">,
  userId: number,
  input: z.infer<typeof masteryInput>,
) {
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
      const kept = await saveMastery(tx, userId, input.flashcardId, input.mastered, at);
      await recordReview(tx, {
        id: input.id ?? randomUUID(),
        userId,
        itemType: "flashcard",
        itemId: input.flashcardId,
        rating: ratingForMastery(input.mastered),
        reviewedAt: at,
      });
      return kept;
    })
    .catch((e) => clientErrorFrom(e, { notFound: `Flashcard ${input.flashcardId} does not exist.` }));
}
