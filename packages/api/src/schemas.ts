/** zod schemas for every entity and input; the REST document is generated from them. */

import { OPTIONS_PER_QUESTION, QUESTION_TYPES, SECTION_COUNT } from "@jcba/domain";
import { z } from "zod";
import { hasControlChars } from "./account-schemas.ts";

const MAX_TEXT = 4000;

/** Text without control characters (see hasControlChars): PostgreSQL refuses NUL, the rest only come from broken or hostile clients. */
const safeText = (v: string) => !hasControlChars(v);
const noControl = (field: string) => `${field} cannot contain control characters.`;

export const sectionNumber = z.coerce
  .number({ error: "Section must be a number from 1 to 32." })
  .int("Section must be a whole number from 1 to 32.")
  .min(1, "Section must be from 1 to 32.")
  .max(SECTION_COUNT, "Section must be from 1 to 32.");

/** A numeric id in a path or body; strings of digits are accepted (REST paths are strings). */
export const idParam = z.coerce
  .number({ error: "The id must be a number." })
  .int("The id must be a whole number.")
  .positive("The id must be positive.")
  .max(2_147_483_647, "The id is too large.");

const requiredText = (field: string, max = MAX_TEXT) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} is too long (at most ${max} characters).`)
    .refine(safeText, noControl(field));

export const questionType = z.enum(QUESTION_TYPES, {
  error: "Question type must be multiple-choice or fill-in-blank.",
});

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

export const questionFields = z.object({
  sectionNumber,
  questionType,
  questionText: requiredText("Question text"),
  options: z
    .array(
      z
        .string()
        .trim()
        .max(500, "An option is too long (at most 500 characters).")
        .refine(safeText, noControl("An option")),
    )
    .max(20, "Too many options.")
    .nullable()
    .optional(),
  correctAnswer: requiredText("Correct answer", 500),
  explanation: requiredText("Explanation"),
  citation: z
    .string()
    .trim()
    .max(40, "Citation is too long.")
    .refine(safeText, noControl("Citation"))
    .nullable()
    .optional(),
});
export type QuestionFields = z.infer<typeof questionFields>;

/** Rules of specification §5 that involve several fields; returns the first problem, if any. */
export function questionProblem(q: QuestionFields): { path: string; message: string } | null {
  if (q.questionType === "multiple-choice") {
    const options = q.options ?? [];
    if (options.length !== OPTIONS_PER_QUESTION)
      return { path: "options", message: `A multiple-choice question needs exactly ${OPTIONS_PER_QUESTION} options.` };
    const empty = options.findIndex((o) => o.trim() === "");
    if (empty >= 0) return { path: `options.${empty}`, message: `Option ${empty + 1} is required.` };
    if (new Set(options.map((o) => o.trim().toLowerCase())).size !== options.length)
      return { path: "options", message: "The options must all be different." };
    if (!options.includes(q.correctAnswer))
      return { path: "correctAnswer", message: "The correct answer must be one of the options." };
  } else if (q.options != null && q.options.length > 0) {
    return { path: "options", message: "A fill-in-blank question has no options (send null)." };
  }
  return null;
}

export const questionInput = questionFields.superRefine((q, ctx) => {
  const problem = questionProblem(q);
  if (problem)
    ctx.addIssue({
      code: "custom",
      path: problem.path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      message: problem.message,
    });
});

export const flashcard = z.object({
  id: z.number().int(),
  sectionNumber: z.number().int(),
  term: z.string(),
  definition: z.string(),
  citation: z.string().nullable(),
  ...itemSource,
});
export type Flashcard = z.infer<typeof flashcard>;

export const flashcardInput = z.object({
  sectionNumber,
  term: requiredText("Term", 200),
  definition: requiredText("Definition"),
  citation: z
    .string()
    .trim()
    .max(40, "Citation is too long.")
    .refine(safeText, noControl("Citation"))
    .nullable()
    .optional(),
});

export const sectionFilter = z.object({ section: sectionNumber.optional() });

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

export const adminUser = user.extend({ createdAt: z.string() });

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
