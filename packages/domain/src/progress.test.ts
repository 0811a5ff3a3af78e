import { describe, expect, it } from "vitest";
import {
  accuracyPercent,
  formatDuration,
  formatHistoryDate,
  historySectionBadges,
  overallProgressPercent,
  questionsCompleted,
  scoreBand,
  scoreMessage,
  scoreTrend,
  sectionCardPercent,
  sectionChart,
  studyStreakDays,
  weakAreas,
} from "./progress.ts";

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
