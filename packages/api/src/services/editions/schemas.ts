/** zod schemas of contract editions as the API takes and shows them; the REST document is generated from them. */
import { EDITION_SLUG } from "@jcba/domain";
import { z } from "zod";

export const editionSlug = z
  .string({ error: "edition must be text." })
  .trim()
  .min(1, "edition is required.")
  .max(40, "edition must be at most 40 characters.")
  .regex(EDITION_SLUG, "edition must be lower-case letters, digits and dashes, like jcba-2026.");

/** `edition=` on the study paths: only items true for this edition; absent, the member's (Account → Edition). */
export const studyEditionParam = editionSlug.optional().meta({
  description: "Only items true for this contract edition (GET /api/editions); by default the one you study.",
});

/** `edition=`: the edition whose items a list shows. */
export const editionFilter = z.object({ edition: editionSlug.optional() });

export const edition = z.object({
  slug: z.string(),
  name: z.string(),
  effectiveOn: z.string().meta({ description: "The date the edition takes effect (yyyy-mm-dd)." }),
  inForce: z.boolean().meta({ description: "Whether this is the edition in force today (the members' default)." }),
  questions: z.number().int().meta({ description: "Questions true for this edition." }),
  flashcards: z.number().int().meta({ description: "Flashcards true for this edition." }),
});

export const createEditionInput = z.object({
  slug: editionSlug,
  name: z
    .string({ error: "name must be text." })
    .trim()
    .min(1, "name is required.")
    .max(100, "name must be at most 100 characters."),
  effectiveOn: z.iso.date({ error: "effectiveOn must be a date (yyyy-mm-dd)." }),
  carryOver: z.boolean().default(true).meta({
    description:
      "Make every item true for the edition in force true for the new one too (the default), so members keep studying them until an admin changes them.",
  }),
});

export const studyEditionChoice = z.object({
  chosen: z
    .string()
    .nullable()
    .meta({ description: "The edition the member chose; null: they follow the edition in force." }),
  edition: z
    .string()
    .nullable()
    .meta({ description: "The edition they study now (their choice, else the one in force)." }),
});

export const editionPair = z.object({
  a: editionSlug.meta({ description: "The earlier edition (GET /api/editions)." }),
  b: editionSlug.meta({ description: "The edition to compare it with." }),
});

const changedSide = z
  .object({
    id: z.number().int(),
    text: z.string().meta({ description: "The question, or the card's term." }),
    answer: z.string().meta({ description: "The correct answer, or the card's definition." }),
  })
  .nullable();

export const editionChanges = z.object({
  from: z.string(),
  to: z.string(),
  inForce: z.string().nullable(),
  sections: z.array(
    z.object({
      sectionNumber: z.number().int(),
      title: z.string(),
      items: z.array(
        z.object({
          kind: z.enum(["question", "flashcard"]),
          change: z.enum(["changed", "added", "removed"]).meta({
            description:
              "changed: the new item replaces the old; added: only in the later edition; removed: only in the earlier.",
          }),
          citation: z
            .string()
            .nullable()
            .meta({ description: "The paragraph (7.C.2), the new item's when both have one." }),
          old: changedSide.meta({ description: "The item in the earlier edition; null when added." }),
          new: changedSide.meta({ description: "The item in the later edition; null when removed." }),
          answerChanged: z.boolean(),
        }),
      ),
    }),
  ),
  questionIds: z
    .array(z.number().int())
    .meta({ description: "The later edition's changed and new questions, to study." }),
  flashcardIds: z
    .array(z.number().int())
    .meta({ description: "The later edition's changed and new cards, as a deck." }),
  testCode: z.string().nullable().meta({
    description: "A practice-test code of the changed and new questions (GET /api/practice-test/questions?code=).",
  }),
});
