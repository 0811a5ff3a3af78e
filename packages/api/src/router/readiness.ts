import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { confidenceOf } from "../services/answers/confidence.ts";
import { confidenceReport } from "../services/answers/schemas.ts";
import { calibrationOf, readinessOf } from "../services/readiness/readiness.ts";
import * as schemas from "../services/readiness/schemas.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Readiness");
const progressRest = restEndpoints("Progress");

export const readinessRouter = router({
  readiness: protectedProcedure
    .meta(
      rest(
        "GET",
        "/readiness",
        "The signed-in member's predicted recall per section and overall, with coverage; at=YYYY-MM-DD forecasts it for that day with no review in between, or with reviews=kept if they keep their daily reviews",
      ),
    )
    .input(schemas.readinessInput)
    .output(schemas.readiness)
    .query(({ ctx, input }) => readinessOf(ctx, ctx.user.id, input?.at, new Date(), input?.reviews)),

  calibration: protectedProcedure
    .meta(
      rest(
        "GET",
        "/review/calibration",
        "How the recall predicted before each review compared with what was recalled, in 10 bins; scope=union gives every member's reviews (admins only)",
      ),
    )
    .input(schemas.calibrationInput)
    .output(schemas.calibration)
    .query(({ ctx, input }) => {
      if (input?.scope === "union" && !ctx.user.isAdmin)
        throw new TRPCError({ code: "FORBIDDEN", message: "Only an admin can see every member's calibration." });
      return calibrationOf(ctx, input?.scope === "union" ? null : ctx.user.id);
    }),

  confidence: protectedProcedure
    .meta(
      progressRest(
        "GET",
        "/progress/confidence",
        'The signed-in member\'s certainty-based marks over all answers, how often "sure" was right, and the misconceptions to look at',
      ),
    )
    .input(z.void())
    .output(confidenceReport)
    .query(({ ctx }) => confidenceOf(ctx, ctx.user.id)),
});
