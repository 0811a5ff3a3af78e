/** zod schemas of search: the query and a result. */
import { SEARCH_DEFAULT_LIMIT, SEARCH_KINDS, SEARCH_MAX_LENGTH, SEARCH_MAX_LIMIT } from "@jcba/domain";
import { hasControlChars } from "@jcba/validators";
import { sectionNumber } from "@jcba/validators/api";
import { z } from "zod";
import { studyEditionParam } from "../editions/schemas.ts";

const limitMessage = `limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}.`;

export const searchInput = z.object({
  q: z
    .string({ error: "q is required: the words or contract reference to search for." })
    .max(SEARCH_MAX_LENGTH, `q is too long (at most ${SEARCH_MAX_LENGTH} characters).`)
    .refine((v) => !hasControlChars(v, true), "q cannot contain control characters.")
    .refine((v) => v.trim().length > 0, "q is empty: type the words or contract reference to search for.")
    .meta({
      description: "Words, a quoted phrase, `or`, `-word`, or a contract reference (7.C.2, §12).",
      example: "sick leave",
    }),
  section: sectionNumber.optional().meta({ description: "Only results from this section (1–32)." }),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(SEARCH_MAX_LIMIT, limitMessage)
    .default(SEARCH_DEFAULT_LIMIT),
  edition: studyEditionParam,
});

export const searchResult = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int().meta({ description: "The question's or flashcard's id; for a section, its number." }),
  sectionNumber: z.number().int(),
  title: z.string().meta({ description: "The question text, the card's term, or the section's name." }),
  snippet: z.string().meta({
    description: "HTML-escaped text; the words that matched are wrapped in <mark>…</mark>, the only tags.",
  }),
  citation: z.string().nullable().meta({ example: "7.A.4" }),
});
