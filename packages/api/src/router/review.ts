import { z } from "zod";
import { modelOf } from "../services/review-model/model.ts";
import * as reviewModel from "../services/review-model/schemas.ts";
import { workloadOf } from "../services/review-model/workload.ts";
import { hardItemsOf, recordMissReason } from "../services/reviews/hard-items.ts";
import * as reviews from "../services/reviews/schemas.ts";
import { rateItem, reviewQueueOf, sessionOf, updateSettings } from "../services/reviews/sessions.ts";
import { settingsOf } from "../services/reviews/settings.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Review");

export const reviewRouter = router({
  queue: protectedProcedure
    .meta(
      rest("GET", "/review/queue", "The signed-in member's review items due within the next 24 hours, soonest first"),
    )
    .input(z.void())
    .output(reviews.reviewQueue)
    .query(({ ctx }) => reviewQueueOf(ctx, ctx.user.id)),

  rate: protectedProcedure
    .meta(
      rest(
        "POST",
        "/review",
        "Rate one review item (1 Again, 2 Hard, 3 Good, 4 Easy); a retry with the same id changes nothing",
      ),
    )
    .input(reviews.rateInput)
    .output(reviews.reviewOutcome)
    .mutation(({ ctx, input }) => rateItem(ctx, ctx.user.id, input)),

  session: protectedProcedure
    .meta(
      rest("GET", "/review/session", "Today's review session: due items and new ones within the member's daily caps"),
    )
    .input(z.void())
    .output(reviews.reviewSession)
    .query(({ ctx }) => sessionOf(ctx, ctx.user.id)),

  summary: protectedProcedure
    .input(z.void())
    .output(reviews.sessionSummary)
    .query(async ({ ctx }) => {
      const { items: _, ...summary } = await sessionOf(ctx, ctx.user.id);
      return summary;
    }),

  settings: protectedProcedure
    .meta(rest("GET", "/review/settings", "The signed-in member's review settings"))
    .input(z.void())
    .output(reviews.reviewSettings)
    .query(({ ctx }) => settingsOf(ctx, ctx.user.id)),

  updateSettings: protectedProcedure
    .meta(rest("PATCH", "/review/settings", "Change some of the signed-in member's review settings"))
    .input(reviews.reviewSettings.partial())
    .output(reviews.reviewSettings)
    .mutation(({ ctx, input }) => updateSettings(ctx, ctx.user.id, input)),

  model: protectedProcedure
    .meta(
      rest(
        "GET",
        "/review/model",
        "The memory model that schedules the signed-in member: FSRS's defaults, the union-wide one, or their own (when it predicts their recall better)",
      ),
    )
    .input(z.void())
    .output(reviewModel.modelSummary)
    .query(({ ctx }) => modelOf(ctx, ctx.user.id)),

  workload: protectedProcedure
    .meta(
      rest(
        "GET",
        "/review/workload",
        "Reviews the signed-in member can expect each day (and new items seen) for the next days (30 unless days says) at a retention from 0.80 to 0.97 (theirs unless retention says): an FSRS simulation of their items",
      ),
    )
    .input(reviewModel.workloadInput)
    .output(z.array(reviewModel.workloadDay))
    .query(({ ctx, input }) => workloadOf(ctx, ctx.user.id, input)),

  hardItems: protectedProcedure
    .meta(
      rest(
        "GET",
        "/review/hard-items",
        "The signed-in member's hard items (questions lapsed 6 times or more) by section, with why they last said they missed each",
      ),
    )
    .input(z.void())
    .output(reviews.hardItems)
    .query(({ ctx }) => hardItemsOf(ctx, ctx.user.id)),

  missReason: protectedProcedure
    .meta(
      rest(
        "POST",
        "/review/miss-reasons",
        "Say why a hard item was missed: didnt-know, misread or mixed-up (with another rule)",
        { successStatus: 201 },
      ),
    )
    .input(reviews.missReasonInput)
    .output(reviews.missReasonOutcome)
    .mutation(({ ctx, input }) => recordMissReason(ctx, ctx.user.id, input)),
});
