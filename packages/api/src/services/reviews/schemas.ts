/** zod schemas of reviews: the Review screen's session and queue, ratings, settings and flashcard mastery. */
import {
  isTimeZone,
  MAX_RETENTION,
  MIN_RETENTION,
  MISS_REASONS,
  REVIEW_ITEM_TYPES,
  REVIEW_STATE_NAMES,
} from "@jcba/domain";
import { idParam } from "@jcba/validators/api";
import { z } from "zod";
import { confidence } from "../answers/schemas.ts";
import { flashcard, question } from "../content/schemas.ts";

export const itemType = z.enum(REVIEW_ITEM_TYPES, { error: "itemType must be question or flashcard." });
const stateName = z.enum(REVIEW_STATE_NAMES);

export const reviewSettings = z.object({
  desiredRetention: z
    .number({ error: "desiredRetention must be a number." })
    .min(MIN_RETENTION, `desiredRetention must be at least ${MIN_RETENTION}.`)
    .max(MAX_RETENTION, `desiredRetention must be at most ${MAX_RETENTION}.`),
  fourButtons: z.boolean({ error: "fourButtons must be true or false." }),
  newPerDay: z
    .number({ error: "newPerDay must be a number." })
    .int("newPerDay must be a whole number.")
    .min(0, "newPerDay cannot be negative.")
    .max(9999, "newPerDay must be at most 9999."),
  reviewsPerDay: z
    .number({ error: "reviewsPerDay must be a number." })
    .int("reviewsPerDay must be a whole number.")
    .min(0, "reviewsPerDay cannot be negative.")
    .max(9999, "reviewsPerDay must be at most 9999."),
  dailyStreak: z.boolean({ error: "dailyStreak must be true or false." }),
  timeZone: z
    .string({ error: "timeZone must be a time zone name." })
    .refine(isTimeZone, "timeZone must be an IANA time zone such as America/Chicago."),
  askConfidence: z.boolean({ error: "askConfidence must be true or false." }),
});
export type ReviewSettings = z.infer<typeof reviewSettings>;

export const reviewOutcome = z.object({
  itemType,
  itemId: z.number().int(),
  due: z.string(),
  state: stateName,
  stability: z.number(),
  difficulty: z.number(),
});

export const rateInput = z.object({
  id: z.uuid("id must be a UUID."),
  itemType,
  itemId: idParam,
  rating: z
    .number({ error: "rating must be a number from 1 to 4." })
    .int("rating must be a whole number from 1 to 4.")
    .min(1, "rating must be from 1 (Again) to 4 (Easy).")
    .max(4, "rating must be from 1 (Again) to 4 (Easy)."),
  confidence: confidence.optional(),
  /** When the member rated it (a rating replayed from a device's outbox can arrive long after). */
  ratedAt: z.iso
    .datetime({ offset: true, error: "ratedAt must be an ISO 8601 date and time." })
    .optional()
    .describe("When the member rated it; later than the server's clock counts as now."),
});

export const reviewQueue = z.object({
  items: z.array(z.object({ itemType, itemId: z.number().int(), due: z.string(), state: stateName })),
  dueNow: z.number().int().meta({ description: "How many of the items are due now." }),
});

const sessionItem = z.object({
  itemType,
  itemId: z.number().int(),
  /** Never reviewed before: introduced today within the new-items cap. */
  isNew: z.boolean(),
  question: question.nullable(),
  flashcard: flashcard.nullable(),
  hard: z
    .boolean()
    .meta({ description: "A question the member lapsed 6 times or more: shown with its explanation first." }),
});

export const sessionSummary = z.object({
  dueCards: z.number().int(),
  dueQuestions: z.number().int(),
  nextDue: z.string().nullable().meta({ description: "When the next item falls due, if nothing is due now." }),
  fourButtons: z.boolean(),
  streak: z.number().int().nullable().meta({ description: "The daily streak, when the member opted in." }),
});

export const reviewSession = sessionSummary.extend({ items: z.array(sessionItem) });

export const mastery = z.object({ flashcardId: z.number().int(), mastered: z.boolean() });

export const masteryInput = z.object({
  flashcardId: idParam,
  mastered: z.boolean({ error: "mastered must be true or false." }),
  /** Chosen by the client, so a replayed write logs its review of the card once. */
  id: z
    .uuid("id must be a UUID.")
    .optional()
    .describe("Chosen by the client; a retry with the same id is logged once."),
  /** When the member chose it (a write replayed from a device's outbox can arrive long after). */
  chosenAt: z.iso
    .datetime({ offset: true, error: "chosenAt must be an ISO 8601 date and time." })
    .optional()
    .describe("When the member chose it; the newest choice wins. Later than the server's clock counts as now."),
});

const missReason = z.enum(MISS_REASONS, { error: "reason must be didnt-know, misread or mixed-up." });

export const missReasonInput = z.object({
  questionId: idParam,
  reason: missReason,
  /** Chosen by the client, so a reason replayed from a device's outbox is kept once. */
  id: z.uuid("id must be a UUID.").optional().describe("Chosen by the client; a retry with the same id is kept once."),
});
export const missReasonOutcome = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  reason: missReason,
  createdAt: z.string(),
});

export const hardItems = z.object({
  minimumLapses: z.number().int().meta({ description: "Lapses from which a question is hard." }),
  sections: z.array(
    z.object({
      sectionNumber: z.number().int(),
      items: z.array(
        z.object({
          questionId: z.number().int(),
          questionText: z.string(),
          lapses: z.number().int(),
          lastReason: missReason.nullable().meta({ description: "Why the member last said they missed it." }),
        }),
      ),
    }),
  ),
});
