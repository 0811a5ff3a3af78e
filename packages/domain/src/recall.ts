/**
 * FSRS's forgetting curve: the predicted chance that a member recalls an item at a time, from the
 * item's stored memory state, through ts-fsrs. Server-side only: imported as "@jcba/domain/recall"
 * (apart from the rest of the domain, so the web bundle never carries the scheduler).
 */
import { computeDecayFactor, default_w, forgetting_curve, State } from "ts-fsrs";

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
  if (memory.state === State.New || !(memory.stability > 0)) return 0;
  return forgetting_curve(parameters, elapsedDays(memory.lastReview, at), memory.stability);
}

/**
 * The forgetting curve's two constants, for a database query that predicts recall over many reviews
 * at once the way recallAt does: R = (1 + factor * t / S) ^ decay.
 */
export const forgettingCurveConstants = (parameters: readonly number[] = default_w) => computeDecayFactor(parameters);
