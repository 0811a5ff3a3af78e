/**
 * Review sessions: today's due and new items within the member's daily caps, the 24-hour queue, a
 * rating (one review, logged once per id: see schedule.ts), and the member's review settings.
 */
import { memberSettings } from "@jcba/db";
import {
  dailyStreak,
  isHardItem,
  localDate,
  REVIEW_STATE_NAMES,
  type ReviewItemType,
  type ReviewRating,
  type ReviewStateCode,
  ratingWithConfidence,
} from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import type { ContentCache } from "../content/content-cache.ts";
import { studyBank } from "../editions/member-edition.ts";
import { toIso } from "../rows.ts";
import { activePlanQuestions } from "../study-plan/plan.ts";
import { recordReview, saveMastery } from "./schedule.ts";
import type { ReviewSettings, rateInput } from "./schemas.ts";
import { settingsOf } from "./settings.ts";

type Reader = Pick<Context, "database" | "content"> & Partial<Pick<Context, "user">>;

interface DueRow {
  item_type: ReviewItemType;
  item_id: number;
  due: string | Date;
  state: number;
  lapses?: number;
}

/** Whether the item is still in the bank (archived and deleted items leave the queue). */
async function inBank(content: ContentCache, type: ReviewItemType, id: number) {
  const snapshot = await content.get();
  return type === "question" ? snapshot.questionsById.has(id) : snapshot.flashcardsById.has(id);
}

