import { z } from "zod";
import { clearFlags, flagsOf, setFlag } from "../services/tests/flags.ts";
import { clearFlagsInput, flagInput, flagState, flagsCleared } from "../services/tests/schemas.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Practice tests");

/** Questions a member flagged to come back to (in Study or in a test); kept until they clear them. */
export const flagsRouter = router({
  list: protectedProcedure
    .meta(rest("GET", "/question-flags", "The ids of the questions the signed-in member flagged"))
    .input(z.void())
    .output(z.array(z.number().int()))
    .query(({ ctx }) => flagsOf(ctx, ctx.user.id)),

  set: protectedProcedure
    .meta(rest("POST", "/question-flags", "Flag a question, or clear its flag"))
    .input(flagInput)
    .output(flagState)
    .mutation(({ ctx, input }) => setFlag(ctx, ctx.user.id, input)),

  clear: protectedProcedure
    .meta(
      rest(
        "POST",
        "/question-flags/clear",
        "Clear the flags of the given questions (after building a test from them, if the member chose so)",
      ),
    )
    .input(clearFlagsInput)
    .output(flagsCleared)
    .mutation(({ ctx, input }) => clearFlags(ctx, ctx.user.id, input.questionIds)),
});
