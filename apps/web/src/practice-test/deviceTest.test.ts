import { describe, expect, it } from "vitest";
import { type BankQuestion, countsOnDevice, drawOnDevice, gradeOnDevice } from "./deviceTest.ts";

const q = (id: number, sectionNumber: number, more: Partial<BankQuestion> = {}): BankQuestion => ({
  id,
  version: 1,
  editions: ["jcba-2016"],
  sectionNumber,
  questionType: "multiple-choice",
  questionText: `Question ${id}?`,
  options: ["A", "B", "C", "D"],
  correctAnswer: "B",
  alternatives: [],
  explanation: `Why ${id}.`,
  citation: `${sectionNumber}.A`,
  source: null,
  sourceLabel: null,
  secondSource: null,
  secondSourceLabel: null,
  ...more,
});

// Sections 3 and 5 with four questions each, section 9 with two.
const bank = [
  ...[1, 2, 3, 4].map((id) => q(id, 3)),
  ...[5, 6, 7, 8].map((id) => q(id, 5)),
  q(9, 9),
  q(10, 9, {
    questionType: "fill-in-blank",
    options: null,
    correctAnswer: "Seniority",
    alternatives: ["seniority list"],
  }),
];

describe("a practice test drawn on the device", () => {
  it("draws only from the chosen sections, each question once, spread evenly across them", () => {
    for (let run = 0; run < 20; run++) {
      const drawn = drawOnDevice(bank, [3, 5], 4);
      expect(drawn).toHaveLength(4);
      expect(new Set(drawn.map((d) => d.id)).size).toBe(4);
      expect(drawn.filter((d) => d.sectionNumber === 3)).toHaveLength(2);
      expect(drawn.filter((d) => d.sectionNumber === 5)).toHaveLength(2);
    }
  });

  it("gives what the sections have when fewer than asked, and nothing of another section", () => {
    const drawn = drawOnDevice(bank, [9], 25);
    expect(drawn.map((d) => d.id).sort((a, b) => a - b)).toEqual([9, 10]);
    expect(drawOnDevice(bank, [4], 10)).toEqual([]);
  });

  it("never carries the answers to the taking screen", () => {
    for (const d of drawOnDevice(bank, [3, 5, 9], 10)) {
      expect(Object.keys(d).sort()).toEqual([
        "id",
        "options",
        "questionText",
        "questionType",
        "sectionNumber",
        "version",
      ]);
    }
  });

  it("counts the questions per section, only the All pool being known", () => {
    const counts = countsOnDevice(bank);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([3, 5, 9]);
    expect(counts.get(9)).toEqual({ questions: 2, unused: 0, incorrect: 0, flagged: 0 });
  });
});

describe("a submission graded on the device", () => {
  const submission = {
    id: "attempt-1",
    answers: [
      { questionId: 1, userAnswer: "B" },
      { questionId: 5, userAnswer: "A" },
      { questionId: 9, userAnswer: null },
      { questionId: "10", userAnswer: "  SENIORITY list " },
    ],
    timeSpentSeconds: "125",
  };

  it("grades by the server's rules: blanks are wrong, fill-in forgives case, space and alternatives", () => {
    const result = gradeOnDevice(bank, submission, "2026-01-02T03:04:05.000Z")!;
    expect(result.review.map((r) => [r.id, r.userAnswer, r.isCorrect])).toEqual([
      [1, "B", true],
      [5, "A", false],
      [9, null, false],
      [10, "  SENIORITY list ", true],
    ]);
    expect(result.correctCount).toBe(2);
    expect(result.attempt).toEqual({
      id: "attempt-1",
      createdAt: "2026-01-02T03:04:05.000Z",
      sectionsIncluded: [3, 5, 9],
      totalQuestions: 4,
      score: 50,
      timeSpentSeconds: 125,
    });
    expect(result.breakdown).toEqual([
      { sectionNumber: 3, total: 1, correct: 1, percent: 100 },
      { sectionNumber: 5, total: 1, correct: 0, percent: 0 },
      { sectionNumber: 9, total: 2, correct: 1, percent: 50 },
    ]);
    expect(result.review[1]).toMatchObject({ correctAnswer: "B", explanation: "Why 5.", citation: "5.A" });
  });

  it("leaves to the server a submission with a question the device does not hold", () => {
    const unknown = { ...submission, answers: [...submission.answers, { questionId: 999, userAnswer: "B" }] };
    expect(gradeOnDevice(bank, unknown, "2026-01-02T03:04:05.000Z")).toBeNull();
  });
});
