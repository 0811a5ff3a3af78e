import { z } from "zod";
import * as reminderService from "../services/reminders/reminders.ts";
import * as push from "../services/reminders/schemas.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Reminders");

export const pushRouter = router({
  key: protectedProcedure
    .meta(rest("GET", "/push/key", "The server's VAPID public key (base64url), for the browser's push subscription"))
    .input(z.void())
    .output(push.pushKey)
    .query(({ ctx }) => reminderService.vapidPublicKey(ctx)),

  subscribe: protectedProcedure
    .meta(
      rest(
        "POST",
        "/push/subscriptions",
        "Keep this browser's push subscription (its PushSubscription.toJSON()) for the signed-in member's reminders",
        { successStatus: 201 },
      ),
    )
    .input(push.subscriptionInput)
    .output(push.subscription)
    .mutation(({ ctx, input }) => reminderService.subscribe(ctx, ctx.user.id, input)),

  unsubscribe: protectedProcedure
    .meta(rest("DELETE", "/push/subscriptions/{id}", "Forget one of the signed-in member's push subscriptions"))
    .input(push.subscriptionId)
    .output(z.object({ id: z.number().int() }))
    .mutation(({ ctx, input }) => reminderService.unsubscribe(ctx, ctx.user.id, input.id)),

  reminders: protectedProcedure
    .meta(
      rest(
        "GET",
        "/reminders",
        "The signed-in member's daily review reminder: on or off, its time, quiet hours, time zone and days off",
      ),
    )
    .input(z.void())
    .output(push.reminderSettings)
    .query(({ ctx }) => reminderService.remindersOf(ctx, ctx.user.id)),

  updateReminders: protectedProcedure
    .meta(
      rest(
        "PATCH",
        "/reminders",
        "Change the signed-in member's daily review reminder; at most one a day, only when items are due, never in quiet hours or on a day off",
      ),
    )
    .input(push.reminderPatch)
    .output(push.reminderSettings)
    .mutation(({ ctx, input }) => reminderService.updateReminders(ctx, ctx.user.id, input)),
});
