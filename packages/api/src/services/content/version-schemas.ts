/** zod schemas of item versions as the API shows them; the REST document is generated from them. */
import { PAST_ANSWER_CHOICES } from "@jcba/domain";
import { idParam } from "@jcba/validators/api";
import { z } from "zod";

export const itemVersionsInput = z.object({ id: idParam });

export const restoreInput = z.object({
  id: idParam,
  version: z.coerce
    .number({ error: "version must be a whole number." })
    .int("version must be a whole number.")
    .min(1, "version must be at least 1."),
});

export const pastAnswers = z
  .enum(PAST_ANSWER_CHOICES, { error: "pastAnswers must be keep or regrade." })
  .optional()
  .meta({
    description:
      "When the edit changes the correct answer: keep past answers as they were graded (the default) or regrade them with the new answer (audited).",
  });

export const itemVersion = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable().meta({
    description: "The admin whose write made this version; null for shipped content and versions made by migration.",
  }),
  latest: z.boolean(),
  content: z.record(z.string(), z.unknown()).meta({ description: "The fields members saw in this version." }),
  changes: z
    .array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() }))
    .meta({ description: "The fields that differ from the version before (every field for version 1)." }),
});

export const regraded = z.object({
  id: z.number().int(),
  version: z.number().int().meta({ description: "The version whose answer key graded the past answers." }),
  answersRegraded: z.number().int().meta({ description: "Past answers whose result changed." }),
  testsRescored: z.number().int().meta({ description: "Practice tests whose score was worked out again." }),
});
