import { z } from "zod";
import { deletePlan, planOf, setPlan } from "../services/study-plan/plan.ts";
import * as schemas from "../services/study-plan/schemas.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Study plan");

export const studyPlanRouter = router({
  get: protectedProcedure
    .meta(
      rest(
        "GET",
        "/study-plan",
        "The signed-in member's plan to a date: its sections, date and target, today's goal, whether they are on track, and its summary once ended",
      ),
    )
    .input(z.void())
    .output(schemas.studyPlan)
    .query(({ ctx }) => planOf(ctx, ctx.user.id)),

  set: protectedProcedure
    .meta(
      rest(
        "PUT",
        "/study-plan",
        "Set the signed-in member's plan ('know these sections by this date'), replacing the one they had",
      ),
    )
    .input(schemas.planInput)
    .output(schemas.studyPlan)
    .mutation(({ ctx, input }) => setPlan(ctx, ctx.user.id, input)),

  delete: protectedProcedure
    .meta(rest("DELETE", "/study-plan", "End the signed-in member's plan now"))
    .input(z.void())
    .output(schemas.studyPlan)
    .mutation(({ ctx }) => deletePlan(ctx, ctx.user.id)),
});
