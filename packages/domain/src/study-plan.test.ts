import { describe, expect, it } from "vitest";
import { daysBetween, planDailyGoal, planProblem, planProgress, reviewsWithin } from "./study-plan.ts";

describe("a plan's daily goal", () => {
  it("counts the reviews that fit at intervals 1, 2, 4, 8, … days", () => {
    expect([0, 1, 2, 3, 6, 7, 14, 15].map(reviewsWithin)).toEqual([0, 1, 1, 2, 2, 3, 3, 4]);
    expect(daysBetween("2026-12-01", "2026-12-10")).toBe(9);
  });

  it("for 20 unseen and 10 weak items over 10 days: 3 new a day and 8 reviews, worked out by hand", () => {
    // New items over the first 8 days (80 %): 3, 3, 3, 3, 3, 3, 2. Reviews: 10 weak × 3 (in 9 days) = 30;
    // new ones 3×3 + 3×3 + 3×3 + 3×2 + 3×2 + 3×2 + 2×2 = 49; (30 + 49) / 10 days = 7.9 → 8.
    expect(planDailyGoal({ unseen: 20, belowTarget: 10 }, "2026-12-01", "2026-12-10")).toEqual({
      newItems: 3,
      reviews: 8,
      daysLeft: 10,
    });
  });

  it("asks nothing of a plan already known, everything on its last day, and nothing after it", () => {
    expect(planDailyGoal({ unseen: 0, belowTarget: 0 }, "2026-12-01", "2026-12-30")).toMatchObject({
      newItems: 0,
      reviews: 0,
    });
    expect(planDailyGoal({ unseen: 7, belowTarget: 4 }, "2026-12-10", "2026-12-10")).toEqual({
      newItems: 7,
      reviews: 0,
      daysLeft: 1,
    });
    expect(planDailyGoal({ unseen: 7, belowTarget: 4 }, "2026-12-11", "2026-12-10")).toEqual({
      newItems: 0,
      reviews: 0,
      daysLeft: 0,
    });
  });

  it("asks more a day as the date comes closer", () => {
    const items = { unseen: 60, belowTarget: 20 };
    const far = planDailyGoal(items, "2026-12-01", "2027-01-30");
    const near = planDailyGoal(items, "2026-12-01", "2026-12-08");
    expect(near.newItems).toBeGreaterThan(far.newItems);
    expect(near.reviews).toBeGreaterThan(far.reviews);
  });
});

describe("a plan's progress", () => {
  const plan = { startDate: "2026-12-01", endDate: "2026-12-11", startRecall: 0.5, target: 0.9 };
  it("is on track on or above the straight line from the start recall to the target", () => {
    const halfway = planProgress({ ...plan, today: "2026-12-06", recallNow: 0.69 });
    expect(halfway.expected).toBeCloseTo(0.7, 10);
    expect(halfway.onTrack).toBe(true);
    expect(planProgress({ ...plan, today: "2026-12-06", recallNow: 0.67 }).onTrack).toBe(false);
    expect(planProgress({ ...plan, today: "2026-12-30", recallNow: 0.9 }).expected).toBeCloseTo(0.9, 10);
    expect(planProgress({ ...plan, startRecall: 0.95, today: "2026-12-02", recallNow: 0.89 }).onTrack).toBe(true);
  });
});

describe("a plan's problems", () => {
  const today = "2026-12-01";
  it("names the date in the past, the unknown section and the target out of range", () => {
    expect(planProblem({ sections: [4, 25], endDate: "2026-12-20", target: 0.9 }, today)).toBeNull();
    expect(planProblem({ sections: [4], endDate: "2026-12-01", target: 0.9 }, today)).toBe(
      "The date must be after today (2026-12-01).",
    );
    expect(planProblem({ sections: [4, 33], endDate: "2026-12-20", target: 0.9 }, today)).toBe(
      "Section 33 does not exist: sections are 1 to 32.",
    );
    expect(planProblem({ sections: [4], endDate: "2026-12-20", target: 1 }, today)).toBe(
      "The target recall must be from 50 % to 99 %.",
    );
    expect(planProblem({ sections: [], endDate: "2026-12-20", target: 0.9 }, today)).toBe(
      "Choose at least one section.",
    );
  });
});
