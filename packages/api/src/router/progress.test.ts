import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Question } from "../services/content/schemas.ts";
import { counts, failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

const wrongOf = (q: Question) =>
  q.questionType === "multiple-choice" ? q.options!.find((o) => o !== q.correctAnswer)! : "surely not this";

describe("progress.questionAttempt", () => {
  it("grades on the server, ignoring isCorrect from the client", async () => {
    const { call } = await t.member();
    const [q] = await call.questions.list({ section: 3 });
    const answer = await call.progress.questionAttempt({
      questionId: q!.id,
      userAnswer: wrongOf(q!),
      isCorrect: true,
    } as never);
    expect(answer).toMatchObject({
      questionId: q!.id,
      userAnswer: wrongOf(q!),
      isCorrect: false,
      correctAnswer: q!.correctAnswer,
      explanation: q!.explanation,
      sectionProgress: { sectionNumber: 3, questionsAttempted: 1, questionsCorrect: 0 },
    });
    expect(new Date(answer.createdAt).toISOString()).toBe(answer.createdAt);
  });

  it("grades fill-in answers ignoring case and surrounding spaces", async () => {
    const { call } = await t.member();
    const fill = (await call.questions.list({})).find((q) => q.questionType === "fill-in-blank")!;
    const answer = await call.progress.questionAttempt({
      questionId: fill.id,
      userAnswer: `  ${fill.correctAnswer.toUpperCase()} `,
    });
    expect(answer.isCorrect).toBe(true);
  });

  it("records a retried answer once and answers it with the first stored answer", async () => {
    const { call } = await t.member();
    const [q] = await call.questions.list({ section: 12 });
    const id = randomUUID();
    const first = await call.progress.questionAttempt({ id, questionId: q!.id, userAnswer: q!.correctAnswer });
    // The retry carries another answer (a client bug): the first one stands.
    const retry = await call.progress.questionAttempt({ id, questionId: q!.id, userAnswer: wrongOf(q!) });
    expect(retry).toEqual(first);
    expect(retry.sectionProgress).toEqual({ sectionNumber: 12, questionsAttempted: 1, questionsCorrect: 1 });
    const [row] = await t.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM question_attempts WHERE id = ${id}::uuid`,
    );
    expect(row!.n).toBe(1);
  });

  it("counts distinct questions with the latest result", async () => {
    const { call } = await t.member();
    const qs = (await call.questions.list({ section: 12 })).slice(0, 3) as [Question, Question, Question];
    await call.progress.questionAttempt({ questionId: qs[0].id, userAnswer: qs[0].correctAnswer });
    await call.progress.questionAttempt({ questionId: qs[1].id, userAnswer: wrongOf(qs[1]) });
    await call.progress.questionAttempt({ questionId: qs[2].id, userAnswer: qs[2].correctAnswer });
    // Answering question 0 again, wrongly: still 3 distinct questions, now 1 correct.
    const again = await call.progress.questionAttempt({ questionId: qs[0].id, userAnswer: wrongOf(qs[0]) });
    expect(again.sectionProgress).toEqual({ sectionNumber: 12, questionsAttempted: 3, questionsCorrect: 1 });
    expect(await call.progress.sections()).toEqual([{ sectionNumber: 12, questionsAttempted: 3, questionsCorrect: 1 }]);
  });

  it("refuses an answer id used by someone else, or for another question", async () => {
    const a = await t.member();
    const b = await t.member();
    const [q, other] = await a.call.questions.list({ section: 1 });
    const id = randomUUID();
    await a.call.progress.questionAttempt({ id, questionId: q!.id, userAnswer: q!.correctAnswer });
    const before = await counts(t.database);
    expect(
      (await failure(b.call.progress.questionAttempt({ id, questionId: q!.id, userAnswer: q!.correctAnswer }))).code,
    ).toBe("CONFLICT");
    expect((await failure(a.call.progress.questionAttempt({ id, questionId: other!.id, userAnswer: "x" }))).code).toBe(
      "CONFLICT",
    );
    expect(await counts(t.database)).toEqual(before);
    expect(await b.call.progress.sections()).toEqual([]);
  });

  it("refuses bad input and an unknown question, writing nothing", async () => {
    const { call } = await t.member();
    const [q] = await call.questions.list({ section: 1 });
    const before = await counts(t.database);
    const attempt = (input: Record<string, unknown>) => failure(call.progress.questionAttempt(input as never));
    expect(await attempt({ questionId: q!.id })).toEqual({
      code: "BAD_REQUEST",
      text: expect.stringMatching(/userAnswer/),
    });
    expect(await attempt({ questionId: "x", userAnswer: "a" })).toEqual({
      code: "BAD_REQUEST",
      text: expect.stringMatching(/questionId/),
    });
    expect(await attempt({ id: "not-a-uuid", questionId: q!.id, userAnswer: "a" })).toEqual({
      code: "BAD_REQUEST",
      text: expect.stringMatching(/id must be a UUID/),
    });
    expect(await attempt({ questionId: 999999, userAnswer: "a" })).toEqual({
      code: "NOT_FOUND",
      text: "Question 999999 does not exist.",
    });
    expect(await counts(t.database)).toEqual(before);
  });

  it("is for signed-in people only", async () => {
    expect((await failure(t.signedOut.progress.questionAttempt({ questionId: 1, userAnswer: "a" }))).code).toBe(
      "UNAUTHORIZED",
    );
    expect((await failure(t.signedOut.progress.sections())).code).toBe("UNAUTHORIZED");
  });
});

describe("progress.saveSection", () => {
  it("answers with the recomputed record, whatever counts are sent", async () => {
    const { call } = await t.member();
    const [q] = await call.questions.list({ section: 8 });
    await call.progress.questionAttempt({ questionId: q!.id, userAnswer: q!.correctAnswer });
    expect(await call.progress.saveSection({ sectionNumber: 8, questionsAttempted: 99, questionsCorrect: 99 })).toEqual(
      {
        sectionNumber: 8,
        questionsAttempted: 1,
        questionsCorrect: 1,
      },
    );
    expect(await call.progress.saveSection({ sectionNumber: 9 })).toEqual({
      sectionNumber: 9,
      questionsAttempted: 0,
      questionsCorrect: 0,
    });
  });

  it("refuses a bad section or a negative count", async () => {
    const { call } = await t.member();
    expect(
      await failure(call.progress.saveSection({ sectionNumber: 33, questionsAttempted: 1, questionsCorrect: 1 })),
    ).toEqual({
      code: "BAD_REQUEST",
      text: expect.stringMatching(/sectionNumber/),
    });
    expect(await failure(call.progress.saveSection({ sectionNumber: 3, questionsAttempted: -1 }))).toEqual({
      code: "BAD_REQUEST",
      text: expect.stringMatching(/cannot be negative/),
    });
  });
});
