import { describe, expect, it } from "vitest";
import {
  accuracyPercent,
  CONTRACT_SECTION_TITLES,
  canSubmitAnswer,
  drawSpread,
  FLASHCARD_FILTER_SECTION_NAMES,
  formatDuration,
  formatHistoryDate,
  historySectionBadges,
  isAnswerCorrect,
  masteredIds,
  overallProgressPercent,
  parseSectionParam,
  questionsCompleted,
  SIDEBAR_SECTION_NAMES,
  scoreBand,
  scoreMessage,
  scoreTrend,
  sectionBreakdown,
  sectionCardPercent,
  sectionChart,
  seededRandom,
  studyStreakDays,
  testScore,
  weakAreas,
} from "./index.ts";

describe("section catalogue", () => {
  it("has 32 names in each reading", () => {
    expect(SIDEBAR_SECTION_NAMES).toHaveLength(32);
    expect(FLASHCARD_FILTER_SECTION_NAMES).toHaveLength(32);
    expect(CONTRACT_SECTION_TITLES).toHaveLength(32);
  });
  it("keeps the spec's two readings where they differ", () => {
    expect(SIDEBAR_SECTION_NAMES[9]).toBe("AMC");
    expect(FLASHCARD_FILTER_SECTION_NAMES[9]).toBe("Uniforms");
    expect(FLASHCARD_FILTER_SECTION_NAMES[10]).toBe("Relocation Allowance");
    expect(SIDEBAR_SECTION_NAMES.slice(28, 31)).toEqual([
      "Insurance and Retirement",
      "Union Activities",
      "Union Security and Dues Check-Off",
    ]);
    expect(FLASHCARD_FILTER_SECTION_NAMES.slice(28, 31)).toEqual([
      "Investigations and Discipline",
      "Check Airman Program",
      "General",
    ]);
    expect(CONTRACT_SECTION_TITLES[5]).toBe("Minimum Pay and Credit, Hours of Service, and Contractual Legalities");
  });
  it("parses the flashcard section parameter", () => {
    expect(parseSectionParam(undefined)).toBeNull();
    expect(parseSectionParam("7")).toBe(7);
    expect(parseSectionParam(32)).toBe(32);
    for (const bad of ["0", "33", "abc", "7.5", "-1", "1e1"]) expect(parseSectionParam(bad)).toBe("invalid");
  });
});

describe("grading", () => {
  const mc = { questionType: "multiple-choice" as const, correctAnswer: "69 hours" };
  const fib = { questionType: "fill-in-blank" as const, correctAnswer: "Reserve" };
  it("multiple choice needs the exact option", () => {
    expect(isAnswerCorrect(mc, "69 hours")).toBe(true);
    expect(isAnswerCorrect(mc, "69 Hours")).toBe(false);
  });
  it("fill-in ignores case and surrounding spaces only", () => {
    expect(isAnswerCorrect(fib, "  reserve ")).toBe(true);
    expect(isAnswerCorrect(fib, "reserves")).toBe(false);
    expect(isAnswerCorrect(fib, "re serve")).toBe(false);
  });
  it("fill-in also takes a listed alternative, the same way", () => {
    const days = { questionType: "fill-in-blank" as const, correctAnswer: "3", alternatives: ["three"] };
    expect(isAnswerCorrect(days, "3")).toBe(true);
    expect(isAnswerCorrect(days, " Three ")).toBe(true);
    expect(isAnswerCorrect(days, "thirty")).toBe(false);
    // Multiple choice never looks at alternatives.
    expect(isAnswerCorrect({ ...mc, alternatives: ["69"] }, "69")).toBe(false);
  });
  it("submit needs a choice or non-empty text", () => {
    expect(canSubmitAnswer("multiple-choice", null)).toBe(false);
    expect(canSubmitAnswer("multiple-choice", "A")).toBe(true);
    expect(canSubmitAnswer("fill-in-blank", "   ")).toBe(false);
    expect(canSubmitAnswer("fill-in-blank", " x")).toBe(true);
  });
});

