/** Hard items: questions lapsed 6 times or more, marked in the review session, listed by section, and why they were missed. */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { counts, failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

/** Reviews a question `lapses` times wrong after it was learnt: each Again on a Review-state item is a lapse. */
async function lapse(m: Awaited<ReturnType<typeof t.member>>, questionId: number, times: number) {
  await m.call.review.rate({ id: randomUUID(), itemType: "question", itemId: questionId, rating: 3 });
  await t.database.rows(
    sql`UPDATE review_items SET lapses = ${times}, due = now() - interval '1 hour' WHERE user_id = ${m.user.id} AND item_id = ${questionId}`,
  );
}

describe("hard items", () => {
  it("are questions lapsed 6 times or more: marked in Review, listed by section, with why they were missed", async () => {
    const m = await t.member();
    const [a] = await t.admin.call.questions.list({ section: 12 });
    const [b, c] = await t.admin.call.questions.list({ section: 3 });
    // Lapses as FSRS counts them: a question learnt, then forgotten in review six times.
    await m.call.review.rate({ id: randomUUID(), itemType: "question", itemId: a!.id, rating: 3 });
    for (let i = 0; i < 6; i++) {
      await t.database.rows(
        sql`UPDATE review_items SET state = 2, stability = 5, last_review = last_review - interval '10 days', due = now() - interval '1 hour' WHERE user_id = ${m.user.id} AND item_id = ${a!.id}`,
      );
      await m.call.review.rate({ id: randomUUID(), itemType: "question", itemId: a!.id, rating: 1 });
    }
    const [learnt] = await t.database.rows<{ lapses: number }>(
      sql`UPDATE review_items SET due = now() - interval '1 hour' WHERE user_id = ${m.user.id} AND item_id = ${a!.id} RETURNING lapses`,
    );
    expect(learnt!.lapses).toBe(6);
    await lapse(m, b!.id, 7);
    await lapse(m, c!.id, 5);

    const session = await m.call.review.session();
    const hard = new Map(session.items.filter((i) => !i.isNew).map((i) => [i.itemId, i.hard]));
    expect(hard.get(a!.id)).toBe(true);
    expect(hard.get(b!.id)).toBe(true);
    expect(hard.get(c!.id)).toBe(false);
    expect(session.items.filter((i) => i.isNew).every((i) => !i.hard)).toBe(true);

    const saved = await m.call.review.missReason({ questionId: a!.id, reason: "misread" });
    expect(saved).toMatchObject({ questionId: a!.id, reason: "misread" });
    await m.call.review.missReason({ questionId: a!.id, reason: "mixed-up" });

    expect(await m.call.review.hardItems()).toEqual({
      minimumLapses: 6,
      sections: [
        {
          sectionNumber: 3,
          items: [{ questionId: b!.id, questionText: b!.questionText, lapses: 7, lastReason: null }],
        },
        {
          sectionNumber: 12,
          items: [{ questionId: a!.id, questionText: a!.questionText, lapses: 6, lastReason: "mixed-up" }],
        },
      ],
    });
  });

  it("refuses a reason for a question that is not hard, an unknown one and an unknown reason, writing nothing", async () => {
    const m = await t.member();
    const [q] = await t.admin.call.questions.list({ section: 14 });
    await lapse(m, q!.id, 5);
    const before = await counts(t.database);
    const [{ n: reasonsBefore }] = (await t.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM miss_reasons`,
    )) as [{ n: number }];
    expect(await failure(m.call.review.missReason({ questionId: q!.id, reason: "misread" }))).toEqual({
      code: "BAD_REQUEST",
      text: `Question ${q!.id} is not a hard item of yours (missed 6 times or more).`,
    });
    expect((await failure(m.call.review.missReason({ questionId: 999_999, reason: "misread" }))).code).toBe(
      "NOT_FOUND",
    );
    expect(await failure(m.call.review.missReason({ questionId: q!.id, reason: "tired" as "misread" }))).toEqual({
      code: "BAD_REQUEST",
      text: "reason: reason must be didnt-know, misread or mixed-up.",
    });
    expect(await counts(t.database)).toEqual(before);
    const [{ n }] = (await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM miss_reasons`)) as [
      { n: number },
    ];
    expect(n).toBe(reasonsBefore);
    expect((await failure(t.signedOut.review.hardItems())).code).toBe("UNAUTHORIZED");
  });

  it("keeps a reason replayed with the same id once (a device's outbox after a lost answer); another member's id is refused", async () => {
    const m = await t.member();
    const other = await t.member();
    const [q] = await t.admin.call.questions.list({ section: 9 });
    await lapse(m, q!.id, 6);
    await lapse(other, q!.id, 6);
    const id = randomUUID();
    const first = await m.call.review.missReason({ id, questionId: q!.id, reason: "didnt-know" });
    // The replay answers what was kept the first time, even if it names another reason.
    expect(await m.call.review.missReason({ id, questionId: q!.id, reason: "didnt-know" })).toEqual(first);
    expect(await m.call.review.missReason({ id, questionId: q!.id, reason: "mixed-up" })).toEqual(first);
    expect(await failure(other.call.review.missReason({ id, questionId: q!.id, reason: "misread" }))).toEqual({
      code: "CONFLICT",
      text: "That id was already used for another reason.",
    });
    expect(await failure(m.call.review.missReason({ id: "not-a-uuid", questionId: q!.id, reason: "misread" }))).toEqual(
      {
        code: "BAD_REQUEST",
        text: "id: id must be a UUID.",
      },
    );
    const rows = await t.database.rows<{ userId: number; reason: string }>(
      sql`SELECT user_id AS "userId", reason FROM miss_reasons WHERE question_id = ${q!.id} ORDER BY id`,
    );
    expect(rows).toEqual([{ userId: m.user.id, reason: "didnt-know" }]);
    expect((await m.call.review.hardItems()).sections[0]!.items[0]!.lastReason).toBe("didnt-know");
  });
});
