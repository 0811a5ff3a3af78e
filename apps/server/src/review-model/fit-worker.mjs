/**
 * Fits FSRS memory models on a worker thread (fitter.ts runs it through a one-thread piscina pool):
 * the FSRS optimizer of fsrs-rs, through its Node binding, on reviews grouped per item. Plain
 * JavaScript, so it starts the same under tsx, vitest and the bundled server.
 *
 * The input is compact: per review its rating, its UTC day number and its time, with `starts` the
 * index of each item's first review. Every review after an item's first becomes one training example
 * (the item's history up to it), as the optimizer expects.
 */
import { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } from "@open-spaced-repetition/binding";

/**
 * @typedef {{ ratings: Uint8Array; days: Int32Array; times: Float64Array; starts: Int32Array }} Histories
 * @param {Histories} h
 * @param {number | null} splitAt examples at or after this time go to the test set
 */
function examples(h, splitAt) {
  /** @type {FSRSBindingItem[]} */
  const train = [];
  /** @type {FSRSBindingItem[]} */
  const test = [];
  const n = h.ratings.length;
  for (let s = 0; s < h.starts.length; s++) {
    const first = h.starts[s];
    const end = s + 1 < h.starts.length ? h.starts[s + 1] : n;
    /** @type {FSRSBindingReview[]} */
    const reviews = [];
    for (let i = first; i < end; i++) {
      reviews.push(new FSRSBindingReview(h.ratings[i], i === first ? 0 : h.days[i] - h.days[i - 1]));
      if (i === first) continue;
      const item = new FSRSBindingItem(reviews.slice());
      if (splitAt !== null && h.times[i] >= splitAt) test.push(item);
      else train.push(item);
    }
  }
  return { train, test };
}

/** Log loss of weights (null: FSRS's defaults) on examples; NaN when there is nothing to judge. */
function logLossOf(parameters, items) {
  if (items.length === 0) return Number.NaN;
  return new FSRSBinding(parameters ?? undefined).evaluate(items).logLoss;
}

/**
 * Fits weights on the histories (on those before `splitAt` when given) and scores them: on the same
 * reviews, or with `splitAt` on the reviews from then on, beside `baseline`'s score there.
 * @param {Histories & { splitAt: number | null; baseline: number[] | null }} input
 */
export async function fit(input) {
  const started = performance.now();
  const { train, test } = examples(input, input.splitAt);
  if (train.length === 0)
    return { parameters: null, logLoss: Number.NaN, baselineLogLoss: Number.NaN, examples: 0, ms: 0 };
  const parameters = await computeParameters(train, { enableShortTerm: true });
  const judged = input.splitAt === null ? train : test;
  return {
    parameters,
    logLoss: logLossOf(parameters, judged),
    baselineLogLoss: logLossOf(input.baseline, judged),
    examples: train.length,
    ms: performance.now() - started,
  };
}

/** Log loss of given weights on all the histories (for tests and the bench). */
export function evaluate({ parameters, ...h }) {
  return logLossOf(parameters, examples(h, null).train);
}
