import { memberSettings } from "@jcba/db";
import {
  DEFAULT_RETENTION,
  dailyStreak,
  isTimeZone,
  localDate,
  MAX_RETENTION,
  MIN_RETENTION,
  REVIEW_ITEM_TYPES,
  REVIEW_STATE_NAMES,
  type ReviewItemType,
  type ReviewRating,
  type ReviewStateCode,
} from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { flashcard, idParam, question } from "../schemas.ts";
import { toIso } from "../services/answers/answers.ts";
import type { ContentCache } from "../services/content/content-cache.ts";
import { recordReview, saveMastery } from "../services/reviews/schedule.ts";
import type { Context } from "../trpc/procedures.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";

const TAG = ["Review"];

const itemType = z.enum(REVIEW_ITEM_TYPES, { error: "itemType must be question or flashcard." });
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
});
export type ReviewSettings = z.infer<typeof reviewSettings>;

export const DEFAULT_SETTINGS: ReviewSettings = {
  desiredRetention: DEFAULT_RETENTION,
  fourButtons: false,
  newPerDay: 20,
  reviewsPerDay: 200,
  dailyStreak: false,
  timeZone: "UTC",
};

async function settingsOf(ctx: Pick<Context, "database">, userId: number): Promise<ReviewSettings> {
  const [row] = await ctx.database.db
    .select({
      desiredRetention: memberSettings.desiredRetention,
      fourButtons: memberSettings.fourButtons,
      newPerDay: memberSettings.newPerDay,
      reviewsPerDay: memberSettings.reviewsPerDay,
      dailyStreak: memberSettings.dailyStreak,
      timeZone: memberSettings.timeZone,
    })
    .from(memberSettings)
    .where(eq(memberSettings.userId, userId));
  return row ?? DEFAULT_SETTINGS;
}

interface DueRow {
  item_type: ReviewItemType;
  item_id: number;
  due: string | Date;
  state: number;
}

/** Whether the item is still in the bank (archived and deleted items leave the queue). */
async function inBank(content: ContentCache, type: ReviewItemType, id: number) {
  const snapshot = await content.get();
  return type === "question" ? snapshot.questionsById.has(id) : snapshot.flashcardsById.has(id);
}

const reviewOutcome = z.object({
  itemType,
  itemId: z.number().int(),
  due: z.string(),
  state: stateName,
  stability: z.number(),
  difficulty: z.number(),
});

const sessionItem = z.object({
  itemType,
  itemId: z.number().int(),
  /** Never reviewed before: introduced today within the new-items cap. */
  isNew: z.boolean(),
  question: question.nullable(),
  flashcard: flashcard.nullable(),
});

/** Today's review session: due items and new ones within the member's daily caps. */
async function sessionOf(ctx: Pick<Context, "database" | "content">, userId: number) {
  const settings = await settingsOf(ctx, userId);
  const tz = settings.timeZone;
  // Reviews done since the start of today in the member's time zone, counted against the caps.
  const [done] = await ctx.database.rows<{ reviews: number; fresh: number }>(sql`
    WITH today AS (SELECT date_trunc('day', now() AT TIME ZONE ${tz}) AT TIME ZONE ${tz} AS start)
    SELECT (count(*) FILTER (WHERE NOT is_new))::int AS reviews, (count(*) FILTER (WHERE is_new))::int AS fresh
    FROM review_log WHERE user_id = ${userId} AND reviewed_at >= (SELECT start FROM today)`);
  const reviewsLeft = Math.max(0, settings.reviewsPerDay - (done?.reviews ?? 0));
  const newLeft = Math.max(0, settings.newPerDay - (done?.fresh ?? 0));

  const snapshot = await ctx.content.get();
  const due = await ctx.database.rows<DueRow>(sql`
    SELECT item_type, item_id, due, state FROM review_items
    WHERE user_id = ${userId} AND due <= now() ORDER BY due, item_type, item_id`);
  const dueItems = due
    .filter((r) =>
      r.item_type === "question" ? snapshot.questionsById.has(r.item_id) : snapshot.flashcardsById.has(r.item_id),
    )
    .slice(0, reviewsLeft);

  // New items: the bank's cards and questions the member never reviewed, in section order,
  // alternating card and question so a session mixes both.
  const fresh: { itemType: ReviewItemType; itemId: number }[] = [];
  if (newLeft > 0) {
    const seen = await ctx.database.rows<{ item_type: ReviewItemType; item_id: number }>(
      sql`SELECT item_type, item_id FROM review_items WHERE user_id = ${userId}`,
    );
    const seenKeys = new Set(seen.map((s) => `${s.item_type}:${s.item_id}`));
    const cards = snapshot.flashcards.filter((f) => !seenKeys.has(`flashcard:${f.id}`));
    const qs = snapshot.questions.filter((q) => !seenKeys.has(`question:${q.id}`));
    for (let i = 0; fresh.length < newLeft && (i < cards.length || i < qs.length); i++) {
      if (i < cards.length) fresh.push({ itemType: "flashcard", itemId: cards[i]!.id });
      if (fresh.length < newLeft && i < qs.length) fresh.push({ itemType: "question", itemId: qs[i]!.id });
    }
  }

  const items = [
    ...dueItems.map((r) => ({ itemType: r.item_type, itemId: r.item_id, isNew: false })),
    ...fresh.map((f) => ({ ...f, isNew: true })),
  ].map((i) => ({
    ...i,
    question: i.itemType === "question" ? (snapshot.questionsById.get(i.itemId) ?? null) : null,
    flashcard: i.itemType === "flashcard" ? (snapshot.flashcardsById.get(i.itemId) ?? null) : null,
  }));

  const [next] = await ctx.database.rows<{ due: string | Date }>(sql`
    SELECT min(due) AS due FROM review_items WHERE user_id = ${userId} AND due > now()`);

  let streak: number | null = null;
  if (settings.dailyStreak) {
    const days = await ctx.database.rows<{ day: string }>(sql`
      SELECT DISTINCT to_char(at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day FROM (
        SELECT reviewed_at AS at FROM review_log WHERE user_id = ${userId} AND reviewed_at > now() - interval '400 days'
        UNION ALL
        SELECT created_at FROM question_attempts WHERE user_id = ${userId} AND created_at > now() - interval '400 days'
      ) activity`);
    streak = dailyStreak(
      days.map((d) => d.day),
      localDate(tz, new Date()),
    );
  }

  return {
    dueCards: items.filter((i) => i.itemType === "flashcard").length,
    dueQuestions: items.filter((i) => i.itemType === "question").length,
    items,
    nextDue: next?.due ? toIso(next.due) : null,
    fourButtons: settings.fourButtons,
    streak,
  };
}

