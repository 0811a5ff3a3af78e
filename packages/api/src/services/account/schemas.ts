/** zod schemas of a member's account: API tokens as listed (the inputs are shared with forms in @jcba/validators). */
import { TOKEN_SCOPES } from "@jcba/validators/api";
import { z } from "zod";
import { user } from "../directory/schemas.ts";

export const tokenInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
});

export const passwordChanged = z.object({ changed: z.literal(true), otherSessionsEnded: z.literal(true) });

export const tokenRevoked = z.object({ id: z.number().int(), revoked: z.literal(true) });

const when = z.string().meta({ description: "ISO 8601" });
const itemType = z.enum(["question", "flashcard"]);

/** Everything the app holds about one member, as 'Download my data' and GET /api/account/export give it. */
export const accountExport = z.object({
  exportedAt: when,
  profile: user.extend({ createdAt: when }),
  settings: z
    .object({
      desiredRetention: z.number(),
      fourButtons: z.boolean(),
      newPerDay: z.number().int(),
      reviewsPerDay: z.number().int(),
      dailyStreak: z.boolean(),
      timeZone: z.string(),
      updatedAt: when,
    })
    .nullable()
    .meta({ description: "Null while the member keeps the defaults." }),
  answers: z.array(
    z.object({
      id: z.string(),
      questionId: z.number().int(),
      sectionNumber: z.number().int(),
      userAnswer: z.string(),
      isCorrect: z.boolean(),
      chosenOption: z.number().int().nullable(),
      timeTakenMs: z.number().int().nullable(),
      testAttemptId: z.string().nullable(),
      createdAt: when,
    }),
  ),
  tests: z.array(
    z.object({
      id: z.string(),
      createdAt: when,
      sectionsIncluded: z.array(z.number().int()),
      questionIds: z.array(z.number().int()),
      totalQuestions: z.number().int(),
      score: z.number().int(),
      timeSpentSeconds: z.number().int(),
    }),
  ),
  mastery: z.array(z.object({ flashcardId: z.number().int(), mastered: z.boolean(), updatedAt: when })),
  reviewItems: z.array(
    z.object({
      itemType,
      itemId: z.number().int(),
      due: when,
      stability: z.number(),
      difficulty: z.number(),
      state: z.number().int(),
      reps: z.number().int(),
      lapses: z.number().int(),
      learningSteps: z.number().int(),
      scheduledDays: z.number().int(),
      lastReview: when,
    }),
  ),
  reviewLog: z.array(
    z.object({
      id: z.string(),
      itemType,
      itemId: z.number().int(),
      rating: z.number().int(),
      reviewedAt: when,
      applied: z.boolean(),
      isNew: z.boolean(),
      due: when,
      stability: z.number(),
      difficulty: z.number(),
      state: z.number().int(),
    }),
  ),
  flags: z.array(z.object({ questionId: z.number().int(), createdAt: when })),
  reports: z.array(
    z.object({
      id: z.number().int(),
      itemType,
      itemId: z.number().int(),
      category: z.string(),
      comment: z.string().nullable(),
      status: z.string(),
      reply: z.string().nullable(),
      createdAt: when,
      decidedAt: when.nullable(),
    }),
  ),
  tokens: z
    .array(tokenInfo.omit({ id: true }))
    .meta({ description: "The API tokens' names and dates; never the tokens." }),
});

export type AccountExport = z.infer<typeof accountExport>;

export const accountDeleted = z.object({ deleted: z.literal(true) });

export const emailChangeSent = z.object({ sent: z.literal(true), newEmail: z.string() });

export const signInMethods = z.object({
  passwords: z.boolean().meta({ description: "Whether the hub signs in with passwords at all (PASSWORD_SIGNIN)" }),
  hasPassword: z.boolean(),
  passkeys: z.number().int(),
  sso: z.boolean().meta({ description: "Whether single sign-on is configured" }),
  pendingEmail: z.string().nullable().meta({ description: "An address asked for whose link is not followed yet" }),
});
