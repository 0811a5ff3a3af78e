import { randomUUID } from "node:crypto";
import { FIRST_EDITION } from "@jcba/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { counts, failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();
const NEXT = "jcba-2031";

interface Fixture {
  wording: { id: number; answer: string };
  answer: { id: number; answer: string };
  card: { id: number; definition: string };
  memberId: number;
}
let f: Fixture;
let revised: { wording: number; answer: number; card: number };

beforeAll(async () => {
  const [wording, answer] = await t.database.rows<{ id: number; correct_answer: string; options: string[] }>(
    sql`SELECT id, correct_answer, options FROM questions WHERE section_number = 5 AND question_type = 'multiple-choice' ORDER BY id LIMIT 2`,
  );
  const [card] = await t.database.rows<{ id: number; definition: string }>(
    sql`SELECT id, definition FROM flashcards WHERE section_number = 6 ORDER BY id LIMIT 1`,
  );
  // A member who has reviewed all three before the next contract.
  const member = await t.member();
  for (const [itemType, itemId] of [
    ["question", wording!.id],
    ["question", answer!.id],
    ["flashcard", card!.id],
  ] as const)
    await member.call.review.rate({ id: randomUUID(), itemType, itemId, rating: 3 });
  f = {
    wording: { id: wording!.id, answer: wording!.correct_answer },
    answer: { id: answer!.id, answer: answer!.correct_answer },
    card: { id: card!.id, definition: card!.definition },
    memberId: member.user.id,
  };
  await t.admin.call.editions.create({ slug: NEXT, name: "JCBA 2031", effectiveOn: "2031-01-01" });
  const other = answer!.options.find((o) => o !== answer!.correct_answer)!;
  revised = {
    wording: (
      await t.admin.call.questions.revise({
        id: f.wording.id,
        edition: NEXT,
        questionText: "Under the 2031 contract, which is right?",
      })
    ).id,
    answer: (await t.admin.call.questions.revise({ id: f.answer.id, edition: NEXT, correctAnswer: other })).id,
    card: (await t.admin.call.flashcards.revise({ id: f.card.id, edition: NEXT, definition: "The 2031 rule." })).id,
  };
});

const scheduleOf = async (itemType: string, itemId: number) =>
  (
    await t.database.rows<{ reps: number; due: Date }>(
      sql`SELECT reps, due FROM review_items WHERE user_id = ${f.memberId} AND item_type = ${itemType} AND item_id = ${itemId}`,
    )
  )[0];

describe("what changed between two editions", () => {
  it("lists exactly the revised items, by section, with the old and new text and answer", async () => {
    const { call } = await t.member();
    const changes = await call.editions.changes({ a: FIRST_EDITION, b: NEXT });
    expect(changes.sections.map((s) => s.sectionNumber)).toEqual([5, 6]);
    const items = changes.sections.flatMap((s) => s.items);
    expect(items.map((i) => [i.kind, i.change, i.old?.id, i.new?.id, i.answerChanged])).toEqual([
      ["question", "changed", f.wording.id, revised.wording, false],
      ["question", "changed", f.answer.id, revised.answer, true],
      ["flashcard", "changed", f.card.id, revised.card, true],
    ]);
    expect(items[0]!.new!.text).toBe("Under the 2031 contract, which is right?");
    expect(items[1]!.old!.answer).toBe(f.answer.answer);
    expect(items[2]!.new!.answer).toBe("The 2031 rule.");
    expect(changes.questionIds).toEqual([revised.wording, revised.answer]);
    expect(changes.flashcardIds).toEqual([revised.card]);
    // The study set opens as a practice test of exactly those questions.
    const test = await call.tests.draw({ sections: "5", code: changes.testCode!, edition: NEXT });
    expect(test.questions.map((q) => q.id).sort()).toEqual([revised.wording, revised.answer].sort());
    // Nothing changed from an edition to itself; the other way round, the old items are the new side.
    expect((await call.editions.changes({ a: NEXT, b: NEXT })).sections).toEqual([]);
    const back = (await call.editions.changes({ a: NEXT, b: FIRST_EDITION })).sections.flatMap((s) => s.items);
    expect(back.map((i) => [i.change, i.old?.id ?? null, i.new?.id ?? null]).sort()).toEqual(
      [
        ["added", null, f.wording.id],
        ["added", null, f.answer.id],
        ["added", null, f.card.id],
        ["removed", revised.wording, null],
        ["removed", revised.answer, null],
        ["removed", revised.card, null],
      ].sort(),
    );
  });

  it("each edition keeps its own text: the old item stays in the first, the new one is the next's", async () => {
    const first = (await t.admin.call.questions.list({ section: 5, edition: FIRST_EDITION })).map((q) => q.id);
    const next = (await t.admin.call.questions.list({ section: 5, edition: NEXT })).map((q) => q.id);
    expect(first).toContain(f.wording.id);
    expect(first).not.toContain(revised.wording);
    expect(next).toContain(revised.wording);
    expect(next).not.toContain(f.wording.id);
  });

  it("a member's review schedule carries over when the answer is unchanged and restarts when it changed", async () => {
    const before = await scheduleOf("question", f.wording.id);
    expect(before).toBeDefined();
    expect(await scheduleOf("question", revised.wording)).toEqual(before);
    expect(await scheduleOf("question", revised.answer)).toBeUndefined();
    expect(await scheduleOf("flashcard", revised.card)).toBeUndefined();
    // The first edition's items keep their schedules for members who stay with it.
    expect(await scheduleOf("question", f.answer.id)).toBeDefined();
  });

  it("refuses an unknown edition, a member's revision, and an item not true for the edition, changing nothing", async () => {
    const { call } = await t.member();
    const rows = await counts(t.database);
    expect((await failure(call.editions.changes({ a: FIRST_EDITION, b: "jcba-2099" }))).code).toBe("NOT_FOUND");
    expect((await failure(call.editions.changes({ a: "Not One", b: NEXT }))).code).toBe("BAD_REQUEST");
    expect((await failure(call.questions.revise({ id: f.wording.id, edition: NEXT, questionText: "x?" }))).code).toBe(
      "FORBIDDEN",
    );
    expect(
      (await failure(t.admin.call.questions.revise({ id: f.wording.id, edition: NEXT, questionText: "x?" }))).code,
    ).toBe("CONFLICT");
    expect(
      (await failure(t.admin.call.questions.revise({ id: f.wording.id, edition: "jcba-2099", questionText: "x?" })))
        .code,
    ).toBe("BAD_REQUEST");
    expect(await counts(t.database)).toEqual(rows);
  });
});