describe("dashboard maths", () => {
  const rec = (sectionNumber: number, questionsAttempted: number, questionsCorrect: number) => ({
    sectionNumber,
    questionsAttempted,
    questionsCorrect,
  });
  it("overall progress counts sections with 15+ attempted out of 32", () => {
    expect(overallProgressPercent([rec(1, 15, 0), rec(2, 14, 14), rec(3, 40, 1)])).toBe(6); // 2/32 = 6.25
    expect(overallProgressPercent([])).toBe(0);
  });
  it("sums questions completed", () => expect(questionsCompleted([rec(1, 3, 1), rec(2, 4, 4)])).toBe(7));
  it("caps the section bar at 20 attempted", () => {
    expect(sectionCardPercent(10)).toBe(50);
    expect(sectionCardPercent(25)).toBe(100);
  });
  it("rounds accuracy and is 0 with nothing attempted", () => {
    expect(accuracyPercent(rec(1, 3, 2))).toBe(67);
    expect(accuracyPercent(rec(1, 0, 0))).toBe(0);
  });
  it("finds at most 3 weak areas, lowest first, needing 5 attempted and < 60 %", () => {
    const weak = weakAreas([rec(1, 5, 2), rec(2, 4, 0), rec(3, 10, 6), rec(4, 10, 1), rec(5, 10, 5), rec(6, 20, 11)]);
    expect(weak.map((w) => w.sectionNumber)).toEqual([4, 1, 5]);
    expect(weakAreas([rec(3, 10, 6)])).toEqual([]);
  });
  it("streak is min(test attempts, 7)", () => {
    expect(studyStreakDays(0)).toBe(0);
    expect(studyStreakDays(3)).toBe(3);
    expect(studyStreakDays(12)).toBe(7);
  });
  it("bands and messages switch at 80 and 60", () => {
    expect([scoreBand(80), scoreBand(79), scoreBand(60), scoreBand(59)]).toEqual(["green", "amber", "amber", "red"]);
    expect(scoreMessage(80)).toBe("Great job! You have a strong understanding of this section.");
    expect(scoreMessage(60)).toBe("Good effort! Review the explanations to improve your knowledge.");
    expect(scoreMessage(59)).toBe("Keep studying! Review this section and try again.");
  });
  it("formats time, date and badges like the Test History", () => {
    expect(formatDuration(125)).toBe("2m 5s");
    expect(formatDuration(0)).toBe("0m 0s");
    expect(formatHistoryDate(new Date(2024, 0, 5))).toBe("Jan 5, 2024");
    expect(historySectionBadges([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], more: 2 });
    expect(historySectionBadges([9])).toEqual({ shown: [9], more: 0 });
  });
  it("charts take the last 4 attempts oldest first and the first 8 records", () => {
    const attempts = [50, 60, 70, 80, 90].map((score, i) => ({
      score,
      createdAt: new Date(2024, 0, 10 - i).toISOString(),
    }));
    expect(scoreTrend(attempts)).toEqual([
      { label: "Test 1", score: 80 },
      { label: "Test 2", score: 70 },
      { label: "Test 3", score: 60 },
      { label: "Test 4", score: 50 },
    ]);
    const records = Array.from({ length: 10 }, (_, i) => rec(i + 1, 3, i % 4));
    expect(sectionChart(records)).toHaveLength(8);
    expect(sectionChart([rec(4, 3, 2), rec(5, 0, 0)])).toEqual([
      { label: "Sec 4", value: 67 },
      { label: "Sec 5", value: 0 },
    ]);
  });
});

describe("practice test", () => {
  const pool = [
    ...Array.from({ length: 30 }, (_, i) => ({ id: i, sectionNumber: 1 })),
    ...Array.from({ length: 3 }, (_, i) => ({ id: 100 + i, sectionNumber: 2 })),
    ...Array.from({ length: 10 }, (_, i) => ({ id: 200 + i, sectionNumber: 3 })),
  ];
  it("spreads the draw across sections and never repeats a question", () => {
    const drawn = drawSpread(pool, 10, seededRandom(1));
    expect(drawn).toHaveLength(10);
    expect(new Set(drawn.map((q) => q.id)).size).toBe(10);
    const per = (s: number) => drawn.filter((q) => q.sectionNumber === s).length;
    expect(per(2)).toBe(3);
    expect(Math.abs(per(1) - per(3))).toBeLessThanOrEqual(1);
  });
  it("stops at the pool size", () => expect(drawSpread(pool, 500, seededRandom(2))).toHaveLength(43));
  it("scores over all questions and breaks down by section", () => {
    expect(testScore(7, 9)).toBe(78);
    expect(
      sectionBreakdown([
        { sectionNumber: 2, isCorrect: true },
        { sectionNumber: 1, isCorrect: false },
        { sectionNumber: 2, isCorrect: false },
      ]),
    ).toEqual([
      { sectionNumber: 1, total: 1, correct: 0, percent: 0 },
      { sectionNumber: 2, total: 2, correct: 1, percent: 50 },
    ]);
  });
});

describe("mastery", () => {
  it("counts distinct ids from saved records and local choices", () => {
    const ids = masteredIds(
      [
        { flashcardId: 1, mastered: true },
        { flashcardId: 2, mastered: true },
        { flashcardId: 3, mastered: false },
      ],
      new Map([
        [2, false],
        [4, true],
        [1, true],
      ]),
    );
    expect([...ids].sort()).toEqual([1, 4]);
  });
});
