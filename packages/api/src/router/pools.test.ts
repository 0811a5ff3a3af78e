import { describe, expect, it } from "vitest";
import type { Question } from "../services/content/schemas.ts";
import { failure, shippedQuestionCount, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

const wrongOf = (q: Question) =>
  q.questionType === "multiple-choice" ? q.options!.find((o) => o !== q.correctAnswer)! : "surely not this";

describe("test builder pools, flags and codes", () => {
  it("counts and draws each pool per section", async () => {
    const { call } = await t.member();
    const qs = await call.questions.list({ section: 12 });
    const [a, b, c] = qs;
    await call.progress.questionAttempt({ questionId: a!.id, userAnswer: wrongOf(a!) });
    await call.progress.questionAttempt({ questionId: b!.id, userAnswer: b!.correctAnswer });
    // Wrong, then right: its latest answer is right, so it is not Incorrect.
    await call.progress.questionAttempt({ questionId: c!.id, userAnswer: wrongOf(c!) });
    await call.progress.questionAttempt({ questionId: c!.id, userAnswer: c!.correctAnswer });
    await call.flags.set({ questionId: b!.id, flagged: true });

    const s12 = (await call.tests.availability()).find((x) => x.sectionNumber === 12)!;
    expect(s12).toEqual({
      sectionNumber: 12,
      questions: shippedQuestionCount(12),
      unused: shippedQuestionCount(12) - 3,
      incorrect: 1,
      flagged: 1,
    });
    const incorrect = await call.tests.draw({ sections: "12", count: 10, pool: "incorrect" });
    expect(incorrect.questions.map((q) => q.id)).toEqual([a!.id]);
    expect(incorrect.available).toBe(1);
    const flagged = await call.tests.draw({ sections: "all", count: 10, pool: "flagged" });
    expect(flagged.questions.map((q) => q.id)).toEqual([b!.id]);
    const unused = await call.tests.draw({ sections: "12", count: 200, pool: "unused" });
    expect(unused.questions.map((q) => q.id).sort()).not.toContain(a!.id);
    expect(unused.questions).toHaveLength(shippedQuestionCount(12) - 3);

    expect(await call.flags.list()).toEqual([b!.id]);
    expect(await call.flags.clear({ questionIds: [b!.id] })).toEqual({ cleared: 1 });
    expect(await call.flags.list()).toEqual([]);
  });

  it("draws the same questions in the same order from a shared code, for another member too", async () => {
    const { call } = await t.member();
    const first = await call.tests.draw({ sections: "3,9,14", count: 15 });
    expect(first.code).toMatch(/^S-/);
    const other = await t.member();
    const again = await other.call.tests.draw({ code: first.code });
    expect(again.questions).toEqual(first.questions);
    expect(again.sections).toEqual([3, 9, 14]);
    // A code from a personal pool lists its questions.
    const [q] = await call.questions.list({ section: 20 });
    await call.progress.questionAttempt({ questionId: q!.id, userAnswer: wrongOf(q!) });
    const mine = await call.tests.draw({ sections: "20", pool: "incorrect" });
    expect((await other.call.tests.draw({ code: mine.code })).questions.map((x) => x.id)).toEqual([q!.id]);
  });

  it("refuses a malformed code, an unknown pool, and flags for unknown questions", async () => {
    const { call } = await t.member();
    expect(await failure(call.tests.draw({ code: "S-NOPE" }))).toEqual({
      code: "BAD_REQUEST",
      text: "That test code is not valid.",
    });
    expect((await failure(call.tests.draw({ pool: "mine" as never }))).text).toMatch(/pool must be/);
    expect((await failure(call.flags.set({ questionId: 999999, flagged: true }))).code).toBe("NOT_FOUND");
  });
});
