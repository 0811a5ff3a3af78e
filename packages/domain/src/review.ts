/**
 * Spaced repetition (FSRS, through the ts-fsrs library): the schedule of one review item (a flashcard
 * or a question, per member) after a rating, and how the app's answers and buttons map to ratings.
 */
import { type Card, type FSRS, fsrs, type Grade, State } from "ts-fsrs";

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
/** A question answered wrong is Again, right is Good. */
export const ratingForAnswer = (isCorrect: boolean): ReviewRating => (isCorrect ? RATINGS.good : RATINGS.again);
/** The spec's mastery record: mastered when the last rating was Good or Easy. */
export const isMasteredRating = (rating: ReviewRating) => rating >= RATINGS.good;

export const clampRetention = (r: number) => Math.min(MAX_RETENTION, Math.max(MIN_RETENTION, r));

const schedulers = new Map<number, FSRS>();
/** One scheduler per desired retention (fuzz off, so a schedule can be checked and reproduced). */
function schedulerFor(retention: number): FSRS {
  const r = clampRetention(retention);
  let f = schedulers.get(r);
  if (!f) {
    f = fsrs({ request_retention: r, enable_fuzz: false });
    schedulers.set(r, f);
  }
  return f;
}

function toCard(s: ReviewSchedule): Card {
  return {
    due: s.due,
    stability: s.stability,
    difficulty: s.difficulty,
    // Deprecated in ts-fsrs 5: the library derives the elapsed time from last_review.
    elapsed_days: 0,
    scheduled_days: s.scheduledDays,
    learning_steps: s.learningSteps,
    reps: s.reps,
    lapses: s.lapses,
    state: s.state as State,
    last_review: s.lastReview,
  };
}

/**
 * The item's schedule after a rating at `reviewedAt`. `previous` is null for an item never reviewed.
 * A review older than the previous one does not move the schedule (it comes back unchanged).
 */
export function scheduleReview(
  previous: ReviewSchedule | null,
  rating: ReviewRating,
  reviewedAt: Date,
  retention = DEFAULT_RETENTION,
): { schedule: ReviewSchedule; applied: boolean } {
  if (previous && previous.lastReview.getTime() > reviewedAt.getTime()) return { schedule: previous, applied: false };
  const f = schedulerFor(retention);
  const card: Card = previous
    ? toCard(previous)
    : {
        due: reviewedAt,
        stability: 0,
        difficulty: 0,
        elapsed_days: 0,
        scheduled_days: 0,
        learning_steps: 0,
        reps: 0,
        lapses: 0,
        state: State.New,
      };
  const { card: next } = f.next(card, reviewedAt, rating as Grade);
  return {
    applied: true,
    schedule: {
      due: next.due,
      stability: next.stability,
      difficulty: next.difficulty,
      state: next.state as ReviewStateCode,
      reps: next.reps,
      lapses: next.lapses,
      learningSteps: next.learning_steps,
      scheduledDays: next.scheduled_days,
      lastReview: next.last_review ?? reviewedAt,
    },
  };
}

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

const previousDate = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * The daily streak: consecutive days with at least one review or answer, ending today, or yesterday
 * when nothing was done yet today (the streak is not lost before the day is over).
 */
export function dailyStreak(activeDates: Iterable<string>, today: string): number {
  const days = new Set(activeDates);
  let day = days.has(today) ? today : previousDate(today);
  let streak = 0;
  while (days.has(day)) {
    streak++;
    day = previousDate(day);
  }
  return streak;
}
