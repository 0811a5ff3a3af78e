/**
 * Spaced repetition: review items, ratings, and how the app's answers and buttons map to them; the
 * daily streak. The FSRS schedule itself is in schedule.ts (kept apart so the web bundle never
 * carries the scheduler).
 */
import type { Confidence } from "./confidence.ts";

export const REVIEW_ITEM_TYPES = ["question", "flashcard"] as const;
export type ReviewItemType = (typeof REVIEW_ITEM_TYPES)[number];

/** FSRS ratings: 1 Again, 2 Hard, 3 Good, 4 Easy. */
export const RATINGS = { again: 1, hard: 2, good: 3, easy: 4 } as const;
export type ReviewRating = 1 | 2 | 3 | 4;
export const isReviewRating = (n: unknown): n is ReviewRating => n === 1 || n === 2 || n === 3 || n === 4;

/** FSRS states: 0 New, 1 Learning, 2 Review, 3 Relearning. */
export type ReviewStateCode = 0 | 1 | 2 | 3;
export const REVIEW_STATE_NAMES = ["new", "learning", "review", "relearning"] as const;
export type ReviewStateName = (typeof REVIEW_STATE_NAMES)[number];

export const DEFAULT_RETENTION = 0.9;
export const MIN_RETENTION = 0.8;
export const MAX_RETENTION = 0.97;

/** An item's FSRS state as stored. `lastReview` is the time of the review that produced it. */
export interface ReviewSchedule {
  due: Date;
  stability: number;
  difficulty: number;
  state: ReviewStateCode;
  reps: number;
  lapses: number;
  /** Which (re)learning step the item is on; needed to continue short-term steps. */
  learningSteps: number;
  scheduledDays: number;
  lastReview: Date;
}

/** Two-button flashcards, as FSRS's authors advise: Needs Review = Again, Mastered = Good. */
export const ratingForMastery = (mastered: boolean): ReviewRating => (mastered ? RATINGS.good : RATINGS.again);
/** A question answered wrong is Again, right is Good; right by a guess is Hard (it was not known). */
export const ratingForAnswer = (isCorrect: boolean, confidence?: Confidence | null): ReviewRating =>
  !isCorrect ? RATINGS.again : confidence === "guess" ? RATINGS.hard : RATINGS.good;
/** A rating given in Review: a guess is never more than Hard. */
export const ratingWithConfidence = (rating: ReviewRating, confidence?: Confidence | null): ReviewRating =>
  confidence === "guess" && rating > RATINGS.hard ? RATINGS.hard : rating;
/** The spec's mastery record: mastered when the last rating was Good or Easy. */
export const isMasteredRating = (rating: ReviewRating) => rating >= RATINGS.good;

export const clampRetention = (r: number) => Math.min(MAX_RETENTION, Math.max(MIN_RETENTION, r));

/** Whether `timeZone` is an IANA time zone this runtime knows (e.g. "America/Chicago"). */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/**
 * The calendar date (YYYY-MM-DD) of an instant in the device's own time zone: `localDate` with the
 * browser's zone, from the Date's local fields. A screen's first render uses it rather than asking
 * Intl for the zone, because a page's first Intl object loads the browser's locale data, one long
 * task on a slow phone.
 */
export function deviceLocalDate(at: Date): string {
  const pad = (n: number, digits = 2) => String(n).padStart(digits, "0");
  return `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

const previousDate = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * The daily streak: consecutive days with at least one review or answer, ending today, or yesterday
 * when nothing was done yet today (the streak is not lost before the day is over). A day off (a flying
 * day, marked in Reminders) with nothing done freezes the streak: it neither breaks nor counts.
 */
export function dailyStreak(activeDates: Iterable<string>, today: string, daysOff: Iterable<string> = []): number {
  const days = new Set(activeDates);
  const off = new Set(daysOff);
  let day = days.has(today) ? today : previousDate(today);
  let streak = 0;
  // A streak cannot be frozen further back than it could have run (the activity kept is 400 days).
  for (let guard = 0; guard < 800; guard++) {
    if (days.has(day)) streak++;
    else if (!off.has(day)) break;
    day = previousDate(day);
  }
  return streak;
}
