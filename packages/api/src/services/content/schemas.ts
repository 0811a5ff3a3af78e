/** zod schemas of the question bank and the deck as the API shows them; the REST document is generated from them. */
import type { flashcardInput, questionInput } from "@jcba/validators/api";
import { questionType, sectionNumber } from "@jcba/validators/api";
import { z } from "zod";
import { editionSlug } from "../editions/schemas.ts";

export type QuestionInput = z.infer<typeof questionInput>;
export type FlashcardInput = z.infer<typeof flashcardInput>;

/** Where a shipped item's facts come from: a link and its label ("AFA article, Feb 6, 2019"); null for admin-written items. */
const itemSource = {
  source: z.string().nullable().meta({ description: "URL of the source the item rests on." }),
  sourceLabel: z.string().nullable().meta({ example: "AFA article, Feb 6, 2019" }),
  secondSource: z.string().nullable(),
  secondSourceLabel: z.string().nullable(),
};

/** The item's latest version: each change of what members see or how it is graded makes a new one. */
export const itemVersion = z.number().int().meta({ description: "The item's latest version (1 when never changed)." });

/** The contract editions the item is true for. */
const itemEditions = z
  .array(z.string())
  .meta({ description: "The contract editions the item is true for (GET /api/editions).", example: ["jcba-2016"] });

/** What a question and a flashcard share after their own text, as the schema's contentItemColumns does. */
const contentItemFields = {
  citation: z.string().nullable(),
  ...itemSource,
  version: itemVersion,
  editions: itemEditions,
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
  ...contentItemFields,
});
export type Question = z.infer<typeof question>;

export const flashcard = z.object({
  id: z.number().int(),
  sectionNumber: z.number().int(),
  term: z.string(),
  definition: z.string(),
  ...contentItemFields,
});
export type Flashcard = z.infer<typeof flashcard>;

export const sectionFilter = z.object({
  section: z.optional(sectionNumber),
  edition: editionSlug.optional().meta({ description: "Only the items true for this contract edition." }),
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
