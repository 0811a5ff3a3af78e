import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Question } from "../services/content/schemas.ts";
import { recordReview } from "../services/reviews/schedule.ts";
import { counts, failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const wrongOf = (q: Question) =>
  q.questionType === "multiple-choice" ? q.options!.find((o) => o !== q.correctAnswer)! : "surely not this";

const logCount = async (userId: number) =>
  (await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM review_log WHERE user_id = ${userId}`))[0]!
    .n;

describe("review queue and ratings", () => {
  it("puts a question answered wrong in the queue within the hour, and Good moves it days out", async () => {
    const { call, user } = await t.member();
    const [q] = await call.questions.list({ section: 5 });
    const before = Date.now();
    await call.progress.questionAttempt({ questionId: q!.id, userAnswer: wrongOf(q!) });
    const queue = await call.review.queue();
    expect(queue.items).toEqual([{ itemType: "question", itemId: q!.id, due: expect.any(String), state: "learning" }]);
    expect(new Date(queue.items[0]!.due).getTime() - before).toBeLessThanOrEqual(HOUR);
    expect(await logCount(user.id)).toBe(1);

    // Learning steps first (minutes), then days once it graduates.
    let outcome = await call.review.rate({ id: randomUUID(), itemType: "question", itemId: q!.id, rating: 3 });
    expect(outcome.state).toBe("learning");
    outcome = await call.review.rate({ id: randomUUID(), itemType: "question", itemId: q!.id, rating: 3 });
    expect(outcome.state).toBe("review");
    expect(new Date(outcome.due).getTime() - Date.now()).toBeGreaterThan(DAY - HOUR);
  });

  it("logs a retried review once and answers the same", async () => {
    const { call, user } = await t.member();
    const [card] = await call.flashcards.list({ section: 2 });
    const review = { id: randomUUID(), itemType: "flashcard" as const, itemId: card!.id, rating: 4 };
    const first = await call.review.rate(review);
    const again = await call.review.rate(review);
    expect(again).toEqual(first);
    expect(await logCount(user.id)).toBe(1);
    expect(await call.mastery.list()).toEqual([{ flashcardId: card!.id, mastered: true }]);
    // The same id for another item is refused.
    const other = await call.flashcards.list({ section: 3 });
    expect((await failure(call.review.rate({ ...review, itemId: other[0]!.id }))).code).toBe("CONFLICT");
  });

  it("maps the two flashcard buttons to Again and Good, and keeps the mastery records", async () => {
    const { call, user } = await t.member();
    const [card] = await call.flashcards.list({ section: 6 });
    expect(await call.mastery.save({ flashcardId: card!.id, mastered: false })).toEqual({
      flashcardId: card!.id,
      mastered: false,
    });
    await call.mastery.save({ flashcardId: card!.id, mastered: true });
    const ratings = await t.database.rows<{ rating: number }>(
      sql`SELECT rating FROM review_log WHERE user_id = ${user.id} ORDER BY reviewed_at`,
    );
    expect(ratings.map((r) => r.rating)).toEqual([1, 3]);
    expect(await call.mastery.list()).toEqual([{ flashcardId: card!.id, mastered: true }]);
    // Rated Again in the Review screen: no longer mastered.
    await call.review.rate({ id: randomUUID(), itemType: "flashcard", itemId: card!.id, rating: 1 });
    expect(await call.mastery.list()).toEqual([{ flashcardId: card!.id, mastered: false }]);
  });

  it("refuses a rating out of range, an unknown item and a malformed id, writing nothing", async () => {
    const { call, user } = await t.member();
    const [card] = await call.flashcards.list({ section: 1 });
    const before = await counts(t.database);
    for (const rating of [0, 5, 2.5]) {
      expect(
        await failure(call.review.rate({ id: randomUUID(), itemType: "flashcard", itemId: card!.id, rating })),
      ).toEqual({ code: "BAD_REQUEST", text: expect.stringMatching(/rating/) });
    }
    expect(
      (await failure(call.review.rate({ id: randomUUID(), itemType: "question", itemId: 999999, rating: 3 }))).code,
    ).toBe("NOT_FOUND");
    expect(
      (await failure(call.review.rate({ id: "nope", itemType: "flashcard", itemId: card!.id, rating: 3 }))).text,
    ).toMatch(/id must be a UUID/);
    expect(
      (await failure(call.review.rate({ id: randomUUID(), itemType: "deck" as never, itemId: card!.id, rating: 3 })))
        .text,
    ).toMatch(/itemType/);
    expect(await counts(t.database)).toEqual(before);
    expect(await logCount(user.id)).toBe(0);
  });

  it("logs a review older than the item's last one without moving the schedule", async () => {
    const { user } = await t.member();
    const at = new Date("2026-03-01T10:00:00Z");
    const first = await t.database.transaction((tx) =>
      recordReview(tx, {
        id: randomUUID(),
        userId: user.id,
        itemType: "flashcard",
        itemId: 1,
        rating: 3,
        reviewedAt: at,
      }),
    );
    const late = await t.database.transaction((tx) =>
      recordReview(tx, {
        id: randomUUID(),
        userId: user.id,
        itemType: "flashcard",
        itemId: 1,
        rating: 1,
        reviewedAt: new Date(at.getTime() - HOUR),
      }),
    );
    expect(late.due).toBe(first.due);
    expect(await logCount(user.id)).toBe(2);
    const [item] = await t.database.rows<{ reps: number }>(
      sql`SELECT reps FROM review_items WHERE user_id = ${user.id}`,
    );
    expect(item!.reps).toBe(1);
  });
});

describe("review session and settings", () => {
  it("offers new items within the daily cap, then is caught up with the next due time", async () => {
    const { call } = await t.member();
    await call.review.updateSettings({ newPerDay: 3 });
    const session = await call.review.session();
    expect(session.items).toHaveLength(3);
    expect(session.items.map((i) => i.itemType)).toEqual(["flashcard", "question", "flashcard"]);
    expect(session.items.every((i) => i.isNew)).toBe(true);
    expect(session.dueCards + session.dueQuestions).toBe(3);
    expect(session.items[1]!.question).toMatchObject({ id: session.items[1]!.itemId, explanation: expect.any(String) });
    for (const item of session.items)
      await call.review.rate({ id: randomUUID(), itemType: item.itemType, itemId: item.itemId, rating: 4 });
    const after = await call.review.session();
    expect(after.items).toEqual([]);
    expect(new Date(after.nextDue!).getTime()).toBeGreaterThan(Date.now());
  });

  it("keeps settings per member, validated", async () => {
    const { call } = await t.member();
    expect(await call.review.settings()).toEqual({
      desiredRetention: 0.9,
      fourButtons: false,
      newPerDay: 20,
      reviewsPerDay: 200,
      dailyStreak: false,
      timeZone: "UTC",
      askConfidence: true,
    });
    expect(
      await call.review.updateSettings({ desiredRetention: 0.85, fourButtons: true, timeZone: "America/Chicago" }),
    ).toMatchObject({ desiredRetention: 0.85, fourButtons: true, timeZone: "America/Chicago", newPerDay: 20 });
    expect((await failure(call.review.updateSettings({ desiredRetention: 0.99 }))).text).toMatch(/desiredRetention/);
    expect((await failure(call.review.updateSettings({ timeZone: "Mars/Olympus" }))).text).toMatch(/timeZone/);
    expect((await failure(call.review.updateSettings({ newPerDay: -1 }))).code).toBe("BAD_REQUEST");
    expect((await call.review.settings()).desiredRetention).toBe(0.85);
    expect((await (await t.member()).call.review.settings()).fourButtons).toBe(false);
  });

  it("counts the opt-in daily streak from today's answers", async () => {
    const { call } = await t.member();
    expect((await call.review.session()).streak).toBeNull();
    await call.review.updateSettings({ dailyStreak: true, timeZone: "America/Chicago" });
    expect((await call.review.session()).streak).toBe(0);
    const [q] = await call.questions.list({ section: 9 });
    await call.progress.questionAttempt({ questionId: q!.id, userAnswer: q!.correctAnswer });
    expect((await call.review.session()).streak).toBe(1);
  });

  it("freezes the streak on a day off marked in Reminders", async () => {
    const m = await t.member();
    await m.call.review.updateSettings({ dailyStreak: true, timeZone: "UTC" });
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const [q] = await m.call.questions.list({ section: 9 });
    await m.call.review.rate({ id: randomUUID(), itemType: "question", itemId: q!.id, rating: 3 });
    // Active today and two days ago; yesterday nothing.
    await m.call.review.rate({
      id: randomUUID(),
      itemType: "question",
      itemId: q!.id,
      rating: 3,
      ratedAt: `${day(2)}T12:00:00Z`,
    });
    expect((await m.call.review.session()).streak).toBe(1);
    await m.call.push.updateReminders({ daysOff: [day(1)] });
    expect((await m.call.review.session()).streak).toBe(2);
  });

  it("is for signed-in people only", async () => {
    expect((await failure(t.signedOut.review.queue())).code).toBe("UNAUTHORIZED");
    expect((await failure(t.signedOut.review.settings())).code).toBe("UNAUTHORIZED");
  });
});
