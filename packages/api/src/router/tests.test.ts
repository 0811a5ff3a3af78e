import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { counts, failure, shippedQuestionCount, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

describe("tests.draw and tests.availability", () => {
  it("draw questions spread across the chosen sections, without their answers", async () => {
    const { call } = await t.member();
    const drawn = await call.tests.draw({ sections: "7,8,26", count: 12 });
    expect(drawn.sections).toEqual([7, 8, 26]);
    expect(drawn.questions).toHaveLength(12);
    expect(drawn.available).toBe(shippedQuestionCount(7) + shippedQuestionCount(8) + shippedQuestionCount(26));
    for (const s of [7, 8, 26]) expect(drawn.questions.filter((q) => q.sectionNumber === s)).toHaveLength(4);
    expect(new Set(drawn.questions.map((q) => q.id)).size).toBe(12);
    for (const q of drawn.questions)
      expect(Object.keys(q).sort()).toEqual([
        "id",
        "options",
        "questionText",
        "questionType",
        "sectionNumber",
        "version",
      ]);
  });

  it("report how many questions each section has", async () => {
    const { call } = await t.member();
    const availability = await call.tests.availability();
    expect(availability).toHaveLength(32);
    expect(availability[6]).toEqual({
      sectionNumber: 7,
      questions: shippedQuestionCount(7),
      unused: shippedQuestionCount(7),
      incorrect: 0,
      flagged: 0,
    });
  });

  it("refuse unknown sections and a count below 1", async () => {
    const { call } = await t.member();
    expect((await failure(call.tests.draw({ sections: "0,40" }))).text).toMatch(/section numbers from 1 to 32/);
    expect((await failure(call.tests.draw({ count: 0 }))).text).toMatch(/count must be at least 1/);
    expect((await failure(t.signedOut.tests.draw({}))).code).toBe("UNAUTHORIZED");
  });
});

describe("tests.submit", () => {
  it("grades a test on the server, records it once, lists it and counts its answers towards progress", async () => {
    const { call } = await t.member();
    const drawn = (await call.tests.draw({ sections: "4", count: 5 })).questions;
    const bank = new Map((await call.questions.list({ section: 4 })).map((q) => [q.id, q]));
    const answers = drawn.map((q, i) => ({
      questionId: q.id,
      userAnswer: i < 3 ? bank.get(q.id)!.correctAnswer : i === 3 ? "definitely wrong" : null,
    }));
    const id = randomUUID();
    const result = await call.tests.submit({ id, answers, timeSpentSeconds: 125 });
    expect(result.attempt).toMatchObject({
      id,
      totalQuestions: 5,
      score: 60,
      timeSpentSeconds: 125,
      sectionsIncluded: [4],
    });
    expect(result.correctCount).toBe(3);
    expect(result.breakdown).toEqual([{ sectionNumber: 4, total: 5, correct: 3, percent: 60 }]);
    expect(result.review.map((r) => r.id)).toEqual(drawn.map((q) => q.id));
    expect(result.review[4]).toMatchObject({ userAnswer: null, isCorrect: false });

    // A retry (same id) changes nothing: the first submission stands.
    const before = await counts(t.database);
    expect(await call.tests.submit({ id, answers, timeSpentSeconds: 999 })).toEqual(result);
    expect(await counts(t.database)).toEqual(before);

    const list = await call.tests.list();
    expect(list).toEqual([result.attempt]);
    expect(new Date(list[0]!.createdAt).toISOString()).toBe(list[0]!.createdAt);
    expect(await call.tests.get({ id })).toEqual(result);
    // The 4 answered questions count towards section progress, 3 of them right, at the test's time.
    expect(await call.progress.sections()).toEqual([{ sectionNumber: 4, questionsAttempted: 4, questionsCorrect: 3 }]);
    const rows = await t.database.rows<{ n: number; same: boolean }>(sql`
      SELECT count(*)::int AS n, bool_and(q.created_at = a.created_at) AS same
      FROM question_attempts q JOIN test_attempts a ON a.id = q.test_attempt_id WHERE a.id = ${id}::uuid`);
    expect(rows[0]).toEqual({ n: 4, same: true });
  });

  it("keeps each member's attempts to themselves", async () => {
    const a = await t.member();
    const b = await t.member();
    const [q] = await a.call.questions.list({ section: 2 });
    const id = randomUUID();
    await a.call.tests.submit({ id, answers: [{ questionId: q!.id, userAnswer: "x" }], timeSpentSeconds: 5 });
    expect((await failure(b.call.tests.get({ id }))).code).toBe("NOT_FOUND");
    expect(await b.call.tests.list()).toEqual([]);
    expect(
      (
        await failure(
          b.call.tests.submit({ id, answers: [{ questionId: q!.id, userAnswer: "x" }], timeSpentSeconds: 5 }),
        )
      ).code,
    ).toBe("CONFLICT");
  });

  it("refuses bad tests and unknown questions, writing nothing", async () => {
    const { call } = await t.member();
    const [q] = await call.questions.list({ section: 1 });
    const before = await counts(t.database);
    const submit = (input: Record<string, unknown>) => failure(call.tests.submit(input as never));
    expect((await submit({ answers: [], timeSpentSeconds: 10 })).text).toMatch(/at least one question/);
    expect(
      (
        await submit({
          answers: [
            { questionId: q!.id, userAnswer: "a" },
            { questionId: q!.id, userAnswer: "b" },
          ],
          timeSpentSeconds: 10,
        })
      ).text,
    ).toMatch(/twice/);
    expect((await submit({ answers: [{ questionId: q!.id, userAnswer: "a" }], timeSpentSeconds: -5 })).text).toMatch(
      /negative/,
    );
    expect(await submit({ answers: [{ questionId: 999999, userAnswer: "a" }], timeSpentSeconds: 1 })).toEqual({
      code: "NOT_FOUND",
      text: "Question 999999 does not exist.",
    });
    expect(await counts(t.database)).toEqual(before);
  });
});
