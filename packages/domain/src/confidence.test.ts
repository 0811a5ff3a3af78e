import { describe, expect, it } from "vitest";
import { certaintyMark, certaintySummary, isConfidence, isMisconception } from "./confidence.ts";
import { RATINGS, ratingForAnswer, ratingWithConfidence } from "./review.ts";

describe("certainty-based marks", () => {
  it("are Moodle's: right 1 / 2 / 3, wrong 0 / −2 / −6 for guess / think / sure", () => {
    expect([certaintyMark("guess", true), certaintyMark("think", true), certaintyMark("sure", true)]).toEqual([
      1, 2, 3,
    ]);
    expect([certaintyMark("guess", false), certaintyMark("think", false), certaintyMark("sure", false)]).toEqual([
      0, -2, -6,
    ]);
  });

  it("sum over a test, leaving out answers without a confidence, and count how often 'sure' was right", () => {
    expect(
      certaintySummary([
        { confidence: "sure", isCorrect: true },
        { confidence: "sure", isCorrect: false },
        { confidence: "think", isCorrect: true },
        { confidence: "guess", isCorrect: false },
        { confidence: null, isCorrect: true },
      ]),
    ).toEqual({ answered: 4, marks: 3 - 6 + 2 + 0, maxMarks: 12, sure: 2, sureRight: 1 });
    expect(
      certaintySummary([
        { confidence: "sure", isCorrect: true, count: 3 },
        { confidence: "think", isCorrect: false, count: 2 },
      ]),
    ).toEqual({ answered: 5, marks: 9 - 4, maxMarks: 15, sure: 3, sureRight: 3 });
  });

  it("flag a wrong 'sure' as a misconception, and only that", () => {
    expect(isMisconception("sure", false)).toBe(true);
    expect(isMisconception("sure", true)).toBe(false);
    expect(isMisconception("think", false)).toBe(false);
    expect(isMisconception(null, false)).toBe(false);
    expect([isConfidence("sure"), isConfidence("certain"), isConfidence(undefined)]).toEqual([true, false, false]);
  });
});

describe("a right guess", () => {
  it("moves the schedule as Hard, not Good; other answers as before", () => {
    expect(ratingForAnswer(true, "guess")).toBe(RATINGS.hard);
    expect(ratingForAnswer(true, "sure")).toBe(RATINGS.good);
    expect(ratingForAnswer(true)).toBe(RATINGS.good);
    expect(ratingForAnswer(false, "guess")).toBe(RATINGS.again);
    expect([4, 3, 2, 1].map((r) => ratingWithConfidence(r as 1 | 2 | 3 | 4, "guess"))).toEqual([2, 2, 2, 1]);
    expect(ratingWithConfidence(4, "sure")).toBe(4);
  });
});
