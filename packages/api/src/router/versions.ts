/**
 * Question and flashcard versions for admins: an item's history with a diff of the fields, restoring an
 * old version as a new one, and regrading past answers to a question with its latest answer key.
 */

import { z } from "zod";
import { regradeQuestion } from "../services/content/regrade.ts";
import { flashcard, question } from "../services/content/schemas.ts";
import { itemVersion, itemVersionsInput, regraded, restoreInput } from "../services/content/version-schemas.ts";
import { restoreVersion, versionsOf } from "../services/content/versions.ts";
import { adminProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Versions");

export const versionsRouter = router({
  questionVersions: adminProcedure
    .meta(
      rest(
        "GET",
        "/admin/questions/{id}/versions",
        "A question's versions, latest first, each with the fields it changed (admin)",
      ),
    )
    .input(itemVersionsInput)
    .output(z.array(itemVersion))
    .query(({ ctx, input }) => versionsOf(ctx, "question", input.id)),

  flashcardVersions: adminProcedure
    .meta(
      rest(
        "GET",
        "/admin/flashcards/{id}/versions",
        "A flashcard's versions, latest first, each with the fields it changed (admin)",
      ),
    )
    .input(itemVersionsInput)
    .output(z.array(itemVersion))
    .query(({ ctx, input }) => versionsOf(ctx, "flashcard", input.id)),

  restoreQuestion: adminProcedure
    .meta(
      rest(
        "POST",
        "/admin/questions/{id}/versions/{version}/restore",
        "Restore this version: a new version of the question with the old content (admin); past answers keep their grades",
      ),
    )
    .input(restoreInput)
    .output(question)
    .mutation(({ ctx, input }) => restoreVersion(ctx, "question", input.id, input.version) as never),

  restoreFlashcard: adminProcedure
    .meta(
      rest(
        "POST",
        "/admin/flashcards/{id}/versions/{version}/restore",
        "Restore this version: a new version of the flashcard with the old content (admin)",
      ),
    )
    .input(restoreInput)
    .output(flashcard)
    .mutation(({ ctx, input }) => restoreVersion(ctx, "flashcard", input.id, input.version) as never),

  regrade: adminProcedure
    .meta(
      rest(
        "POST",
        "/admin/questions/{id}/regrade",
        "Grade every past answer to the question again with its latest answer key; results and test scores change, recorded in the audit trail (admin)",
      ),
    )
    .input(itemVersionsInput)
    .output(regraded)
    .mutation(({ ctx, input }) => regradeQuestion(ctx, input.id)),
});
