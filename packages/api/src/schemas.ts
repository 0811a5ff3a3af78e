/** zod schemas for every entity and input; the REST document is generated from them. */

import { MAX_TIME_TAKEN_MS } from "@jcba/domain";
import { hasControlChars } from "@jcba/validators";
import { idParam, questionType, sectionNumber } from "@jcba/validators/api";
import { z } from "zod";

/** Text without control characters (see hasControlChars). */
const safeText = (v: string) => !hasControlChars(v);
const noControl = (field: string) => `${field} cannot contain control characters.`;

// The input rules are shared with the admin forms; they live in @jcba/validators.
export {
  type FieldProblem,
  flashcardInput,
  idParam,
  type QuestionFields,
  questionFields,
  questionInput,
  questionProblem,
  questionProblems,
  questionType,
  sectionNumber,
} from "@jcba/validators/api";

/** Where a shipped item's facts come from: a link and its label ("AFA article, Feb 6, 2019"); null for admin-written items. */
const itemSource = {
  source: z.string().nullable().meta({ description: "URL of the source the item rests on." }),
  sourceLabel: z.string().nullable().meta({ example: "AFA article, Feb 6, 2019" }),
  secondSource: z.string().nullable(),
  secondSourceLabel: z.string().nullable(),
};

export const question = z.object({
  id: z.number().int(),
  sectionNumber: z.number().int(),
  questionType,
  questionText: z.string(),
  options: z.array(z.string()).nullable(),
  correctAnswer: z.string(),
  /** Fill-in only: other spellings graded as correct. */
  alternatives: z.array(z.string()).nullable(),
  explanation: z.string(),
  citation: z.string().nullable(),
  ...itemSource,
});
export type Question = z.infer<typeof question>;

export const flashcard = z.object({
  id: z.number().int(),
  sectionNumber: z.number().int(),
  term: z.string(),
  definition: z.string(),
  citation: z.string().nullable(),
  ...itemSource,
});
export type Flashcard = z.infer<typeof flashcard>;

export const sectionFilter = z.object({ section: z.optional(sectionNumber) });

export const mastery = z.object({ flashcardId: z.number().int(), mastered: z.boolean() });

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
});

export const testAttempt = z.object({
  id: z.string(),
  createdAt: z.string(),
  sectionsIncluded: z.array(z.number().int()),
  totalQuestions: z.number().int(),
  score: z.number().int(),
  timeSpentSeconds: z.number().int(),
});
export type TestAttempt = z.infer<typeof testAttempt>;

export const user = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
});

export const adminUser = user.extend({
  createdAt: z.string(),
  /** A disabled account cannot sign in; its sessions and API tokens stop working. */
  disabled: z.boolean(),
});

export const adminStats = z.object({
  totalUsers: z.number().int(),
  totalQuestions: z.number().int(),
  totalFlashcards: z.number().int(),
  totalAttempts: z.number().int(),
});

export const deleted = z.object({ id: z.number().int(), deleted: z.literal(true) });

/**
 * The same schema for the API document, without re-checking the value at run time. Only for reads
 * served from the content cache, whose rows were checked on the way in (zod on every write, CHECK
 * constraints in the database); re-parsing hundreds of items per request halved read throughput.
 */
export function cachedOutput<T extends z.ZodType>(schema: T): T {
  const documented = schema.clone() as T;
  Object.assign(documented, { parseAsync: async (value: unknown) => value, parse: (value: unknown) => value });
  return documented;
}
