import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { counts, failure, shippedQuestionCount, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

const goodQuestion = {
  sectionNumber: 5,
  questionType: "multiple-choice" as const,
  questionText: "What is asked?",
  options: ["A", "B", "C", "D"],
  correctAnswer: "A",
  explanation: "A is right.",
};

/** A refused call: 400 with the reason, and nothing written. */
async function expectRejected(call: () => Promise<unknown>, reason: RegExp) {
  const before = await counts(t.database);
  const { code, text } = await failure(call());
  expect([code, text]).toEqual(["BAD_REQUEST", expect.stringMatching(reason)]);
  expect(await counts(t.database)).toEqual(before);
}

describe("questions.list", () => {
  it("lists the shipped bank by section with the documented fields", async () => {
    const { call } = await t.member();
    const section7 = await call.questions.list({ section: 7 });
    expect(section7).toHaveLength(shippedQuestionCount(7));
    for (const q of section7) {
      expect(Object.keys(q).sort()).toEqual([
        "alternatives",
        "citation",
        "correctAnswer",
        "editions",
        "explanation",
        "id",
        "options",
        "questionText",
        "questionType",
        "secondSource",
        "secondSourceLabel",
        "sectionNumber",
        "source",
        "sourceLabel",
        "version",
      ]);
      expect(q.sectionNumber).toBe(7);
      if (q.questionType === "multiple-choice") {
        expect(q.options).toHaveLength(4);
        expect(q.options).toContain(q.correctAnswer);
      } else expect(q.options).toBeNull();
    }
    expect(await call.questions.list({})).toHaveLength(shippedQuestionCount());
  });

  it("refuses a section outside 1–32 or not a whole number", async () => {
    const { call } = await t.member();
    for (const section of ["0", "33", "abc", "7.5"])
      expect([section, (await failure(call.questions.list({ section }))).code]).toEqual([section, "BAD_REQUEST"]);
  });

  it("is for signed-in people only", async () => {
    expect((await failure(t.signedOut.questions.list({}))).code).toBe("UNAUTHORIZED");
  });
});

describe("questions.create, update and delete", () => {
  it("let an admin create, update and delete a question; members see the change", async () => {
    const { call: member } = await t.member();
    const created = await t.admin.call.questions.create({ ...goodQuestion, sectionNumber: 32, correctAnswer: "B" });
    expect(created).toMatchObject({ sectionNumber: 32, correctAnswer: "B", options: ["A", "B", "C", "D"] });
    const inSection32 = async () => (await member.questions.list({ section: 32 })).some((q) => q.id === created.id);
    expect(await inSection32()).toBe(true);

    const updated = await t.admin.call.questions.update({
      id: created.id,
      questionType: "fill-in-blank",
      options: null,
      correctAnswer: "b",
    });
    expect(updated).toMatchObject({
      questionType: "fill-in-blank",
      options: null,
      correctAnswer: "b",
      questionText: goodQuestion.questionText,
    });

    expect(await t.admin.call.questions.delete({ id: created.id })).toEqual({ id: created.id, deleted: true });
    expect(await inSection32()).toBe(false);
    expect((await failure(t.admin.call.questions.delete({ id: created.id }))).code).toBe("NOT_FOUND");
    expect((await failure(t.admin.call.questions.update({ id: created.id, questionText: "x?" }))).code).toBe(
      "NOT_FOUND",
    );
  });

  it("are for admins only", async () => {
    const { call: member } = await t.member();
    expect((await failure(member.questions.create(goodQuestion))).code).toBe("FORBIDDEN");
    expect((await failure(member.questions.update({ id: 1, questionText: "x?" }))).code).toBe("FORBIDDEN");
    expect((await failure(member.questions.delete({ id: 1 }))).code).toBe("FORBIDDEN");
    expect((await failure(t.signedOut.questions.delete({ id: 1 }))).code).toBe("UNAUTHORIZED");
  });

  it("refuse section 33, three options, an empty field and an answer outside the options", async () => {
    const create = (changes: Record<string, unknown>) => () =>
      t.admin.call.questions.create({ ...goodQuestion, ...changes } as typeof goodQuestion);
    await expectRejected(create({ sectionNumber: 33 }), /sectionNumber: Section must be from 1 to 32/);
    await expectRejected(create({ sectionNumber: 0 }), /sectionNumber/);
    await expectRejected(create({ options: ["A", "B", "C"] }), /exactly 4 options/);
    await expectRejected(create({ options: ["A", "B", "", "D"] }), /Option 3 is required/);
    await expectRejected(create({ questionText: "   " }), /Question text is required/);
    await expectRejected(create({ explanation: "" }), /Explanation is required/);
    await expectRejected(create({ correctAnswer: "E" }), /correct answer must be one of the options/);
    await expectRejected(create({ questionType: "essay" }), /multiple-choice or fill-in-blank/);
    await expectRejected(create({ options: ["A", "a", "B", "C"] }), /different/);
  });

  it("refuse an update that breaks the rules and leave the question as it was", async () => {
    const [q] = (await t.admin.call.questions.list({ section: 9 })).filter((x) => x.questionType === "multiple-choice");
    await expectRejected(
      () => t.admin.call.questions.update({ id: q!.id, correctAnswer: "not an option" }),
      /one of the options/,
    );
    await expectRejected(() => t.admin.call.questions.update({ id: q!.id, sectionNumber: 40 }), /sectionNumber/);
    await expectRejected(() => t.admin.call.questions.update({ id: "abc", questionText: "x" }), /id/);
    expect((await t.admin.call.questions.list({ section: 9 })).find((x) => x.id === q!.id)).toEqual(q);
  });
});

describe("questions.delete of a question members have used", () => {
  it("archives it: gone from lists and tests, while members' answers, progress and past tests stay", async () => {
    const { call } = await t.member();
    const [question] = await call.questions.list({ section: 30 });
    await call.progress.questionAttempt({ questionId: question!.id, userAnswer: question!.correctAnswer });
    const test = await call.tests.submit({
      answers: [{ questionId: question!.id, userAnswer: question!.correctAnswer }],
      timeSpentSeconds: 30,
    });
    const progressBefore = await call.progress.sections();

    expect(await t.admin.call.questions.delete({ id: question!.id })).toEqual({ id: question!.id, deleted: true });

    expect((await call.questions.list({ section: 30 })).map((q) => q.id)).not.toContain(question!.id);
    expect(await call.progress.sections()).toEqual(progressBefore);
    const review = await call.tests.get({ id: test.attempt.id });
    expect(review.review.map((r) => r.id)).toEqual([question!.id]);
    expect(review.correctCount).toBe(1);
    const [row] = await t.database.rows<{ archived: boolean }>(
      sql`SELECT archived_at IS NOT NULL AS archived FROM questions WHERE id = ${question!.id}`,
    );
    expect(row).toEqual({ archived: true });
  });

  it("still grades it in a test the member drew before it was archived", async () => {
    const { call } = await t.member();
    const [used, other] = await call.questions.list({ section: 29 });
    await call.progress.questionAttempt({ questionId: used!.id, userAnswer: used!.correctAnswer });
    await t.admin.call.questions.delete({ id: used!.id });

    const result = await call.tests.submit({
      answers: [
        { questionId: used!.id, userAnswer: used!.correctAnswer },
        { questionId: other!.id, userAnswer: "surely not this" },
      ],
      timeSpentSeconds: 40,
    });
    expect(result.correctCount).toBe(1);
    expect(result.review.map((r) => [r.id, r.isCorrect])).toEqual([
      [used!.id, true],
      [other!.id, false],
    ]);
  });

  it("deletes a question nobody has answered", async () => {
    const created = await t.admin.call.questions.create({
      sectionNumber: 30,
      questionType: "fill-in-blank",
      questionText: "A question nobody answers?",
      options: null,
      correctAnswer: "none",
      explanation: "Deleted outright.",
    });
    await t.admin.call.questions.delete({ id: created.id });
    const rows = await t.database.rows(sql`SELECT 1 FROM questions WHERE id = ${created.id}`);
    expect(rows).toEqual([]);
  });
});
