/** Readiness, its forecast and calibration, through the API on a real database. */
import { randomUUID } from "node:crypto";
import { localDate } from "@jcba/domain";
import { recallAt } from "@jcba/domain/recall";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calibrationFromLog, calibrationOf } from "../services/readiness/readiness.ts";
import { failure, type Member, useTestApi } from "../test-helpers.ts";

const t = useTestApi();
const DAY = 24 * 60 * 60 * 1000;

async function sectionQuestions(section: number) {
  return t.admin.call.questions.list({ section });
}
const answer = (m: Member, q: { id: number; correctAnswer: string }, right: boolean) =>
  m.call.progress.questionAttempt({
    id: randomUUID(),
    questionId: q.id,
    userAnswer: right ? q.correctAnswer : "no such answer",
  });

/** Stores a question's memory state for a member, as the scheduler would have left it. */
async function remember(m: Member, questionId: number, stability: number, lastReview: Date) {
  await t.database.rows(sql`
    INSERT INTO review_items (user_id, item_type, item_id, due, stability, difficulty, state, reps, lapses, last_review)
    VALUES (${m.user.id}, 'question', ${questionId}, ${lastReview.toISOString()}::timestamptz, ${stability}, 5, 2, 3, 0,
      ${lastReview.toISOString()}::timestamptz)`);
}

/** Logs a review as the scheduler would have, with the stability it left. */
async function logReview(
  m: Member,
  itemId: number,
  rating: number,
  at: Date,
  stability: number,
  { applied = true } = {},
) {
  await t.database.rows(sql`
    INSERT INTO review_log (id, user_id, item_type, item_id, item_version, rating, reviewed_at, applied, due, stability, difficulty, state)
    VALUES (${randomUUID()}::uuid, ${m.user.id}, 'question', ${itemId}, 1, ${rating}, ${at.toISOString()}::timestamptz,
      ${applied}, ${at.toISOString()}::timestamptz, ${stability}, 5, 2)`);
}