const sessionSummary = z.object({
  dueCards: z.number().int(),
  dueQuestions: z.number().int(),
  nextDue: z.string().nullable().meta({ description: "When the next item falls due, if nothing is due now." }),
  fourButtons: z.boolean(),
  streak: z.number().int().nullable().meta({ description: "The daily streak, when the member opted in." }),
});

export const reviewRouter = router({
  queue: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/review/queue",
        tags: TAG,
        summary: "The signed-in member's review items due within the next 24 hours, soonest first",
        protect: true,
      },
    })
    .input(z.void())
    .output(
      z.object({
        items: z.array(z.object({ itemType, itemId: z.number().int(), due: z.string(), state: stateName })),
        dueNow: z.number().int().meta({ description: "How many of the items are due now." }),
      }),
    )
    .query(async ({ ctx }) => {
      const rows = await ctx.database.rows<DueRow & { now: string | Date }>(sql`
        SELECT item_type, item_id, due, state, now() AS now FROM review_items
        WHERE user_id = ${ctx.user.id} AND due <= now() + interval '24 hours'
        ORDER BY due, item_type, item_id`);
      const snapshot = await ctx.content.get();
      const kept = rows.filter((r) =>
        r.item_type === "question" ? snapshot.questionsById.has(r.item_id) : snapshot.flashcardsById.has(r.item_id),
      );
      const now = rows[0] ? new Date(rows[0].now).getTime() : Date.now();
      return {
        items: kept.map((r) => ({
          itemType: r.item_type,
          itemId: r.item_id,
          due: toIso(r.due),
          state: REVIEW_STATE_NAMES[r.state as ReviewStateCode],
        })),
        dueNow: kept.filter((r) => new Date(r.due).getTime() <= now).length,
      };
    }),

  rate: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/review",
        tags: TAG,
        summary: "Rate one review item (1 Again, 2 Hard, 3 Good, 4 Easy); a retry with the same id changes nothing",
        protect: true,
      },
    })
    .input(
      z.object({
        id: z.uuid("id must be a UUID."),
        itemType,
        itemId: idParam,
        rating: z
          .number({ error: "rating must be a number from 1 to 4." })
          .int("rating must be a whole number from 1 to 4.")
          .min(1, "rating must be from 1 (Again) to 4 (Easy).")
          .max(4, "rating must be from 1 (Again) to 4 (Easy)."),
      }),
    )
    .output(reviewOutcome)
    .mutation(async ({ ctx, input }) => {
      if (!(await inBank(ctx.content, input.itemType, input.itemId)))
        throw new TRPCError({
          code: "NOT_FOUND",
          message: `${input.itemType === "question" ? "Question" : "Flashcard"} ${input.itemId} does not exist.`,
        });
      const at = ctx.receivedAt ?? new Date();
      const rating = input.rating as ReviewRating;
      const outcome = await ctx.database.transaction(async (tx) => {
        const reviewed = await recordReview(tx, { ...input, rating, userId: ctx.user.id, reviewedAt: at });
        // A flashcard's mastery record follows its last rating: Good or Easy is mastered.
        if (reviewed.inserted && input.itemType === "flashcard")
          await saveMastery(tx, ctx.user.id, input.itemId, rating >= 3, at);
        return reviewed;
      });
      const { inserted: _, ...answer } = outcome;
      return answer;
    }),

  session: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/review/session",
        tags: TAG,
        summary: "Today's review session: due items and new ones within the member's daily caps",
        protect: true,
      },
    })
    .input(z.void())
    .output(sessionSummary.extend({ items: z.array(sessionItem) }))
    .query(({ ctx }) => sessionOf(ctx, ctx.user.id)),

  summary: protectedProcedure
    .input(z.void())
    .output(sessionSummary)
    .query(async ({ ctx }) => {
      const { items: _, ...summary } = await sessionOf(ctx, ctx.user.id);
      return summary;
    }),

  settings: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/review/settings",
        tags: TAG,
        summary: "The signed-in member's review settings",
        protect: true,
      },
    })
    .input(z.void())
    .output(reviewSettings)
    .query(({ ctx }) => settingsOf(ctx, ctx.user.id)),

  updateSettings: protectedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/review/settings",
        tags: TAG,
        summary: "Change some of the signed-in member's review settings",
        protect: true,
      },
    })
    .input(reviewSettings.partial())
    .output(reviewSettings)
    .mutation(async ({ ctx, input }) => {
      const next = { ...(await settingsOf(ctx, ctx.user.id)), ...input };
      await ctx.database.db
        .insert(memberSettings)
        .values({ userId: ctx.user.id, ...next })
        .onConflictDoUpdate({ target: memberSettings.userId, set: { ...input, updatedAt: new Date() } });
      return settingsOf(ctx, ctx.user.id);
    }),
});
