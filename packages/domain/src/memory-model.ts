/**
 * The memory model that schedules a member: FSRS's default weights, the union-wide weights fitted on
 * every member's reviews, or the member's own. A member's own weights are used only when they predict
 * the member's most recent reviews better than the union's (a lower log loss on the held-out share).
 */

export type MemoryModelSource = "default" | "union" | "member";

/** Below this many reviews in the union's log, the FSRS defaults schedule everyone. */
export const MIN_UNION_REVIEWS = 1000;
/** A member's own model is fitted from this many reviews of theirs on. */
export const MIN_MEMBER_REVIEWS = 400;
/** The share of a member's reviews, most recent first, that judges their own model against the union's. */
export const HOLDOUT_SHARE = 0.2;
/** A member's model is refitted when their reviews grew by this share since its last fit. */
export const MEMBER_REFIT_GROWTH = 0.2;

/** Whether a member's fitted model replaces the union's: strictly better on the member's held-out reviews. */
export const memberModelWins = (memberLogLoss: number, unionLogLoss: number) =>
  Number.isFinite(memberLogLoss) && memberLogLoss < unionLogLoss;

/** How much better (a share, 0.07 = 7 %) the member's model predicts their recall than the union's. */
export const improvementOver = (logLoss: number, baseline: number) =>
  baseline > 0 ? Math.max(0, (baseline - logLoss) / baseline) : 0;

/**
 * Splits a member's reviews, in time order, into the older part their model is fitted on and the most
 * recent HOLDOUT_SHARE it is judged on: the index of the first held-out review.
 */
export const holdoutStart = (reviews: number) => Math.max(1, Math.floor(reviews * (1 - HOLDOUT_SHARE)));
