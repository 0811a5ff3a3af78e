import { describe, expect, it } from "vitest";
import {
  calibrationBinOf,
  calibrationBins,
  readinessAt,
  sharePercent,
  unseenRecall,
  weakestSections,
} from "./readiness.ts";
import { elapsedDays, forgettingCurveConstants, recallAt } from "./recall.ts";

const DAY = 24 * 60 * 60 * 1000;
const reviewedAt = new Date("2026-03-01T08:00:00Z");
const later = (days: number, hours = 0) => new Date(reviewedAt.getTime() + days * DAY + hours * 3_600_000);

describe("recall", () => {
  it("is 90 % after as many whole days as the item's stability, by FSRS's definition of stability", () => {
    expect(recallAt({ stability: 10, state: 2, lastReview: reviewedAt }, later(10, 1))).toBeCloseTo(0.9, 6);
    expect(recallAt({ stability: 10, state: 2, lastReview: reviewedAt }, later(0, 5))).toBe(1);
    expect(recallAt({ stability: 10, state: 0, lastReview: reviewedAt }, later(1))).toBe(0);
  });

  it("falls day by day and counts whole days only", () => {
    const memory = { stability: 4, state: 2, lastReview: reviewedAt };
    const curve = [1, 5, 20, 90].map((d) => recallAt(memory, later(d)));
    for (let i = 1; i < curve.length; i++) expect(curve[i]!).toBeLessThan(curve[i - 1]!);
    expect(elapsedDays(reviewedAt, later(2, 23))).toBe(2);
    expect(elapsedDays(later(1), reviewedAt)).toBe(0);
  });

  it("gives the database the same curve as a formula", () => {
    const { decay, factor } = forgettingCurveConstants();
    const memory = { stability: 7.5, state: 2, lastReview: reviewedAt };
    expect((1 + (factor * 12) / 7.5) ** decay).toBeCloseTo(recallAt(memory, later(12)), 7);
  });
});

describe("unseen questions", () => {
  it("count at the members' first-answer share from 30 answers, else the section's, else the bank's", () => {
    const bank = { answers: 100, correct: 60 };
    expect(unseenRecall({ answers: 30, correct: 24 }, { answers: 50, correct: 10 }, bank)).toBe(0.8);
    expect(unseenRecall({ answers: 29, correct: 29 }, { answers: 50, correct: 10 }, bank)).toBe(0.2);
    expect(unseenRecall(undefined, { answers: 29, correct: 10 }, bank)).toBe(0.6);
    expect(unseenRecall(undefined, { answers: 0, correct: 0 }, { answers: 3, correct: 3 })).toBe(0);
  });
});

describe("readiness", () => {
  it("is the mean over a section's questions, with coverage, for a hand-computed case", () => {
    // Section 1: q1 reviewed (90 %), q2 unseen with 40 first answers, 30 right (75 %), q3 unseen with
    // 10 answers, 5 right: under 30, so the section's 35 / 50 = 70 %. Section 2: q4, never answered by
    // anyone: the bank's 35 / 50 = 70 %.
    const questions = [1, 2, 3].map((id) => ({ id, sectionNumber: 1 })).concat({ id: 4, sectionNumber: 2 });
    const firstAnswers = new Map([
      [2, { answers: 40, correct: 30 }],
      [3, { answers: 10, correct: 5 }],
    ]);
    const r = readinessAt(questions, (id) => (id === 1 ? 0.9 : undefined), firstAnswers);
    expect(r.sections).toHaveLength(32);
    expect(r.sections[0]).toEqual({ sectionNumber: 1, recall: expect.any(Number), coverage: 1 / 3, seen: 1, total: 3 });
    expect(r.sections[0]!.recall).toBeCloseTo((0.9 + 0.75 + 0.7) / 3, 12);
    expect(r.sections[1]!.recall).toBeCloseTo(0.7, 12);
    expect(r.sections[2]).toEqual({ sectionNumber: 3, recall: null, coverage: null, seen: 0, total: 0 });
    expect(r.overall.recall).toBeCloseTo((0.9 + 0.75 + 0.7 + 0.7) / 4, 12);
    expect(r.overall).toMatchObject({ coverage: 0.25, items: 4, seen: 1 });
    expect(weakestSections(r).map((s) => s.sectionNumber)).toEqual([2, 1]);
  });
});

describe("calibration", () => {
  it("bins predictions by tenths, the top bin holding 100 %", () => {
    expect([0, 0.099, 0.1, 0.55, 0.9, 1].map(calibrationBinOf)).toEqual([0, 0, 1, 5, 9, 9]);
  });

  it("lists ten bins with the mean prediction and the share recalled", () => {
    const { bins, reviews } = calibrationBins([
      { bin: 9, count: 4, predicted: 3.8, recalled: 3 },
      { bin: 2, count: 2, predicted: 0.5, recalled: 0 },
    ]);
    expect(reviews).toBe(6);
    expect(bins).toHaveLength(10);
    expect(bins[9]).toEqual({ from: 0.9, to: 1, predicted: 0.95, actual: 0.75, count: 4 });
    expect(bins[2]).toEqual({ from: 0.2, to: 0.3, predicted: 0.25, actual: 0, count: 2 });
    expect(bins[0]).toEqual({ from: 0, to: 0.1, predicted: null, actual: null, count: 0 });
  });
});

describe("shares on screen", () => {
  it("are whole percents, a dash for none", () => {
    expect([0.7625, 1, 0, null].map(sharePercent)).toEqual(["76%", "100%", "0%", "—"]);
  });
});

describe("the forecast if the member keeps their daily reviews", () => {
  it("stays near the retention where the no-review forecast falls, and equals it before the next review", async () => {
    const { recallKeepingReviews } = await import("./recall.ts");
    const memory = { stability: 4, difficulty: 5, state: 2, lastReview: reviewedAt, due: later(4) };
    // Before the item falls due nothing changes.
    expect(recallKeepingReviews(memory, later(3), 0.9)).toBeCloseTo(recallAt(memory, later(3)), 10);
    const farOff = later(180);
    const none = recallAt(memory, farOff);
    const kept = recallKeepingReviews(memory, farOff, 0.9);
    expect(none).toBeLessThan(0.6);
    expect(kept).toBeGreaterThanOrEqual(0.89);
    expect(kept).toBeLessThanOrEqual(1);
    expect(recallKeepingReviews({ ...memory, state: 0 }, farOff, 0.9)).toBe(0);
  });
});
