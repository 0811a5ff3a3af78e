/** A plan to a date: set, read with its goal and progress, first in the review queue, ended with a summary. */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { counts, failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();
const DAY = 86_400_000;
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

describe("study plan", () => {
  it("is set with its daily goal, replaced by the next one, and deleted", async () => {
    const m = await t.member();
    expect(await m.call.studyPlan.get()).toEqual({ plan: null });
    const total = (await t.admin.call.questions.list({ section: 4 })).length;
    const set = await m.call.studyPlan.set({ sections: [4], endDate: dayFromToday(9) });
    expect(set.plan).toMatchObject({
      sections: [4],
      endDate: dayFromToday(9),
      targetRecall: 0.9,
      startDate: dayFromToday(0),
      status: "active",
      items: { total, unseen: total, belowTarget: 0 },
      summary: null,
    });
    // Nothing seen, 10 days: the unseen questions over the first 8 days.
    expect(set.plan!.goal).toMatchObject({ newItems: Math.ceil(total / 8), daysLeft: 10 });
    expect(set.plan!.goal.reviews).toBeGreaterThan(0);
    expect(set.plan!.onTrack).toBe(true);

    // One plan at a time: setting another replaces it (sections kept once, in order).
    const next = await m.call.studyPlan.set({ sections: [25, 4, 25], endDate: dayFromToday(30), targetRecall: 0.8 });
    expect(next.plan).toMatchObject({ sections: [4, 25], targetRecall: 0.8 });
    const [{ n }] = (await t.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM study_plans WHERE user_id = ${m.user.id}`,
    )) as [{ n: number }];
    expect(n).toBe(1);

    expect(await m.call.studyPlan.delete()).toEqual({ plan: null });
    expect(await m.call.studyPlan.get()).toEqual({ plan: null });
    expect(await failure(m.call.studyPlan.delete())).toEqual({ code: "NOT_FOUND", text: "You have no study plan." });
  });

  it("refuses a date in the past, an unknown section and a target out of range with the reason, changing nothing", async () => {
    const m = await t.member();
    const before = await counts(t.database);
    expect(await failure(m.call.studyPlan.set({ sections: [4], endDate: dayFromToday(-1) }))).toEqual({
      code: "BAD_REQUEST",
      text: `The date must be after today (${dayFromToday(0)}).`,
    });
    expect(await failure(m.call.studyPlan.set({ sections: [4], endDate: dayFromToday(0) }))).toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await failure(m.call.studyPlan.set({ sections: [4, 33], endDate: dayFromToday(5) }))).toEqual({
      code: "BAD_REQUEST",
      text: "sections.1: Section numbers are 1 to 32.",
    });
    expect(await failure(m.call.studyPlan.set({ sections: [4], endDate: dayFromToday(5), targetRecall: 1.2 }))).toEqual(
      { code: "BAD_REQUEST", text: "targetRecall: targetRecall must be from 0.5 to 0.99." },
    );
    expect(await failure(m.call.studyPlan.set({ sections: [], endDate: dayFromToday(5) }))).toEqual({
      code: "BAD_REQUEST",
      text: "sections: Choose at least one section.",
    });
    expect(await counts(t.database)).toEqual(before);
    expect(await m.call.studyPlan.get()).toEqual({ plan: null });
    expect((await failure(t.signedOut.studyPlan.get())).code).toBe("UNAUTHORIZED");
  });

  it("puts the plan's questions first in the review session, new and due", async () => {
    const m = await t.member();
    const plain = await m.call.review.session();
    expect(plain.items[0]!.itemType).toBe("flashcard");
    await m.call.studyPlan.set({ sections: [20], endDate: dayFromToday(14) });
    const planned = new Set((await t.admin.call.questions.list({ section: 20 })).map((q) => q.id));
    const session = await m.call.review.session();
    const firstNew = session.items.slice(0, 3);
    for (const i of firstNew) {
      expect(i.itemType).toBe("question");
      expect(planned.has(i.itemId)).toBe(true);
    }
    // A due question outside the plan waits behind a due one in it.
    const [outside] = await t.admin.call.questions.list({ section: 3 });
    const [inside] = await t.admin.call.questions.list({ section: 20 });
    for (const q of [outside!, inside!])
      await m.call.review.rate({ id: randomUUID(), itemType: "question", itemId: q.id, rating: 1 });
    await t.database.rows(sql`UPDATE review_items SET due = now() - interval '1 hour' WHERE user_id = ${m.user.id}`);
    await t.database.rows(
      sql`UPDATE review_items SET due = now() - interval '2 hours' WHERE user_id = ${m.user.id} AND item_id = ${outside!.id}`,
    );
    const due = (await m.call.review.session()).items.filter((i) => !i.isNew).map((i) => i.itemId);
    expect(due).toEqual([inside!.id, outside!.id]);
  });

  it("ends on its date with a summary kept from the first read after it", async () => {
    const m = await t.member();
    await m.call.studyPlan.set({ sections: [6], endDate: dayFromToday(3), targetRecall: 0.6 });
    await t.database.rows(
      sql`UPDATE study_plans SET start_date = ${dayFromToday(-10)}, end_date = ${dayFromToday(-1)} WHERE user_id = ${m.user.id}`,
    );
    const ended = await m.call.studyPlan.get();
    expect(ended.plan).toMatchObject({ status: "ended", goal: { newItems: 0, reviews: 0, daysLeft: 0 } });
    const summary = ended.plan!.summary!;
    expect(summary.reached).toBe(summary.finalRecall >= 0.6);
    expect(ended.plan!.recallNow).toBe(summary.finalRecall);
    const [row] = await t.database.rows<{ final: number }>(
      sql`SELECT final_recall AS final FROM study_plans WHERE user_id = ${m.user.id}`,
    );
    expect(row!.final).toBeCloseTo(summary.finalRecall, 10);
    // An ended plan no longer orders the queue.
    const first = (await m.call.review.session()).items[0]!;
    expect(first.itemType).toBe("flashcard");
  });
});
