import { describe, expect, it } from "vitest";
import {
  discriminationOf,
  type FirstAnswer,
  itemStatistics,
  MIN_FIRST_ANSWERS,
  median,
  peerStatistics,
  sumsOf,
} from "./item-analysis.ts";

/**
 * A hand-worked example. Members A–D first-answered three questions each, E only this one:
 *   A right, 3 of 3 right overall → rest 2/2 = 1      B right, 2 of 3 → rest 1/2 = 0.5
 *   C wrong, 1 of 3 → rest 1/2 = 0.5                   D wrong, 0 of 3 → rest 0/2 = 0
 *   E right, 1 of 1 → no rest of the bank, so not paired.
 * Pairs (x, y): (1, 1), (1, .5), (0, .5), (0, 0): mean x = .5, mean y = .5;
 * Σ(dx·dy) = .25 + 0 + 0 + .25 = .5, Σdx² = 1, Σdy² = .5, so r = .5 / √(1 · .5) = 0.70711.
 * Facility: 3 right of 5 = 60 %. Options (B is right): A, B, B, A, B → C and D never chosen.
 * Times 10, 20, 30, 40 s and one not sent: median 25 s.
 */
const block: FirstAnswer[] = [
  { correct: true, chosenOption: 1, timeTakenMs: 10_000, memberAnswered: 3, memberCorrect: 3 },
  { correct: true, chosenOption: 1, timeTakenMs: 20_000, memberAnswered: 3, memberCorrect: 2 },
  { correct: false, chosenOption: 0, timeTakenMs: 30_000, memberAnswered: 3, memberCorrect: 1 },
  { correct: false, chosenOption: 0, timeTakenMs: 40_000, memberAnswered: 3, memberCorrect: 0 },
  { correct: true, chosenOption: 1, timeTakenMs: null, memberAnswered: 1, memberCorrect: 1 },
];
const item = { options: ["A", "B", "C", "D"], correctAnswer: "B" };
/** Six copies of the block: 30 first answers, the same correlation. */
const thirty = Array.from({ length: 6 }, () => block).flat();

describe("item analysis", () => {
  it("adds up the worked example", () => {
    expect(sumsOf(block, 4)).toEqual({
      answers: 5,
      correct: 3,
      pairs: 4,
      sumX: 2,
      sumY: 2,
      sumYY: 1.5,
      sumXY: 1.5,
      optionCounts: [2, 3, 0, 0],
      medianTimeMs: 25_000,
    });
    expect(discriminationOf(sumsOf(block, 4))).toBeCloseTo(Math.SQRT1_2, 10);
  });

  it("shows facility, discrimination, counts, median time and flags from 30 first answers", () => {
    const stats = itemStatistics(sumsOf(thirty, 4), item);
    expect(stats.firstAnswers).toBe(30);
    expect(stats.enough).toBe(true);
    expect(stats.facility).toBeCloseTo(0.6, 10);
    expect(stats.discrimination).toBeCloseTo(Math.SQRT1_2, 10);
    expect(stats.optionCounts).toEqual([12, 18, 0, 0]);
    expect(stats.medianTimeMs).toBe(25_000);
    expect(stats.flags).toEqual(["unused-distractor"]);
  });

  it("shows nothing and flags nothing below 30 first answers", () => {
    const stats = itemStatistics(sumsOf(thirty.slice(0, MIN_FIRST_ANSWERS - 1), 4), item);
    expect(stats).toMatchObject({ firstAnswers: 29, enough: false, facility: null, discrimination: null, flags: [] });
  });

  it("flags a hard item, an easy item and one the best members miss", () => {
    const answers = (right: number, wrong: number, best: "right" | "wrong"): FirstAnswer[] => [
      ...Array.from({ length: right }, (_, i) => ({
        correct: true,
        chosenOption: i % 4 === 0 ? 0 : 1,
        timeTakenMs: 1000,
        memberAnswered: 11,
        memberCorrect: best === "right" ? 10 : 2,
      })),
      ...Array.from({ length: wrong }, (_, i) => ({
        correct: false,
        chosenOption: [0, 2, 3][i % 3]!,
        timeTakenMs: 1000,
        memberAnswered: 11,
        memberCorrect: best === "right" ? 2 : 9,
      })),
    ];
    const fill = { options: null, correctAnswer: "x" };
    expect(itemStatistics(sumsOf(answers(5, 35, "right"), 0), fill).flags).toEqual(["too-hard"]);
    expect(itemStatistics(sumsOf(answers(39, 1, "right"), 0), fill).flags).toEqual(["too-easy"]);
    const missedByTheBest = itemStatistics(sumsOf(answers(20, 20, "wrong"), 0), fill);
    expect(missedByTheBest.discrimination).toBeLessThan(0);
    expect(missedByTheBest.flags).toEqual(["low-discrimination"]);
    expect(itemStatistics(sumsOf(answers(20, 20, "right"), 0), fill).flags).toEqual([]);
  });

  it("has no discrimination when nobody's rest-of-bank score varies", () => {
    const same = block.map((a) => ({ ...a, memberAnswered: 5, memberCorrect: 2 + (a.correct ? 1 : 0) }));
    expect(discriminationOf(sumsOf(same, 4))).toBeNull();
  });

  it("takes the median of an even and an odd count", () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("gives peer statistics only from 30 first answers", () => {
    expect(peerStatistics({ answers: 29, correct: 20, optionCounts: [1, 20, 4, 4] }, 4)).toEqual({
      firstAnswers: 29,
      percentCorrect: null,
      optionPercents: null,
    });
    expect(peerStatistics({ answers: 40, correct: 30, optionCounts: [2, 30, 8, 0] }, 4)).toEqual({
      firstAnswers: 40,
      percentCorrect: 75,
      optionPercents: [5, 75, 20, 0],
    });
    expect(peerStatistics({ answers: 40, correct: 10, optionCounts: [] }, null).optionPercents).toBeNull();
  });
});
