/**
 * The FSRS schedule of one review item (a flashcard or a question, per member) after a rating,
 * through the ts-fsrs library. Server-side only: imported as "@jcba/domain/schedule".
 */
import { type Card, type FSRS, fsrs, type Grade, State } from "ts-fsrs";
import {
  clampRetention,
  DEFAULT_RETENTION,
  type ReviewRating,
  type ReviewSchedule,
  type ReviewStateCode,
} from "./review.ts";

const schedulers = new Map<string, FSRS>();
/**
 * One scheduler per desired retention and memory model (fuzz off, so a schedule can be checked and
 * reproduced). `parameters` are a fitted model's 21 FSRS-6 weights; without them, FSRS's defaults.
 */
export function schedulerFor(retention: number, parameters?: readonly number[] | null): FSRS {
  const r = clampRetention(retention);
  const key = parameters ? `${r}:${parameters.join(",")}` : String(r);
  let f = schedulers.get(key);
  if (!f) {
    // A few models are in use at a time (the union's and members' own); the cache stays small.
    if (schedulers.size > 500) schedulers.clear();
    f = fsrs({ request_retention: r, enable_fuzz: false, ...(parameters ? { w: [...parameters] } : {}) });
    schedulers.set(key, f);
  }
  return f;
}

export function toCard(s: ReviewSchedule): Card {
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
  parameters?: readonly number[] | null,
): { schedule: ReviewSchedule; applied: boolean } {
  if (previous && previous.lastReview.getTime() > reviewedAt.getTime()) return { schedule: previous, applied: false };
  const f = schedulerFor(retention, parameters);
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
