import { z } from "zod";
import { sectionProgressOf } from "../services/answers/answers.ts";
import * as answers from "../services/answers/schemas.ts";
import { answerQuestion, sectionProgressAfter } from "../services/answers/study.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Progress");

export const progressRouter = router({
  sections: protectedProcedure
    .meta(rest("GET", "/progress/section", "The signed-in member's progress per section"))
    .input(z.void())
    .output(z.array(answers.sectionProgress))
    .query(({ ctx }) => sectionProgressOf(ctx.database, ctx.user.id)),

  /**
   * Marks a finished study session. Progress is kept from the answers themselves, so the counts in
   * the body are checked for shape and otherwise ignored: the answer is the section's record.
   */
  saveSection: protectedProcedure
    .meta(
      rest(
        "POST",
        "/progress/section",
        "Record a finished study session; answers with the section's recomputed progress",
      ),
    )
    .input(answers.sectionProgressInput)
    .output(answers.sectionProgress)
    .mutation(({ ctx, input }) => sectionProgressAfter(ctx, ctx.user.id, input.sectionNumber)),

  questionAttempt: protectedProcedure
    .meta(
      rest(
        "POST",
        "/progress/question-attempt",
        "Submit one answer; the server grades it (isCorrect in the body is ignored)",
      ),
    )
    .input(answers.questionAttemptInput)
    .output(answers.questionAttemptResult)
    .mutation(({ ctx, input }) => answerQuestion(ctx, ctx.user.id, input)),
});
