import { describe, expect, it } from "vitest";
import type { ReviewSchedule } from "./review.ts";
import { simulateWorkload } from "./workload.ts";

const now = new Date("2026-11-26T12:00:00Z");
const DAY = 86_400_000;
/** Items in review, stability 5 days, due spread over the next 10 days. */
const items: ReviewSchedule[] = Array.from({ length: 300 }, (_, i) => ({
  due: new Date(now.getTime() + (i % 10) * DAY),
  stability: 5,
  difficulty: 5,
  state: 2,
  reps: 3,
  lapses: 0,
  learningSteps: 0,
  scheduledDays: 5,
  lastReview: new Date(now.getTime() + (i % 10) * DAY - 5 * DAY),
}));
const base = {
  items,
  newAvailable: 0,
  newPerDay: 0,
  reviewsPerDay: 9999,
  retention: 0.9,
  parameters: null,
  firstPassRate: 0.7,
  days: 30,
  now,
  timeZone: "America/Chicago",
};

describe("simulateWorkload", () => {
  it("gives one day per day asked, dated in the member's time zone, from today", () => {
    const days = simulateWorkload(base);
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe("2026-11-26");
    expect(days[29]!.date).toBe("2026-12-25");
    expect(new Set(days.map((d) => d.date)).size).toBe(30);
  });

  it("reviews each item due in the first days, then fewer as stabilities grow", () => {
    const days = simulateWorkload(base);
    // 30 items fall due each day of the first 10; from the second day, forgotten ones come back too.
    expect(days[0]!.due).toBe(30);
    for (const d of days.slice(1, 10)) expect(d.due).toBeGreaterThanOrEqual(30);
    for (const d of days.slice(1, 5)) expect(d.due).toBeLessThan(45);
    const firstWeek = days.slice(0, 7).reduce((n, d) => n + d.due, 0);
    const lastWeek = days.slice(23).reduce((n, d) => n + d.due, 0);
    expect(lastWeek).toBeLessThan(firstWeek);
  });

  it("asks for more reviews at a higher retention", () => {
    const total = (retention: number) => simulateWorkload({ ...base, retention }).reduce((n, d) => n + d.due, 0);
    expect(total(0.97)).toBeGreaterThan(total(0.9));
    expect(total(0.9)).toBeGreaterThan(total(0.8));
  });

  it("keeps to the daily caps: new items at newPerDay, reviews at reviewsPerDay", () => {
    const days = simulateWorkload({ ...base, newAvailable: 50, newPerDay: 20, reviewsPerDay: 25 });
    expect(days.map((d) => d.new).slice(0, 4)).toEqual([20, 20, 10, 0]);
    for (const d of days) expect(d.due).toBeLessThanOrEqual(25);
  });

  it("is the same all day: a forecast asked in the morning and one asked in the evening agree", () => {
    // Chicago: 08:00 and 21:30 local on 26 November (UTC-6), items reviewed at odd hours.
    const odd = items.map((item, i) => ({
      ...item,
      lastReview: new Date(item.lastReview.getTime() + (i % 7) * 3_600_000),
    }));
    const morning = simulateWorkload({ ...base, items: odd, now: new Date("2026-11-26T14:00:00Z") });
    const evening = simulateWorkload({ ...base, items: odd, now: new Date("2026-11-27T03:30:00Z") });
    expect(evening).toEqual(morning);
  });

  it("is the same for the same inputs", () => {
    expect(simulateWorkload(base)).toEqual(simulateWorkload(base));
  });
});
