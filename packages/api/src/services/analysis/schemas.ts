/** zod schemas of item analysis (admins) and peer statistics (members). */
import { ITEM_FLAG_LABELS, type ItemFlag, MAX_TEST_QUESTIONS } from "@jcba/domain";
import { idParam, sectionNumber } from "@jcba/validators/api";
import { z } from "zod";

const itemFlag = z.enum(Object.keys(ITEM_FLAG_LABELS) as [ItemFlag, ...ItemFlag[]]);

const versionAnalysis = z.object({
  version: z.number().int().meta({ description: "The question version these first answers were given to." }),
  questionType: z.enum(["multiple-choice", "fill-in-blank"]),
  questionText: z.string(),
  options: z.array(z.string()).nullable(),
  correctAnswer: z.string(),
  firstAnswers: z.number().int().meta({ description: "Members' first answers to the question." }),
  facility: z.number().nullable().meta({ description: "Share of first answers that were right (0–1); null under 30." }),
  discrimination: z.number().nullable().meta({
    description:
      "Point-biserial correlation between a right first answer and the member's first-answer share right on the rest of the bank; null under 30 answers or when nothing varies.",
  }),
  optionCounts: z
    .array(z.number().int())
    .nullable()
    .meta({ description: "First answers per option, in stored order." }),
  medianTimeMs: z.number().nullable(),
  flags: z.array(itemFlag),
  needsChecking: z.boolean(),
});

const itemAnalysisRow = versionAnalysis.extend({
  questionId: z.number().int(),
  earlierVersions: z.array(versionAnalysis).meta({
    description:
      "The figures of each earlier version that members answered, latest first; the row itself is the latest version.",
  }),
});

export const peerStatsRow = z.object({
  questionId: z.number().int(),
  firstAnswers: z.number().int(),
  percentCorrect: z.number().int().nullable(),
  optionPercents: z.array(z.number().int()).nullable(),
});

export const analysisInput = z.object({
  section: sectionNumber,
  refresh: z.enum(["true", "false"], { error: "refresh must be true or false." }).optional(),
});

export const sectionAnalysis = z.object({
  section: z.number().int(),
  minimumAnswers: z.number().int(),
  computedAt: z.string().meta({ description: "When the figures were computed (ISO 8601)." }),
  questions: z.array(itemAnalysisRow),
});

export const peerStatsInput = z.object({
  questionIds: z
    .array(idParam)
    .min(1, "Give at least one question id.")
    .max(MAX_TEST_QUESTIONS, `At most ${MAX_TEST_QUESTIONS} questions at once.`),
});