describe("readiness", () => {
  it("equals the hand-computed mean for a member with a known history", async () => {
    const [q1, q2, q3, q4] = await sectionQuestions(5);
    // Peers: 30 first answers to q3, 24 right (80 %); 20 to q4, 5 right (under 30: not used alone).
    for (let i = 0; i < 30; i++) await answer(await t.member(), q3!, i < 24);
    for (let i = 0; i < 20; i++) await answer(await t.member(), q4!, i < 5);
    const m = await t.member();
    const now = Date.now();
    // q1 last reviewed 10 days (and an hour) ago at stability 10: 90 % by FSRS's definition; q2 an hour ago: 100 %.
    await remember(m, q1!.id, 10, new Date(now - 10 * DAY - 3_600_000));
    await remember(m, q2!.id, 4, new Date(now - 3_600_000));

    const r = await m.call.readiness.readiness();
    const total = r.overall.items;
    const section5 = r.sections.find((s) => s.sectionNumber === 5)!;
    const n = section5.total;
    // Every other question, unseen, counts at section 5's share of first answers: 29 right of 50.
    const others = 29 / 50;
    expect(section5).toMatchObject({ seen: 2, coverage: 2 / n });
    expect(section5.recall).toBeCloseTo((0.9 + 1 + 0.8 + (n - 3) * others) / n, 6);
    // Other sections have no first answers: they count at the bank's share, the same 29 / 50.
    expect(r.sections.find((s) => s.sectionNumber === 6)!.recall).toBeCloseTo(others, 10);
    expect(r.overall.recall).toBeCloseTo((0.9 + 1 + 0.8 + (total - 3) * others) / total, 6);
    expect(r.overall).toMatchObject({ coverage: 2 / total, seen: 2 });
    expect(r.sections.map((s) => s.sectionNumber)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    expect(r.sections.reduce((sum, s) => sum + s.total, 0)).toBe(total);

    // The forecast decays each reviewed question to the day; unseen ones stay at their share.
    const today = localDate("UTC", new Date());
    const day = (plus: number) => new Date(Date.parse(`${today}T00:00:00Z`) + plus * DAY).toISOString().slice(0, 10);
    const forecasts = [];
    for (const plus of [0, 30, 365]) forecasts.push(await m.call.readiness.readiness({ at: day(plus) }));
    expect(forecasts[0]!.overall.recall).toBeCloseTo(r.overall.recall!, 8);
    expect(forecasts[1]!.overall.recall!).toBeLessThan(forecasts[0]!.overall.recall!);
    expect(forecasts[2]!.overall.recall!).toBeLessThan(forecasts[1]!.overall.recall!);
    const at30 = new Date(forecasts[1]!.at);
    const expected30 =
      recallAt({ stability: 10, state: 2, lastReview: new Date(now - 10 * DAY - 3_600_000) }, at30) +
      recallAt({ stability: 4, state: 2, lastReview: new Date(now - 3_600_000) }, at30);
    expect(forecasts[1]!.sections.find((s) => s.sectionNumber === 5)!.recall).toBeCloseTo(
      (expected30 + 0.8 + (n - 3) * others) / n,
      6,
    );
    expect(forecasts[1]!.overall.coverage).toBe(r.overall.coverage);

    // If the member keeps their daily reviews, the reviewed questions stay near their retention (0.9)
    // a year on, where the no-review forecast has fallen; unseen ones are the same in both.
    const kept = await m.call.readiness.readiness({ at: day(365), reviews: "kept" });
    expect(kept.overall.recall!).toBeGreaterThan(forecasts[2]!.overall.recall!);
    expect(kept.sections.find((s) => s.sectionNumber === 6)!.recall).toBeCloseTo(others, 10);
    const keptSection5 = kept.sections.find((s) => s.sectionNumber === 5)!.recall! * n - 0.8 - (n - 3) * others;
    expect(keptSection5 / 2).toBeGreaterThan(0.85);
    expect((await failure(m.call.readiness.readiness({ at: day(30), reviews: "always" as "kept" }))).text).toBe(
      "reviews: reviews must be none or kept.",
    );
  });

  it("counts every change to the member's schedules at once, from whichever writer", async () => {
    const [q1, q2] = await sectionQuestions(9);
    const m = await t.member();
    const section9 = async () => (await m.call.readiness.readiness()).sections.find((s) => s.sectionNumber === 9)!;
    expect((await section9()).seen).toBe(0);
    expect((await section9()).seen).toBe(0);
    // A review through the API, then a rating of another question: each shows on the next read.
    await m.call.review.rate({ id: randomUUID(), itemType: "question", itemId: q1!.id, rating: 3 });
    const once = await section9();
    expect(once.seen).toBe(1);
    await m.call.review.rate({ id: randomUUID(), itemType: "question", itemId: q2!.id, rating: 3 });
    const twice = await section9();
    expect(twice.seen).toBe(2);
    // A schedule changed by another writer (here SQL, as an admin's carried-over schedule is): a day-old
    // review at stability 1 now predicts FSRS's 90 %, where a review just made predicts 100 %.
    await t.database.rows(sql`UPDATE review_items SET stability = 1, last_review = now() - interval '1 day'
      WHERE user_id = ${m.user.id} AND item_id = ${q1!.id}`);
    const after = await section9();
    expect(after.seen).toBe(2);
    expect(after.recall! * after.total).toBeCloseTo(twice.recall! * twice.total - 0.1, 6);
  });

  it("refuses a date that is not a day, one in the past and one too far ahead, and anyone signed out", async () => {
    const m = await t.member();
    for (const at of ["2026-02-30", "tomorrow", "2026-1-5"]) {
      const f = await failure(m.call.readiness.readiness({ at }));
      expect(f).toMatchObject({ code: "BAD_REQUEST", text: "at: at must be a date written YYYY-MM-DD." });
    }
    expect(await failure(m.call.readiness.readiness({ at: "2020-01-01" }))).toMatchObject({
      code: "BAD_REQUEST",
      text: expect.stringMatching(/^at must be today \(\d{4}-\d\d-\d\d\) or later\.$/),
    });
    expect((await failure(m.call.readiness.readiness({ at: "2099-01-01" }))).text).toMatch(/within \d+ days/);
    expect((await failure(t.signedOut.readiness.readiness())).code).toBe("UNAUTHORIZED");
  });
});

describe("calibration", () => {
  it("bins the recall predicted before each review against what was recalled, from a seeded log", async () => {
    const m = await t.member();
    const other = await t.member();
    const t0 = new Date("2026-01-05T09:00:00Z");
    const at = (days: number, hours = 0) => new Date(t0.getTime() + days * DAY + hours * 3_600_000);
    // Item 1: stability 10, recalled 10 days later: predicted 90 % (bin 9), recalled.
    await logReview(m, 1, 3, t0, 10);
    await logReview(m, 1, 3, at(10, 1), 30);
    // Item 2: stability 1, forgotten 30 days later; a same-day step and a late review are not predictions.
    await logReview(m, 2, 3, t0, 1);
    await logReview(m, 2, 1, at(0, 2), 1);
    await logReview(m, 2, 1, at(30, 3), 0.5);
    await logReview(m, 2, 4, at(29), 50, { applied: false });
    // Item 3: stability 2, recalled (Hard) 5 days later.
    await logReview(m, 3, 2, t0, 2);
    await logReview(m, 3, 2, at(5), 4);
    // Another member's review counts for the union only.
    await logReview(other, 1, 1, t0, 10);
    await logReview(other, 1, 1, at(10, 1), 2);

    const p2 = recallAt({ stability: 1, state: 2, lastReview: at(0, 2) }, at(30, 3));
    const p3 = recallAt({ stability: 2, state: 2, lastReview: t0 }, at(5));
    expect(Math.floor(p2 * 10)).not.toBe(Math.floor(p3 * 10));
    const c = await m.call.readiness.calibration();
    expect(c).toMatchObject({ scope: "member", minimumReviews: 50, reviews: 3 });
    expect(c.bins).toHaveLength(10);
    expect(c.bins[9]).toMatchObject({ from: 0.9, to: 1, count: 1, actual: 1 });
    expect(c.bins[9]!.predicted).toBeCloseTo(0.9, 6);
    expect(c.bins[Math.floor(p2 * 10)]).toMatchObject({ count: 1, actual: 0 });
    expect(c.bins[Math.floor(p2 * 10)]!.predicted).toBeCloseTo(p2, 6);
    expect(c.bins[Math.floor(p3 * 10)]).toMatchObject({ count: 1, actual: 1 });
    expect(c.bins.filter((b) => b.count === 0).every((b) => b.predicted === null && b.actual === null)).toBe(true);

    // Admins see every member's reviews; a member may not.
    const union = await t.admin.call.readiness.calibration({ scope: "union" });
    expect(union.scope).toBe("union");
    expect(union.bins[9]).toMatchObject({ count: 2, actual: 0.5 });
    expect((await failure(m.call.readiness.calibration({ scope: "union" }))).code).toBe("FORBIDDEN");
    expect(await failure(m.call.readiness.calibration({ scope: "everyone" as "union" }))).toMatchObject({
      code: "BAD_REQUEST",
      text: "scope: scope must be member or union.",
    });
    expect((await failure(t.signedOut.readiness.calibration())).code).toBe("UNAUTHORIZED");
  });
  it("keeps the figures a computation over the whole log gives, as reviews are logged in any order", async () => {
    const [a, b] = [await t.member(), await t.member()];
    const t0 = Date.now() - 400 * DAY;
    const iso = (days: number) => new Date(t0 + days * DAY).toISOString();
    // Through the Review screen's path: 12 cards each rated five times, weeks apart, some forgotten,
    // with a rating from a device's outbox arriving late (it leaves the schedule as it was).
    for (const m of [a, b])
      for (let item = 1; item <= 12; item++) {
        let day = item % 5;
        for (let k = 0; k < 5; k++) {
          const rating = (item * 7 + k + m.user.id) % 4 === 0 ? 1 : 2 + ((item + k) % 3);
          await m.call.review.rate({
            id: randomUUID(),
            itemType: "flashcard",
            itemId: item,
            rating,
            ratedAt: iso(day),
          });
          day += 1 + ((item * k) % 4) * 9 + k * 6;
        }
        await m.call.review.rate({ id: randomUUID(), itemType: "flashcard", itemId: item, rating: 4, ratedAt: iso(2) });
      }
    // Written straight into the log: several reviews of one item in one statement, and reviews that
    // land between two already logged, which changes what the later one was predicted from.
    const row = (m: Member, item: number, rating: number, days: number, stability: number) =>
      sql`(${randomUUID()}::uuid, ${m.user.id}::int, 'question', ${item}::int, 1, ${rating}::smallint,
        ${iso(days)}::timestamptz, true, ${iso(days)}::timestamptz, ${stability}::float8, 5, 2)`;
    const insert = (rows: ReturnType<typeof row>[]) =>
      t.database.rows(sql`INSERT INTO review_log (id, user_id, item_type, item_id, item_version, rating, reviewed_at,
        applied, due, stability, difficulty, state) VALUES ${sql.join(rows, sql`, `)}`);
    await insert([row(a, 1, 3, 0, 3), row(a, 1, 3, 9, 12), row(a, 1, 1, 40, 2), row(a, 2, 3, 0, 8)]);
    await insert([row(a, 2, 2, 60, 20), row(b, 1, 3, 30, 0.4)]);
    await insert([row(a, 1, 3, 20, 30), row(a, 2, 4, 30, 15), row(b, 1, 2, 5, 6)]);

    for (const m of [a, b]) {
      const kept = await calibrationOf({ database: t.database }, m.user.id);
      expect(kept.reviews).toBeGreaterThan(40);
      expectSameFigures(kept, await calibrationFromLog({ database: t.database }, m.user.id));
      expect(await m.call.readiness.calibration()).toEqual(kept);
    }
    expectSameFigures(
      await calibrationOf({ database: t.database }, null),
      await calibrationFromLog({ database: t.database }, null),
    );
  });
});

/** Counts and shares recalled exactly; the predicted means to the last digits a sum's order can move. */
function expectSameFigures(kept: Awaited<ReturnType<typeof calibrationOf>>, full: typeof kept) {
  expect(kept.reviews).toBe(full.reviews);
  expect(kept.bins.map(({ predicted, ...b }) => b)).toEqual(full.bins.map(({ predicted, ...b }) => b));
  kept.bins.forEach((bin, i) => {
    if (bin.predicted === null) expect(full.bins[i]!.predicted).toBeNull();
    else expect(bin.predicted).toBeCloseTo(full.bins[i]!.predicted!, 12);
  });
}
