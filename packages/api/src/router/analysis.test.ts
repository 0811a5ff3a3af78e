/** Item analysis (admins) and peer statistics (members) from first answers recorded through the API. */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { failure, type Member, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

async function mcQuestions(section: number) {
  return (await t.admin.call.questions.list({ section })).filter((q) => q.questionType === "multiple-choice");
}
const wrongOption = (q: { options: string[] | null; correctAnswer: string }) =>
  q.options!.find((o) => o !== q.correctAnswer)!;
const answer = (m: Member, questionId: number, userAnswer: string, timeTakenMs?: number) =>
  m.call.progress.questionAttempt({ id: randomUUID(), questionId, userAnswer, timeTakenMs });

describe("item analysis", () => {
  it("reads facility, discrimination, option counts, median time and flags from first answers only", async () => {
    const [q1, q2] = await mcQuestions(14);
    const members: Member[] = [];
    for (let i = 0; i < 30; i++) members.push(await t.member());
    // The strong half gets both right, the weak half both wrong: q1 separates them perfectly.
    for (const [i, m] of members.entries()) {
      const strong = i < 15;
      await answer(m, q1!.id, strong ? q1!.correctAnswer : wrongOption(q1!), (i + 1) * 1000);
      await answer(m, q2!.id, strong ? q2!.correctAnswer : wrongOption(q2!));
    }
    // A second try is practice, not a first answer: it changes nothing.
    await answer(members[29]!, q1!.id, q1!.correctAnswer, 1);

    const report = await t.admin.call.analysis.itemAnalysis({ section: 14 });
    const row = report.questions.find((r) => r.questionId === q1!.id)!;
    expect(row.firstAnswers).toBe(30);
    expect(row.facility).toBeCloseTo(0.5, 10);
    expect(row.discrimination).toBeCloseTo(1, 10);
    const counts = q1!.options!.map((o) => (o === q1!.correctAnswer ? 15 : o === wrongOption(q1!) ? 15 : 0));
    expect(row.optionCounts).toEqual(counts);
    expect(row.medianTimeMs).toBe(15_500);
    expect(row.flags).toEqual(["unused-distractor"]);
    expect(row.needsChecking).toBe(true);
    // Questions of the section nobody answered are listed, without statistics.
    const untouched = report.questions.find((r) => r.questionId !== q1!.id && r.questionId !== q2!.id)!;
    expect(untouched).toMatchObject({ firstAnswers: 0, facility: null, discrimination: null, flags: [] });

    // The figures are stored: a new first answer shows once they are computed again (on request here).
    await answer(await t.member(), q1!.id, q1!.correctAnswer);
    const stored = await t.admin.call.analysis.itemAnalysis({ section: 14 });
    expect(stored.computedAt).toBe(report.computedAt);
    expect(stored.questions.find((r) => r.questionId === q1!.id)!.firstAnswers).toBe(30);
    const fresh = await t.admin.call.analysis.itemAnalysis({ section: 14, refresh: "true" });
    expect(Date.parse(fresh.computedAt)).toBeGreaterThanOrEqual(Date.parse(report.computedAt));
    expect(fresh.questions.find((r) => r.questionId === q1!.id)!.firstAnswers).toBe(31);

    // Members see what others answered, per option, from first answers.
    const [peer] = await members[0]!.call.analysis.peerStats({ questionIds: [q1!.id] });
    const right = q1!.options!.indexOf(q1!.correctAnswer);
    expect(peer).toEqual({
      questionId: q1!.id,
      firstAnswers: 31,
      percentCorrect: 52,
      optionPercents: counts.map((c, i) => Math.round(((c + (i === right ? 1 : 0)) / 31) * 100)),
    });
  });

  it("shows no statistics below 30 first answers", async () => {
    const [q] = await mcQuestions(15);
    for (let i = 0; i < 29; i++) await answer(await t.member(), q!.id, q!.correctAnswer);
    const report = await t.admin.call.analysis.itemAnalysis({ section: 15 });
    expect(report.questions.find((r) => r.questionId === q!.id)).toMatchObject({
      firstAnswers: 29,
      facility: null,
      flags: [],
    });
    const [peer] = await t.admin.call.analysis.peerStats({ questionIds: [q!.id] });
    expect(peer).toEqual({ questionId: q!.id, firstAnswers: 29, percentCorrect: null, optionPercents: null });
  });

  it("is for admins only, and refuses a section out of range", async () => {
    const m = await t.member();
    expect((await failure(m.call.analysis.itemAnalysis({ section: 3 }))).code).toBe("FORBIDDEN");
    expect((await failure(t.admin.call.analysis.itemAnalysis({ section: 33 }))).code).toBe("BAD_REQUEST");
    expect((await failure(m.call.analysis.peerStats({ questionIds: [] }))).code).toBe("BAD_REQUEST");
  });

  it("refuses a time taken that is negative or longer than a day", async () => {
    const m = await t.member();
    const [q] = await mcQuestions(16);
    for (const bad of [-1, 86_400_001, 1.5])
      expect((await failure(answer(m, q!.id, q!.correctAnswer, bad))).code).toBe("BAD_REQUEST");
  });
});
