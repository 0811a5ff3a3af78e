/**
 * Hard items, the workload forecast and the study plan count the items of the member's contract
 * edition, not the whole bank: an item of another edition is neither hard, new nor planned for them.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Member, useTestApi } from "../test-helpers.ts";

const t = useTestApi();
const NEXT = "jcba-2033";

/** Section 2's first two questions, true for the next contract only (it has nothing else). */
let moved: number[];
/** A section 2 question of the first edition only. */
let kept: number;
let inSection2: number;

beforeAll(async () => {
  const qs = await t.database.rows<{ id: number }>(
    sql`SELECT id FROM questions WHERE section_number = 2 AND archived_at IS NULL ORDER BY id`,
  );
  moved = qs.slice(0, 2).map((q) => q.id);
  kept = qs[2]!.id;
  inSection2 = qs.length;
  await t.database.rows(
    sql`UPDATE questions SET editions = ${`{${NEXT}}`}::text[] WHERE id IN (${sql.join(moved, sql`, `)})`,
  );
  // Adding the edition refreshes the content cache, which then sees the moved questions.
  await t.admin.call.editions.create({ slug: NEXT, name: "JCBA 2033", effectiveOn: "2033-01-01", carryOver: false });
});

/** The member as their next request sees them, studying `edition` (null: the one in force). */
const studying = (m: Member, edition: string | null) => t.as({ ...m.user, studyEdition: edition });

const dayFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe("counts of the member's edition", () => {
  it("hard items are the edition's questions only", async () => {
    const m = await t.member();
    for (const id of [moved[0]!, kept]) {
      await m.call.review.rate({ id: randomUUID(), itemType: "question", itemId: id, rating: 3 });
      await t.database.rows(
        sql`UPDATE review_items SET lapses = 7 WHERE user_id = ${m.user.id} AND item_type = 'question' AND item_id = ${id}`,
      );
    }
    const hardIds = async (edition: string | null) =>
      (await studying(m, edition).review.hardItems()).sections.flatMap((s) => s.items.map((i) => i.questionId));
    expect(await hardIds(null)).toEqual([kept]);
    expect(await hardIds(NEXT)).toEqual([moved[0]]);
  });

  it("the workload forecast brings in the edition's new items only", async () => {
    const m = await t.member();
    const newItems = async (edition: string | null) =>
      (await studying(m, edition).review.workload({ days: 14 })).reduce((n, d) => n + d.new, 0);
    // The next contract has two questions, none seen yet: two new items in all, however many days.
    expect(await newItems(NEXT)).toBe(2);
    expect(await newItems(null)).toBeGreaterThan(2);
  });

  it("a study plan counts the questions of its sections in the member's edition", async () => {
    const m = await t.member();
    const next = studying(m, NEXT);
    const plan = await next.studyPlan.set({ sections: [2], endDate: dayFromToday(10) });
    expect(plan.plan!.items).toEqual({ total: 2, unseen: 2, belowTarget: 0 });
    const first = await studying(m, null).studyPlan.get();
    expect(first.plan!.items.total).toBe(inSection2 - 2);
    // The review queue puts the plan's questions first: only the edition's.
    const session = await next.review.session();
    const questions = session.items.filter((i) => i.itemType === "question").map((i) => i.itemId);
    expect(questions.every((id) => moved.includes(id))).toBe(true);
  });
});
