/** recordAnswers, the one writer of answers and latest results, below the routers that use it. */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { counts, failure, useTestApi } from "../../test-helpers.ts";
import { type GradedAnswer, recordAnswers, sectionProgressOf } from "./answers.ts";

const t = useTestApi();

/** Answers to the first `n` questions of a section, right or wrong as asked. */
async function answersFor(section: number, correct: boolean[]): Promise<GradedAnswer[]> {
  const questions = (await t.admin.call.questions.list({ section })).slice(0, correct.length);
  return questions.map((q, i) => ({
    id: randomUUID(),
    questionId: q.id,
    questionVersion: q.version,
    sectionNumber: q.sectionNumber,
    userAnswer: correct[i] ? q.correctAnswer : "wrong",
    isCorrect: correct[i]!,
  }));
}

describe("recordAnswers", () => {
  it("writes many answers at once, in the order given, with each section's progress after them", async () => {
    const { user } = await t.member();
    const answers = [...(await answersFor(5, [true, false])), ...(await answersFor(6, [true]))];
    const recorded = await recordAnswers(t.database, user.id, answers);
    expect(recorded.answers.map((a) => [a.id, a.isCorrect, a.inserted, a.testAttemptId])).toEqual(
      answers.map((a) => [a.id, a.isCorrect, true, null]),
    );
    expect(recorded.progress).toEqual([
      { sectionNumber: 5, questionsAttempted: 2, questionsCorrect: 1 },
      { sectionNumber: 6, questionsAttempted: 1, questionsCorrect: 1 },
    ]);
    expect(await sectionProgressOf(t.database, user.id)).toEqual(recorded.progress);
  });

  it("on a retry writes nothing and returns the first stored answers", async () => {
    const { user } = await t.member();
    const answers = await answersFor(7, [true, false]);
    const first = await recordAnswers(t.database, user.id, answers);
    const before = await counts(t.database);
    const retried = answers.map((a) => ({ ...a, userAnswer: "changed", isCorrect: !a.isCorrect }));
    const again = await recordAnswers(t.database, user.id, retried);
    expect(again.answers).toEqual(first.answers.map((a) => ({ ...a, inserted: false })));
    expect(again.progress).toEqual(first.progress);
    expect(await counts(t.database)).toEqual(before);
  });

  it("records concurrent retries of one answer once", async () => {
    const { user } = await t.member();
    const answers = await answersFor(9, [true]);
    const results = await Promise.all([1, 2, 3, 4].map(() => recordAnswers(t.database, user.id, answers)));
    expect(results.filter((r) => r.answers[0]!.inserted)).toHaveLength(1);
    expect(new Set(results.map((r) => r.answers[0]!.createdAt)).size).toBe(1);
    const [row] = await t.database.rows<{ attempts: number }>(
      sql`SELECT attempts FROM question_results WHERE user_id = ${user.id} AND question_id = ${answers[0]!.questionId}`,
    );
    expect(row!.attempts).toBe(1);
  });

  it("refuses an id stored for another member, writing none of the batch", async () => {
    const a = await t.member();
    const b = await t.member();
    const [taken] = await answersFor(10, [true]);
    await recordAnswers(t.database, a.user.id, [taken!]);
    const before = await counts(t.database);
    const batch = [...(await answersFor(11, [true])), taken!];
    expect((await failure(recordAnswers(t.database, b.user.id, batch))).code).toBe("CONFLICT");
    expect(await counts(t.database)).toEqual(before);
  });

  it("stores the chosen option, the time taken and whether it is the member's first answer", async () => {
    const { user } = await t.member();
    const [q] = (await t.admin.call.questions.list({ section: 12 })).filter(
      (x) => x.questionType === "multiple-choice",
    );
    const wrong = q!.options!.findIndex((o) => o !== q!.correctAnswer);
    const answer = (userAnswer: string, timeTakenMs: number | null): GradedAnswer => ({
      id: randomUUID(),
      questionId: q!.id,
      questionVersion: q!.version,
      sectionNumber: q!.sectionNumber,
      userAnswer,
      isCorrect: userAnswer === q!.correctAnswer,
      chosenOption: q!.options!.indexOf(userAnswer),
      timeTakenMs,
    });
    const first = await recordAnswers(t.database, user.id, [answer(q!.options![wrong]!, 4200)]);
    const second = await recordAnswers(t.database, user.id, [answer(q!.correctAnswer, null)]);
    expect(first.answers[0]).toMatchObject({ isFirst: true, chosenOption: wrong, timeTakenMs: 4200, isCorrect: false });
    expect(second.answers[0]).toMatchObject({ isFirst: false, timeTakenMs: null, isCorrect: true });
    const [totals] = await t.database.rows<{ answered: number; correct: number }>(
      sql`SELECT answered, correct FROM member_first_totals WHERE user_id = ${user.id}`,
    );
    // Only the first answer counts, and it was wrong.
    expect(totals).toEqual({ answered: 1, correct: 0 });
  });

  it("marks exactly one first answer when a member answers a question twice at the same time", async () => {
    const { user } = await t.member();
    const [template] = await answersFor(13, [true]);
    const racing = [1, 2, 3, 4].map(() => [{ ...template!, id: randomUUID() }]);
    const results = await Promise.all(racing.map((batch) => recordAnswers(t.database, user.id, batch)));
    expect(results.map((r) => r.answers[0]!.isFirst).filter(Boolean)).toHaveLength(1);
    const [stored] = await t.database.rows<{ firsts: number; answers: number; attempts: number; answered: number }>(sql`
      SELECT (SELECT count(*) FILTER (WHERE is_first) FROM question_attempts WHERE user_id = ${user.id})::int AS firsts,
             (SELECT count(*) FROM question_attempts WHERE user_id = ${user.id})::int AS answers,
             (SELECT attempts FROM question_results WHERE user_id = ${user.id}) AS attempts,
             (SELECT answered FROM member_first_totals WHERE user_id = ${user.id}) AS answered`);
    expect(stored).toEqual({ firsts: 1, answers: 4, attempts: 4, answered: 1 });
    // Each answer is a review, and each one that moved the schedule moved it from the one before.
    const [reviews] = await t.database.rows<{ logged: number; applied: number; reps: number }>(sql`
      SELECT (SELECT count(*) FROM review_log WHERE user_id = ${user.id})::int AS logged,
             (SELECT count(*) FILTER (WHERE applied) FROM review_log WHERE user_id = ${user.id})::int AS applied,
             (SELECT reps FROM review_items WHERE user_id = ${user.id}) AS reps`);
    expect(reviews).toEqual({ logged: 4, applied: reviews!.reps, reps: expect.any(Number) });
    expect(reviews!.reps).toBeGreaterThan(0);
  });
});
