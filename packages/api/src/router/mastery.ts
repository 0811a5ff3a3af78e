import { z } from "zod";
import { chooseMastery, masteryOf } from "../services/reviews/mastery.ts";
import { mastery, masteryInput } from "../services/reviews/schemas.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Flashcards");

export const masteryRouter = router({
  list: protectedProcedure
    .meta(rest("GET", "/flashcard-mastery", "The signed-in member's flashcard mastery records"))
    .input(z.void())
    .output(z.array(mastery))
    .query(({ ctx }) => masteryOf(ctx, ctx.user.id)),

  save: protectedProcedure
    .meta(rest("POST", "/flashcard-mastery", "Mark a flashcard mastered or needing review"))
    .input(masteryInput)
    .output(mastery)
    .mutation(({ ctx, input }) => chooseMastery(ctx, ctx.user.id, input)),
});
