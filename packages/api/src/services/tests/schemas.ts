/** zod schemas of practice tests: the pools, the draw, tutor mode's check, a submission and its result. */
import { isSectionNumber, MAX_TEST_QUESTIONS, MAX_TIME_LIMIT_MINUTES, SECTION_NUMBERS } from "@jcba/domain";
import { idParam } from "@jcba/validators/api";
import { z } from "zod";
import { certainty, confidence, testAnswerText, timeTakenMs } from "../answers/schemas.ts";
import { studyEditionParam } from "../editions/schemas.ts";

export const POOLS = ["all", "unused", "incorrect", "flagged"] as const;
export type Pool = (typeof POOLS)[number];

export const testAttempt = z.object({
  id: z.string(),
  createdAt: z.string(),
  sectionsIncluded: z.array(z.number().int()),
  totalQuestions: z.number().int(),
  score: z.number().int(),
  timeSpentSeconds: z.number().int(),
});
export type TestAttempt = z.infer<typeof testAttempt>;

/** "all" or a comma-separated list of section numbers, e.g. "1,7,12". */
const sectionsParam = z
  .string()
  .trim()
  .default("all")
  .transform((raw, ctx) => {
    if (raw === "" || raw.toLowerCase() === "all") return [...SECTION_NUMBERS];
    const list = raw.split(",").map((s) => Number(s.trim()));
    if (list.some((n) => !isSectionNumber(n))) {
      ctx.addIssue({
        code: "custom",
        message: "sections must be 'all' or section numbers from 1 to 32 separated by commas.",
      });
      return z.NEVER;
    }
    return [...new Set(list)].sort((a, b) => a - b);
  });

export const testQuestion = z.object({
  id: z.number().int(),
  sectionNumber: z.number().int(),
  questionType: z.enum(["multiple-choice", "fill-in-blank"]),
  questionText: z.string(),
  options: z.array(z.string()).nullable(),
  version: z.number().int().meta({ description: "The version of the question shown; a submission names it back." }),
});

/** A graded answer's feedback: tutor mode's check, and each question of a test's review. */
export const checkedAnswer = z.object({
  isCorrect: z.boolean(),
  correctAnswer: z.string(),
  explanation: z.string(),
  citation: z.string().nullable(),
  source: z.string().nullable(),
  sourceLabel: z.string().nullable(),
});

const reviewItem = testQuestion.extend({
  userAnswer: z.string().nullable(),
  confidence: confidence.nullable(),
  ...checkedAnswer.shape,
});

export const testResult = z.object({
  attempt: testAttempt,
  correctCount: z.number().int(),
  breakdown: z.array(
    z.object({
      sectionNumber: z.number().int(),
      total: z.number().int(),
      correct: z.number().int(),
      percent: z.number().int(),
    }),
  ),
  certainty: certainty
    .nullable()
    .meta({ description: "The test's certainty-based marks; null when no answer carried a confidence." }),
  review: z.array(reviewItem),
});

export const availability = z.array(
  z.object({
    sectionNumber: z.number().int(),
    questions: z.number().int(),
    unused: z.number().int().meta({ description: "Questions the member never answered." }),
    incorrect: z.number().int().meta({ description: "Questions whose latest answer was wrong." }),
    flagged: z.number().int().meta({ description: "Questions the member flagged." }),
  }),
);

export const drawInput = z.object({
  sections: sectionsParam,
  count: z.coerce
    .number()
    .int("count must be a whole number.")
    .min(1, "count must be at least 1.")
    .max(MAX_TEST_QUESTIONS, `count must be at most ${MAX_TEST_QUESTIONS}.`)
    .default(25),
  pool: z
    .enum(POOLS, { error: "pool must be all, unused, incorrect or flagged." })
    .default("all")
    .meta({ description: "all, unused (never answered), incorrect (latest answer wrong) or flagged." }),
  code: z.string().trim().max(2000, "code is too long.").optional().meta({
    description: "A shared test code: draws that test again (sections, count and pool are then ignored).",
  }),
  edition: studyEditionParam,
});

export const drawnTest = z.object({
  sections: z.array(z.number().int()),
  available: z.number().int(),
  pool: z.enum(POOLS),
  code: z.string().meta({ description: "Share it: the same code draws the same questions in the same order." }),
  questions: z.array(testQuestion),
});

export const checkInput = z.object({ questionId: idParam, userAnswer: testAnswerText });

export const submission = z.object({
  id: z.uuid("id must be a UUID.").optional(),
  answers: z
    .array(
      z.object({
        questionId: idParam,
        userAnswer: testAnswerText.nullable(),
        timeTakenMs,
        confidence: confidence.optional(),
        version: z
          .number({ error: "version must be a whole number." })
          .int("version must be a whole number.")
          .min(1, "version must be at least 1.")
          .optional()
          .meta({
            description:
              "The version of the question drawn: a test in progress keeps the versions it drew through an edit. Default: the latest.",
          }),
      }),
    )
    .min(1, "A test needs at least one question.")
    .max(MAX_TEST_QUESTIONS, `A test has at most ${MAX_TEST_QUESTIONS} questions.`)
    .refine(
      (list) => new Set(list.map((a) => a.questionId)).size === list.length,
      "A question appears twice in the answers.",
    ),
  timeSpentSeconds: z.coerce
    .number()
    .int("timeSpentSeconds must be a whole number.")
    .min(0, "timeSpentSeconds cannot be negative.")
    .max(MAX_TIME_LIMIT_MINUTES * 60 * 4, "timeSpentSeconds is too large."),
});

export const flagInput = z.object({
  questionId: idParam,
  flagged: z.boolean({ error: "flagged must be true or false." }),
});

export const clearFlagsInput = z.object({
  questionIds: z.array(idParam).min(1, "questionIds needs at least one id.").max(500, "At most 500 ids."),
});

export const flagState = z.object({ questionId: z.number().int(), flagged: z.boolean() });

export const flagsCleared = z.object({ cleared: z.number().int() });

export const attemptId = z.object({ id: z.uuid("id must be a UUID.") });
