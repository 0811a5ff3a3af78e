import { createEmptyCard, fsrs, type Grade } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import {
  dailyStreak,
  deviceLocalDate,
  isMasteredRating,
  isTimeZone,
  localDate,
  RATINGS,
  type ReviewRating,
  type ReviewSchedule,
  ratingForAnswer,
  ratingForMastery,
} from "./review.ts";
import { scheduleReview } from "./schedule.ts";

const sequence: [ReviewRating, string][] = [
  [1, "2026-01-01T08:00:00Z"],
  [3, "2026-01-01T08:03:00Z"],
  [3, "2026-01-01T08:20:00Z"],
  [3, "2026-01-03T19:00:00Z"],
  [1, "2026-01-09T07:30:00Z"],
  [2, "2026-01-09T07:45:00Z"],
  [3, "2026-01-09T08:10:00Z"],
  [4, "2026-01-12T12:00:00Z"],
  [3, "2026-03-01T12:00:00Z"],
];

/** Only the stored columns survive between reviews: round-trip through them as the database does. */
const stored = (s: ReviewSchedule): ReviewSchedule =>
  JSON.parse(JSON.stringify(s), (k, v) => (k === "due" || k === "lastReview" ? new Date(v) : v));

describe("scheduleReview", () => {
  for (const retention of [0.9, 0.8, 0.97]) {
    it(`reproduces ts-fsrs's own schedule for a fixed sequence at retention ${retention}`, () => {
      const f = fsrs({ request_retention: retention, enable_fuzz: false });
      let card = createEmptyCard(new Date(sequence[0]![1]));
      let mine: ReviewSchedule | null = null;
      for (const [rating, at] of sequence) {
        card = f.next(card, new Date(at), rating as Grade).card;
        const { schedule, applied } = scheduleReview(mine ? stored(mine) : null, rating, new Date(at), retention);
        expect(applied).toBe(true);
        expect(schedule.due.toISOString()).toBe(card.due.toISOString());
        expect(schedule.stability).toBe(card.stability);
        expect(schedule.difficulty).toBe(card.difficulty);
        expect(schedule.state).toBe(card.state);
        expect(schedule.reps).toBe(card.reps);
        expect(schedule.lapses).toBe(card.lapses);
        expect(schedule.lastReview.toISOString()).toBe(new Date(at).toISOString());
        mine = schedule;
      }
      expect(mine!.reps).toBe(sequence.length);
      expect(mine!.lapses).toBe(1);
    });
  }

  it("schedules a wrong answer within minutes and a right one after it days out", () => {
    const at = new Date("2026-05-01T10:00:00Z");
    const again = scheduleReview(null, RATINGS.again, at).schedule;
    expect(again.due.getTime() - at.getTime()).toBeLessThanOrEqual(60 * 60 * 1000);
    const later = new Date("2026-05-01T10:30:00Z");
    const good = scheduleReview(
      scheduleReview(again, RATINGS.good, later).schedule,
      RATINGS.good,
      new Date("2026-05-01T11:00:00Z"),
    ).schedule;
    expect(good.due.getTime() - later.getTime()).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
  });

  it("a higher desired retention brings the next review sooner", () => {
    const first = new Date("2026-02-01T09:00:00Z");
    const run = (r: number) => {
      let s = scheduleReview(null, 3, first, r).schedule;
      s = scheduleReview(s, 3, new Date("2026-02-05T09:00:00Z"), r).schedule;
      return s.due.getTime();
    };
    expect(run(0.97)).toBeLessThan(run(0.9));
    expect(run(0.9)).toBeLessThan(run(0.8));
  });

  it("a review older than the last one does not move the schedule", () => {
    const s = scheduleReview(null, 3, new Date("2026-02-01T09:00:00Z")).schedule;
    const late = scheduleReview(s, 1, new Date("2026-01-31T09:00:00Z"));
    expect(late.applied).toBe(false);
    expect(late.schedule).toEqual(s);
  });
});

describe("rating mapping", () => {
  it("maps the two flashcard buttons and answers as FSRS advises", () => {
    expect(ratingForMastery(false)).toBe(1);
    expect(ratingForMastery(true)).toBe(3);
    expect(ratingForAnswer(false)).toBe(1);
    expect(ratingForAnswer(true)).toBe(3);
    expect([1, 2, 3, 4].map((r) => isMasteredRating(r as ReviewRating))).toEqual([false, false, true, true]);
  });
});

describe("daily streak", () => {
  it("counts consecutive active days up to today, or up to yesterday before today's first review", () => {
    expect(dailyStreak(["2026-03-01", "2026-02-28", "2026-02-27", "2026-02-25"], "2026-03-01")).toBe(3);
    expect(dailyStreak(["2026-02-28", "2026-02-27"], "2026-03-01")).toBe(2);
    expect(dailyStreak(["2026-02-27"], "2026-03-01")).toBe(0);
    expect(dailyStreak([], "2026-03-01")).toBe(0);
  });

  it("freezes on a day off: a flying day with nothing done neither breaks the streak nor counts", () => {
    const active = ["2026-03-01", "2026-02-27", "2026-02-26"];
    expect(dailyStreak(active, "2026-03-01")).toBe(1);
    expect(dailyStreak(active, "2026-03-01", ["2026-02-28"])).toBe(3);
    // Two days off in a row, and today off with nothing done yet.
    expect(dailyStreak(["2026-02-26"], "2026-03-01", ["2026-02-27", "2026-02-28", "2026-03-01"])).toBe(1);
    // A day off with a review counts as usual; a day off before the streak began does not extend it.
    expect(dailyStreak(["2026-03-01", "2026-02-28"], "2026-03-01", ["2026-02-28", "2026-02-27"])).toBe(2);
  });

  it("takes the day in the member's time zone", () => {
    const at = new Date("2026-01-01T03:00:00Z");
    expect(localDate("UTC", at)).toBe("2026-01-01");
    expect(localDate("America/Chicago", at)).toBe("2025-12-31");
    expect(isTimeZone("America/Chicago")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });

  it("takes the day in the device's own time zone as Intl would, with years before 1000 padded", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const iso of [
      "2026-01-01T03:00:00Z",
      "2025-12-31T23:59:59Z",
      "2026-03-08T08:30:00Z",
      "2026-07-15T12:00:00Z",
    ]) {
      const at = new Date(iso);
      expect(deviceLocalDate(at)).toBe(localDate(zone, at));
    }
    // Just after and before local midnight, whatever the zone the tests run in.
    expect(deviceLocalDate(new Date(2026, 0, 1, 0, 0, 1))).toBe("2026-01-01");
    expect(deviceLocalDate(new Date(2025, 11, 31, 23, 59, 59))).toBe("2025-12-31");
    const early = new Date(2026, 1, 3);
    early.setFullYear(987);
    expect(deviceLocalDate(early)).toBe("0987-02-03");
  });
});
