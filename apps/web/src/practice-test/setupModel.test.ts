import { MAX_TEST_QUESTIONS, SECTION_COUNT } from "@jcba/domain";
import { describe, expect, it } from "vitest";
import {
  availableFor,
  chosenSections,
  DEFAULT_SETUP,
  drawRequest,
  limitSecondsOf,
  type PoolCounts,
  type SetupChoice,
  setupSummary,
} from "./setupModel.ts";

const counts: PoolCounts = new Map([
  [3, { questions: 12, unused: 5, incorrect: 2, flagged: 1 }],
  [7, { questions: 30, unused: 30, incorrect: 0, flagged: 0 }],
]);
const choose = (more: Partial<SetupChoice>): SetupChoice => ({ ...DEFAULT_SETUP, ...more });

describe("the practice test's set-up", () => {
  it("takes every section for a comprehensive test and the picked ones in order otherwise", () => {
    expect(chosenSections(DEFAULT_SETUP)).toHaveLength(SECTION_COUNT);
    expect(chosenSections(choose({ scope: "pick", picked: [7, 3] }))).toEqual([3, 7]);
  });

  it("counts what the chosen sections hold in the chosen pool, or another", () => {
    const picked = choose({ scope: "pick", picked: [3, 7, 9], pool: "unused" });
    expect(availableFor(counts, picked)).toBe(35);
    expect(availableFor(counts, picked, "all")).toBe(42);
    expect(availableFor(counts, choose({ pool: "flagged" }))).toBe(1);
  });

  it("asks for the length chosen, no more than is available, and at most a full test for All", () => {
    expect(drawRequest(choose({ length: "25" }), 42)).toEqual({ sections: "all", count: 25, pool: "all" });
    expect(drawRequest(choose({ scope: "pick", picked: [7, 3], length: "50" }), 42)).toEqual({
      sections: "3,7",
      count: 42,
      pool: "all",
    });
    expect(drawRequest(choose({ length: "all" }), 10_000).count).toBe(MAX_TEST_QUESTIONS);
  });

  it("turns the time limit into seconds, none for No limit", () => {
    expect(limitSecondsOf(choose({ limit: "20" }))).toBe(1200);
    expect(limitSecondsOf(DEFAULT_SETUP)).toBeNull();
  });

  it("sums up a choice for the screen: short of the length, none chosen, counts still loading", () => {
    expect(setupSummary(choose({ scope: "pick", picked: [3], length: "25" }), counts)).toMatchObject({
      available: 12,
      count: 12,
      short: true,
      noneChosen: false,
      limitLabel: "No limit",
    });
    expect(setupSummary(choose({ scope: "pick", picked: [] }), counts)).toMatchObject({
      available: 0,
      noneChosen: true,
    });
    expect(setupSummary(choose({ limit: "60" }), undefined)).toMatchObject({
      available: undefined,
      count: 0,
      limitLabel: "60 minutes",
    });
  });
});
