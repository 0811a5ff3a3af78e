/**
 * Chains of `replaces` across three editions (A replaced by B, B by C): What changed pairs A with C
 * when comparing the editions two contracts apart, and a revise carries schedules over from the whole
 * chain while the answer stays the same (docs/decisions/0013-editions-replace-items.md).
 */
import { randomUUID } from "node:crypto";
import { FIRST_EDITION } from "@jcba/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../test-helpers.ts";

const t = useTestApi();
const B = "jcba-2031";
const C = "jcba-2036";

/** The question and card of each edition: A (the first), B and C. */
let q: { a: number; b: number; c: number };
let card: { a: number; b: number; c: number };
let memberId: number;

const scheduleOf = async (itemType: string, itemId: number) =>
  (
    await t.database.rows<{ reps: number; last_review: Date; due: Date }>(
      sql`SELECT reps, last_review, due FROM review_items WHERE user_id = ${memberId} AND item_type = ${itemType} AND item_id = ${itemId}`,
    )
  )[0];

/** An exported item with other editions, imported back: how an admin moves an item between editions. */
async function setEditions(kind: "questions" | "flashcards", id: number, editions: string[]) {
  const all = JSON.parse((await t.admin.call.transfer.export({ kind, format: "json" })).content) as { id: number }[];
  const content = JSON.stringify([{ ...all.find((i) => i.id === id), editions }]);
  const report = await t.admin.call.transfer.import({ kind, format: "json", content, dryRun: false });
  expect(report.applied).toBe(true);
}

beforeAll(async () => {
  const [question] = await t.database.rows<{ id: number }>(
    sql`SELECT id FROM questions WHERE section_number = 9 AND question_type = 'multiple-choice' ORDER BY id LIMIT 1`,
  );
  const [flashcard] = await t.database.rows<{ id: number; definition: string }>(
    sql`SELECT id, definition FROM flashcards WHERE section_number = 9 ORDER BY id LIMIT 1`,
  );
  const member = await t.member();
  memberId = member.user.id;
  const rate = (itemType: "question" | "flashcard", itemId: number) =>
    member.call.review.rate({ id: randomUUID(), itemType, itemId, rating: 3 });
  await rate("question", question!.id);
  await rate("flashcard", flashcard!.id);

  // B: the question's wording changes (same answer); the card's definition changes.
  await t.admin.call.editions.create({ slug: B, name: "JCBA 2031", effectiveOn: "2031-01-01" });
  const qb = await t.admin.call.questions.revise({ id: question!.id, edition: B, questionText: "In 2031, which?" });
  const cb = await t.admin.call.flashcards.revise({ id: flashcard!.id, edition: B, definition: "The 2031 rule." });
  // The member, still on the first edition, reviews its question again: a later schedule than B's copy.
  await rate("question", question!.id);

  // C: no carry-over; B's items are true for C until an admin revises them.
  await t.admin.call.editions.create({ slug: C, name: "JCBA 2036", effectiveOn: "2036-01-01", carryOver: false });
  await setEditions("questions", qb.id, [B, C]);
  await setEditions("flashcards", cb.id, [B, C]);
  const qc = await t.admin.call.questions.revise({ id: qb.id, edition: C, questionText: "In 2036, which?" });
  const cc = await t.admin.call.flashcards.revise({ id: cb.id, edition: C, term: "The 2036 term" });
  q = { a: question!.id, b: qb.id, c: qc.id };
  card = { a: flashcard!.id, b: cb.id, c: cc.id };
});

describe("a chain of replaces across three editions", () => {
  it("each edition holds its own text", async () => {
    const ids = async (edition: string) =>
      (await t.admin.call.questions.list({ section: 9, edition }))
        .map((x) => x.id)
        .filter((id) => Object.values(q).includes(id));
    expect(await ids(FIRST_EDITION)).toEqual([q.a]);
    expect(await ids(B)).toEqual([q.b]);
    expect(await ids(C)).toEqual([q.c]);
  });

  it("What changed pairs the first edition's item with the third's, through the second", async () => {
    const { call } = await t.member();
    // C has only what was revised for it (no carry-over): the first edition's other items show as removed.
    const ours = (i: { kind: string; old: { id: number } | null; new: { id: number } | null }) =>
      [i.old?.id, i.new?.id].some((id) =>
        (i.kind === "question" ? Object.values(q) : Object.values(card)).includes(id ?? 0),
      );
    const pairsOf = async (a: string, b: string) =>
      (await call.editions.changes({ a, b })).sections
        .flatMap((s) => s.items)
        .filter(ours)
        .map((i) => [i.kind, i.change, i.old?.id ?? null, i.new?.id ?? null, i.answerChanged]);
    expect(await pairsOf(FIRST_EDITION, C)).toEqual([
      ["question", "changed", q.a, q.c, false],
      ["flashcard", "changed", card.a, card.c, true],
    ]);
    expect(await pairsOf(FIRST_EDITION, B)).toEqual([
      ["question", "changed", q.a, q.b, false],
      ["flashcard", "changed", card.a, card.b, true],
    ]);
    expect(await pairsOf(B, C)).toEqual([
      ["question", "changed", q.b, q.c, false],
      ["flashcard", "changed", card.b, card.c, false],
    ]);
    const changes = await call.editions.changes({ a: FIRST_EDITION, b: C });
    expect(changes.questionIds).toEqual([q.c]);
    expect(changes.flashcardIds).toEqual([card.c]);
    const pair = changes.sections.flatMap((s) => s.items).find((i) => i.new?.id === q.c)!;
    expect([pair.old!.text, pair.new!.text]).toEqual([expect.not.stringMatching(/2031|2036/), "In 2036, which?"]);
  });

  it("a revise carries the member's latest schedule over from the whole chain while the answer is the same", async () => {
    const [a, b, c] = [
      await scheduleOf("question", q.a),
      await scheduleOf("question", q.b),
      await scheduleOf("question", q.c),
    ];
    expect(a!.reps).toBe(2);
    expect(b!.reps).toBe(1);
    // C takes A's schedule: the member's review of A came after B's copy was made.
    expect(c).toEqual(a);
    // The card's answer changed at B: nothing carries from A, and B had no schedule to give.
    expect(await scheduleOf("flashcard", card.a)).toBeDefined();
    expect(await scheduleOf("flashcard", card.b)).toBeUndefined();
    expect(await scheduleOf("flashcard", card.c)).toBeUndefined();
  });

  it("the audit trail names the items the schedules came from", async () => {
    const [entry] = await t.database.rows<{ after: { scheduleCarriedOverFrom: number[] } }>(
      sql`SELECT after FROM audit_events WHERE kind = 'question.revised' AND target_id = ${String(q.c)}`,
    );
    expect(entry!.after.scheduleCarriedOverFrom).toEqual([q.b, q.a]);
  });
});