/** Today's review session: due items and new ones within the member's daily caps. */
export async function sessionOf(ctx: Reader, userId: number) {
  const settings = await settingsOf(ctx, userId);
  const tz = settings.timeZone;
  // Reviews done since the start of today in the member's time zone, counted against the caps.
  const [done] = await ctx.database.rows<{ reviews: number; fresh: number }>(sql`
    WITH today AS (SELECT date_trunc('day', now() AT TIME ZONE ${tz}) AT TIME ZONE ${tz} AS start)
    SELECT (count(*) FILTER (WHERE NOT is_new))::int AS reviews, (count(*) FILTER (WHERE is_new))::int AS fresh
    FROM review_log WHERE user_id = ${userId} AND reviewed_at >= (SELECT start FROM today)`);
  const reviewsLeft = Math.max(0, settings.reviewsPerDay - (done?.reviews ?? 0));
  const newLeft = Math.max(0, settings.newPerDay - (done?.fresh ?? 0));

  // Only the items true for the member's edition: due ones of another edition wait until they return.
  const { bank: snapshot } = await studyBank(ctx);
  const due = await ctx.database.rows<DueRow>(sql`
    SELECT item_type, item_id, due, state, lapses FROM review_items
    WHERE user_id = ${userId} AND due <= now() ORDER BY due, item_type, item_id`);
  // A study plan's questions come first, due ones and new ones alike (in their order otherwise).
  const planned = await activePlanQuestions(ctx, userId, tz);
  const inPlan = (type: ReviewItemType, id: number) => type === "question" && planned.has(id);
  const planFirst = <T>(list: T[], key: (t: T) => [ReviewItemType, number]) =>
    planned.size === 0 ? list : [...list.filter((t) => inPlan(...key(t))), ...list.filter((t) => !inPlan(...key(t)))];
  const dueItems = planFirst(
    due.filter((r) =>
      r.item_type === "question" ? snapshot.questionsById.has(r.item_id) : snapshot.flashcardsById.has(r.item_id),
    ),
    (r) => [r.item_type, r.item_id],
  ).slice(0, reviewsLeft);

  // New items: the bank's cards and questions the member never reviewed, in section order,
  // alternating card and question so a session mixes both.
  const fresh: { itemType: ReviewItemType; itemId: number }[] = [];
  if (newLeft > 0) {
    const seen = await ctx.database.rows<{ item_type: ReviewItemType; item_id: number }>(
      sql`SELECT item_type, item_id FROM review_items WHERE user_id = ${userId}`,
    );
    const seenKeys = new Set(seen.map((s) => `${s.item_type}:${s.item_id}`));
    const cards = snapshot.flashcards.filter((f) => !seenKeys.has(`flashcard:${f.id}`));
    const qs = planFirst(
      snapshot.questions.filter((q) => !seenKeys.has(`question:${q.id}`)),
      (q) => ["question", q.id],
    );
    for (const q of qs) {
      if (fresh.length >= newLeft || !planned.has(q.id)) break;
      fresh.push({ itemType: "question", itemId: q.id });
    }
    const rest = qs.slice(fresh.length);
    for (let i = 0; fresh.length < newLeft && (i < cards.length || i < rest.length); i++) {
      if (i < cards.length) fresh.push({ itemType: "flashcard", itemId: cards[i]!.id });
      if (fresh.length < newLeft && i < rest.length) fresh.push({ itemType: "question", itemId: rest[i]!.id });
    }
  }

  const items = [
    ...dueItems.map((r) => ({
      itemType: r.item_type,
      itemId: r.item_id,
      isNew: false,
      hard: r.item_type === "question" && isHardItem(r.lapses ?? 0),
    })),
    ...fresh.map((f) => ({ ...f, isNew: true, hard: false })),
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
    // Days off (flying days) marked for reminders freeze the streak.
    const [off] = await ctx.database.rows<{ daysOff: string[] }>(
      sql`SELECT days_off AS "daysOff" FROM reminder_settings WHERE user_id = ${userId}`,
    );
    streak = dailyStreak(
      days.map((d) => d.day),
      localDate(tz, new Date()),
      off?.daysOff ?? [],
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

/** The member's review items due within the next 24 hours, soonest first. */
export async function reviewQueueOf(ctx: Reader, userId: number) {
  const rows = await ctx.database.rows<DueRow & { now: string | Date }>(sql`
    SELECT item_type, item_id, due, state, now() AS now FROM review_items
    WHERE user_id = ${userId} AND due <= now() + interval '24 hours'
    ORDER BY due, item_type, item_id`);
  const { bank: snapshot } = await studyBank(ctx);
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
}

/** One rating of a review item; a retry with the same id changes nothing. */
export async function rateItem(
  ctx: Pick<Context, "database" | "content" | "receivedAt">,
  userId: number,
  input: z.infer<typeof rateInput>,
) {
  if (!(await inBank(ctx.content, input.itemType, input.itemId)))
    throw new TRPCError({
      code: "NOT_FOUND",
      message: `${input.itemType === "question" ? "Question" : "Flashcard"} ${input.itemId} does not exist.`,
    });
  const receivedAt = ctx.receivedAt ?? new Date();
  const ratedAt = input.ratedAt === undefined ? receivedAt : new Date(input.ratedAt);
  const at = new Date(Math.min(ratedAt.getTime(), receivedAt.getTime()));
  // A right guess is not knowledge: it moves the schedule as Hard at most.
  const rating = ratingWithConfidence(input.rating as ReviewRating, input.confidence);
  const outcome = await ctx.database.transaction(async (tx) => {
    const { ratedAt: _, ...rated } = input;
    const reviewed = await recordReview(tx, { ...rated, rating, userId: userId, reviewedAt: at });
    // A flashcard's mastery record follows its last rating: Good or Easy is mastered.
    if (reviewed.inserted && input.itemType === "flashcard")
      await saveMastery(tx, userId, input.itemId, rating >= 3, at);
    return reviewed;
  });
  const { inserted: _, ...answer } = outcome;
  return answer;
}

/** Changes some of the member's settings; answers with all of them. */
export async function updateSettings(ctx: Pick<Context, "database">, userId: number, input: Partial<ReviewSettings>) {
  const next = { ...(await settingsOf(ctx, userId)), ...input };
  await ctx.database.db
    .insert(memberSettings)
    .values({ userId: userId, ...next })
    .onConflictDoUpdate({ target: memberSettings.userId, set: { ...input, updatedAt: new Date() } });
  return settingsOf(ctx, userId);
}
