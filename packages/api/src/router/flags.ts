import { idParam } from "@jcba/validators/api";
import { z } from "zod";
import { clearFlags, flagsOf, setFlag } from "../services/tests/flags.ts";
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
    .input(z.object({ questionId: idParam, flagged: z.boolean({ error: "flagged must be true or false." }) }))
    .output(z.object({ questionId: z.number().int(), flagged: z.boolean() }))
    .mutation(({ ctx, input }) => setFlag(ctx, ctx.user.id, input)),

  clear: protectedProcedure
    .meta(
      rest(
        "POST",
        "/question-flags/clear",
        "Clear the flags of the given questions (after building a test from them, if the member chose so)",
      ),
    )
    .input(
      z.object({
        questionIds: z.array(idParam).min(1, "questionIds needs at least one id.").max(500, "At most 500 ids."),
      }),
    )
    .output(z.object({ cleared: z.number().int() }))
    .mutation(({ ctx, input }) => clearFlags(ctx, ctx.user.id, input.questionIds)),
});
