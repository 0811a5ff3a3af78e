/**
 * FSRS's forgetting curve: the predicted chance that a member recalls an item at a time, from the
 * item's stored memory state, through ts-fsrs. Server-side only: imported as "@jcba/domain/recall"
 * (apart from the rest of the domain, so the web bundle never carries the scheduler).
 */
import { computeDecayFactor, default_w, forgetting_curve, fsrs, State } from "ts-fsrs";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What readiness needs of a question's stored FSRS state. */
export interface ItemMemory {
  stability: number;
  /** 0 New, 1 Learning, 2 Review, 3 Relearning. */
  state: number;
  lastReview: Date;
}

/**
 * Whole days from `from` to `to`, never negative: the elapsed time FSRS's forgetting curve is fitted
 * on (ts-fsrs counts the same way in its retrievability).
 */
export const elapsedDays = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));

/**
 * The predicted chance (0–1) that the member recalls the item at `at`, with no review in between:
 * FSRS's forgetting curve at the item's stability. `parameters` are the FSRS weights the member's
 * schedule uses (the library's defaults unless a fitted model is given).
 */
export function recallAt(memory: ItemMemory, at: Date, parameters: readonly number[] = default_w): number {
  return recallAtTime(memory.stability, memory.state, memory.lastReview.getTime(), at.getTime(), parameters);
}

/** recallAt in milliseconds, for a loop over a member's whole bank that builds no Date per item. */
export function recallAtTime(
  stability: number,
  state: number,
  lastReview: number,
  at: number,
  parameters: readonly number[] = default_w,
): number {
  if (state === State.New || !(stability > 0)) return 0;
  return forgetting_curve(parameters, Math.max(0, Math.floor((at - lastReview) / DAY_MS)), stability);
}

/**
 * The forgetting curve's two constants, for a database query that predicts recall over many reviews
 * at once the way recallAt does: R = (1 + factor * t / S) ^ decay.
 */
export const forgettingCurveConstants = (parameters: readonly number[] = default_w) => computeDecayFactor(parameters);

const keptSchedulers = new Map<string, ReturnType<typeof fsrs>>();
/** One long-term scheduler per retention and model, built once (a forecast runs it for every item). */
function keptScheduler(retention: number, parameters: readonly number[]) {
  const key = `${retention}:${parameters.join(",")}`;
  let f = keptSchedulers.get(key);
  if (!f) {
    if (keptSchedulers.size > 100) keptSchedulers.clear();
    f = fsrs({ request_retention: retention, enable_fuzz: false, enable_short_term: false, w: [...parameters] });
    keptSchedulers.set(key, f);
  }
  return f;
}

/** What the kept-reviews forecast needs besides ItemMemory: the item's difficulty and next due time. */
export interface ScheduledMemory extends ItemMemory {
  difficulty: number;
  due: Date;
}

/**
 * The predicted recall at `at` if the member keeps their daily reviews: the item is reviewed each time
 * it falls due before then, at their desired retention, and each review is expected to be recalled
 * (rated Good: FSRS schedules a review where recall is at the retention, so most are). Whole days, as
 * the workload simulator counts them. A forgotten review (Again) would be relearnt within the day, so
 * this is the expected path, not a worst case.
 */
export function recallKeepingReviews(
  memory: ScheduledMemory,
  at: Date,
  retention: number,
  parameters: readonly number[] = default_w,
): number {
  return keptRecallForecaster(retention, parameters)(memory, at);
}

/**
 * recallKeepingReviews for many items at one retention: the scheduler is looked up once, not per item
 * (a member's whole bank is 781 questions), and the days are counted in milliseconds, not Dates.
 */
export function keptRecallForecaster(retention: number, parameters: readonly number[] = default_w) {
  const forecast = keptRecallAtTime(retention, parameters);
  return (memory: ScheduledMemory, at: Date): number =>
    forecast(
      memory.stability,
      memory.state,
      memory.lastReview.getTime(),
      memory.difficulty,
      memory.due.getTime(),
      at.getTime(),
    );
}

/** keptRecallForecaster in milliseconds, for a loop over a member's whole bank that builds no Date per item. */
export function keptRecallAtTime(retention: number, parameters: readonly number[] = default_w) {
  const f = keptScheduler(retention, parameters);
  const days = (from: number, to: number) => Math.max(0, Math.floor((to - from) / DAY_MS));
  return (stability: number, itemState: number, lastReview: number, difficulty: number, dueAt: number, end: number) => {
    if (itemState === State.New || !(stability > 0)) return 0;
    let state = { stability, difficulty };
    let last = lastReview;
    let due = dueAt;
    // A bounded loop: intervals grow, so a forecast years ahead takes a few dozen steps.
    for (let step = 0; step < 200 && due <= end; step++) {
      const elapsed = days(last, due);
      state = f.next_state(state, elapsed, 3, f.forgetting_curve(elapsed, state.stability));
      last = due;
      due += Math.max(1, f.next_interval(state.stability, elapsed)) * DAY_MS;
    }
    return forgetting_curve(parameters, days(last, end), state.stability);
  };
}
