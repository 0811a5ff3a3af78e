/** zod schemas of answers and section progress. */
import { CONFIDENCES, MAX_TIME_TAKEN_MS } from "@jcba/domain";
import { hasControlChars } from "@jcba/validators";
import { idParam, sectionNumber } from "@jcba/validators/api";
import { z } from "zod";

/** Text without control characters (see hasControlChars). */
const safeText = (v: string) => !hasControlChars(v);
const noControl = (field: string) => `${field} cannot contain control characters.`;

export const sectionProgress = z.object({
  sectionNumber: z.number().int(),
  questionsAttempted: z.number().int(),
  questionsCorrect: z.number().int(),
});

const count = (field: string) =>
  z.coerce
    .number()
    .int(`${field} must be a whole number.`)
    .min(0, `${field} cannot be negative.`)
    .max(100_000, `${field} is too large.`);

export const sectionProgressInput = z.object({
  sectionNumber,
  questionsAttempted: count("questionsAttempted").optional(),
  questionsCorrect: count("questionsCorrect").optional(),
});

/** Milliseconds the member spent on a question, as the client measured it; optional for scripts. */
export const timeTakenMs = z.coerce
  .number()
  .int("timeTakenMs must be a whole number of milliseconds.")
  .min(0, "timeTakenMs cannot be negative.")
  .max(MAX_TIME_TAKEN_MS, "timeTakenMs is at most a day (86400000).")
  .optional();

/** How sure the member was of an answer; optional, so scripts written before it keep working. */
export const confidence = z.enum(CONFIDENCES, { error: "confidence must be sure, think or guess." }).meta({
  description:
    "How sure the member was: sure, think or guess (certainty-based marks; a right guess schedules as Hard).",
});

/** Certainty-based marks over some answers (only those that carried a confidence count). */
export const certainty = z.object({
  answered: z.number().int().meta({ description: "Answers that carried a confidence." }),
  marks: z
    .number()
    .int()
    .meta({ description: "Their certainty-based marks: right 1/2/3, wrong 0/−2/−6 (guess/think/sure)." }),
  maxMarks: z.number().int().meta({ description: "The most those answers could have earned." }),
  sure: z.number().int().meta({ description: 'Answers given as "sure".' }),
  sureRight: z.number().int().meta({ description: "Of those, the ones that were right." }),
});

export const questionAttemptInput = z.object({
  /** Chosen by the client so a retried request is recorded once; generated when absent. */
  id: z.uuid("id must be a UUID.").optional(),
  questionId: idParam,
  userAnswer: z
    .string({ error: "userAnswer is required." })
    .max(500, "userAnswer is too long (at most 500 characters).")
    .refine(safeText, noControl("userAnswer")),
  /** Accepted for compatibility and ignored: the server grades. */
  isCorrect: z.unknown().optional(),
  timeTakenMs,
  confidence: confidence.optional(),
});

/** One answer of a practice test. */
export const testAnswerText = z
  .string()
  .max(500, "An answer is too long (at most 500 characters).")
  .refine(safeText, noControl("An answer"));

export const questionAttemptResult = z.object({
  id: z.string(),
  questionId: z.number().int(),
  userAnswer: z.string(),
  isCorrect: z.boolean(),
  correctAnswer: z.string(),
  explanation: z.string(),
  createdAt: z.string(),
  sectionProgress,
  confidence: confidence.nullable(),
  certaintyMark: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Moodle's certainty-based mark; null without a confidence." }),
  misconception: z.boolean().meta({ description: "Wrong although the member was sure: a misconception to look at." }),
});

export const confidenceReport = z.object({
  certainty,
  misconceptions: z
    .array(
      z.object({
        questionId: z.number().int(),
        sectionNumber: z.number().int(),
        questionText: z.string(),
        answeredAt: z.string(),
      }),
    )
    .meta({
      description: "Questions last answered wrong while sure and not answered right since, newest first (at most 50).",
    }),
});
