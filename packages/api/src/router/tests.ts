import { z } from "zod";
import { studyEditionParam } from "../services/editions/schemas.ts";
import { attemptOf, attemptsOf, checkAnswer, submitTest } from "../services/tests/attempts.ts";
import { availabilityOf, drawTest } from "../services/tests/pools.ts";
import * as tests from "../services/tests/schemas.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Practice tests");

export const testsRouter = router({
  list: protectedProcedure
    .meta(rest("GET", "/test-attempts", "The signed-in member's practice-test attempts, newest first"))
    .input(z.void())
    .output(z.array(tests.testAttempt))
    .query(({ ctx }) => attemptsOf(ctx, ctx.user.id)),

  get: protectedProcedure
    .meta(rest("GET", "/test-attempts/{id}", "One attempt with its review"))
    .input(tests.attemptId)
    .output(tests.testResult)
    .query(({ ctx, input }) => attemptOf(ctx, ctx.user.id, input.id)),

  availability: protectedProcedure
    .meta(rest("GET", "/practice-test/availability", "How many questions each section has for a practice test"))
    .input(z.object({ edition: studyEditionParam }).optional())
    .output(tests.availability)
    .query(({ ctx, input }) => availabilityOf(ctx, ctx.user.id, input?.edition)),

  draw: protectedProcedure
    .meta(
      rest(
        "GET",
        "/practice-test/questions",
        "Draw practice-test questions at random, spread across the sections, without their answers",
      ),
    )
    .input(tests.drawInput)
    .output(tests.drawnTest)
    .query(({ ctx, input }) => drawTest(ctx, ctx.user.id, input)),

  /** Tutor mode: grades one answer for feedback without recording it (the test is recorded on submit). */
  check: protectedProcedure
    .input(tests.checkInput)
    .output(tests.checkedAnswer)
    .query(({ ctx, input }) => checkAnswer(ctx, input)),

  submit: protectedProcedure
    .meta(
      rest(
        "POST",
        "/test-attempts",
        "Submit a practice test; the server grades it and records the attempt once per id",
      ),
    )
    .input(tests.submission)
    .output(tests.testResult)
    .mutation(({ ctx, input }) => submitTest(ctx, ctx.user.id, input)),
});
