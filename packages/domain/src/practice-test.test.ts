import { describe, expect, it } from "vitest";
import { drawSpread, sectionBreakdown, seededRandom, testScore } from "./practice-test.ts";

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
