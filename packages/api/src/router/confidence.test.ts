/** Confidence on answers: stored, scored with certainty-based marks, scheduling a right guess as Hard. */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { counts, failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

const questionsOf = (section: number) => t.admin.call.questions.list({ section });
const wrong = (q: { questionType: string; options: string[] | null; correctAnswer: string }) =>
  q.questionType === "multiple-choice" ? q.options!.find((o) => o !== q.correctAnswer)! : "surely not this";

async function logged(id: string) {
  const [row] = await t.database.rows<{ rating: number; confidence: string | null; answer: string | null }>(sql`
    SELECT l.rating, l.confidence, a.confidence AS answer
    FROM review_log l LEFT JOIN question_attempts a ON a.id = l.id WHERE l.id = ${id}::uuid`);
  return row;
}

describe("confidence", () => {
  it("is stored with an answer and its review, scored, and a right guess schedules as Hard", async () => {
    const m = await t.member();
    const [q1, q2, q3] = await questionsOf(8);
    const guess = await m.call.progress.questionAttempt({
      id: randomUUID(),
      questionId: q1!.id,
      userAnswer: q1!.correctAnswer,
      confidence: "guess",
    });
    expect(guess).toMatchObject({ isCorrect: true, confidence: "guess", certaintyMark: 1, misconception: false });
    expect(await logged(guess.id)).toEqual({ rating: 2, confidence: "guess", answer: "guess" });

    const sure = await m.call.progress.questionAttempt({
      id: randomUUID(),
      questionId: q2!.id,
      userAnswer: wrong(q2!),
      confidence: "sure",
    });
    expect(sure).toMatchObject({ isCorrect: false, confidence: "sure", certaintyMark: -6, misconception: true });
    expect(await logged(sure.id)).toEqual({ rating: 1, confidence: "sure", answer: "sure" });

    // Without a confidence, as scripts written before it send: Good, no mark.
    const plain = await m.call.progress.questionAttempt({
      id: randomUUID(),
      questionId: q3!.id,
      userAnswer: q3!.correctAnswer,
    });
    expect(plain).toMatchObject({ confidence: null, certaintyMark: null, misconception: false });
    expect(await logged(plain.id)).toEqual({ rating: 3, confidence: null, answer: null });

    let report = await m.call.readiness.confidence();
    expect(report.certainty).toEqual({ answered: 2, marks: 1 - 6, maxMarks: 6, sure: 1, sureRight: 0 });
    expect(report.misconceptions).toEqual([
      { questionId: q2!.id, sectionNumber: 8, questionText: q2!.questionText, answeredAt: sure.createdAt },
    ]);
    // Answered right since: no longer a misconception to look at ("sure" was right once of twice).
    await m.call.progress.questionAttempt({ questionId: q2!.id, userAnswer: q2!.correctAnswer, confidence: "sure" });
    report = await m.call.readiness.confidence();
    expect(report.misconceptions).toEqual([]);
    expect(report.certainty).toMatchObject({ answered: 3, marks: 1 - 6 + 3, sure: 2, sureRight: 1 });
  });

  it("caps a guess at Hard in Review, and a practice test carries each answer's confidence and its marks", async () => {
    const m = await t.member();
    const [q1, q2, q3] = await questionsOf(9);
    const id = randomUUID();
    const rated = await m.call.review.rate({
      id,
      itemType: "question",
      itemId: q1!.id,
      rating: 4,
      confidence: "guess",
    });
    expect(rated.itemId).toBe(q1!.id);
    const [row] = await t.database.rows<{ rating: number; confidence: string }>(
      sql`SELECT rating, confidence FROM review_log WHERE id = ${id}::uuid`,
    );
    expect(row).toEqual({ rating: 2, confidence: "guess" });

    const result = await m.call.tests.submit({
      answers: [
        { questionId: q1!.id, userAnswer: q1!.correctAnswer, confidence: "sure" },
        { questionId: q2!.id, userAnswer: wrong(q2!), confidence: "think" },
        { questionId: q3!.id, userAnswer: q3!.correctAnswer },
      ],
      timeSpentSeconds: 60,
    });
    expect(result.certainty).toEqual({ answered: 2, marks: 3 - 2, maxMarks: 6, sure: 1, sureRight: 1 });
    expect(result.review.map((r) => r.confidence)).toEqual(["sure", "think", null]);
    // Read again, the stored test gives the same.
    const again = await m.call.tests.get({ id: result.attempt.id });
    expect(again.certainty).toEqual(result.certainty);
    const plain = await m.call.tests.submit({
      answers: [{ questionId: q1!.id, userAnswer: q1!.correctAnswer }],
      timeSpentSeconds: 5,
    });
    expect(plain.certainty).toBeNull();
  });

  it("refuses an unknown confidence with the reason, writing nothing, and a member may hide the question", async () => {
    const m = await t.member();
    const [q] = await questionsOf(10);
    const before = await counts(t.database);
    const reason = "confidence must be sure, think or guess.";
    const bad = "certain" as "sure";
    expect(
      await failure(
        m.call.progress.questionAttempt({ questionId: q!.id, userAnswer: q!.correctAnswer, confidence: bad }),
      ),
    ).toEqual({ code: "BAD_REQUEST", text: `confidence: ${reason}` });
    expect(
      await failure(
        m.call.review.rate({ id: randomUUID(), itemType: "question", itemId: q!.id, rating: 3, confidence: bad }),
      ),
    ).toEqual({ code: "BAD_REQUEST", text: `confidence: ${reason}` });
    expect(
      (
        await failure(
          m.call.tests.submit({
            answers: [{ questionId: q!.id, userAnswer: q!.correctAnswer, confidence: bad }],
            timeSpentSeconds: 5,
          }),
        )
      ).text,
    ).toBe(`answers.0.confidence: ${reason}`);
    expect(await counts(t.database)).toEqual(before);

    expect((await m.call.review.settings()).askConfidence).toBe(true);
    expect((await m.call.review.updateSettings({ askConfidence: false })).askConfidence).toBe(false);
    expect((await failure(t.signedOut.readiness.confidence())).code).toBe("UNAUTHORIZED");
  });
});
