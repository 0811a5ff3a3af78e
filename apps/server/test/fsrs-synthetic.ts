/**
 * Review logs drawn from known FSRS weights, for the memory-model tests and the bench: each item is
 * reviewed on the schedule those weights give (at 90 % retention, with the intervals jittered), and
 * recalled with the chance they predict (Good, sometimes Hard or Easy) or forgotten (Again).
 */
import { createEmptyCard, default_w, forgetting_curve, fsrs } from "ts-fsrs";

const DAY_MS = 86_400_000;

/** Seeded (an LCG): the same log every run. */
export const seededRandom = (seed: number) => {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
};

/** Weights of a memory unlike FSRS's defaults: first stabilities doubled, harder to keep after a lapse. */
export const TRUE_WEIGHTS = (() => {
  const w = [...default_w];
  w[0] = default_w[0]! * 0.5;
  w[1] = default_w[1]! * 0.6;
  w[2] = default_w[2]! * 2;
  w[3] = default_w[3]! * 1.5;
  return w;
})();

export interface SyntheticReview {
  item: number;
  rating: number;
  reviewedAt: number;
}

/** `items` items of `per` reviews each, from `start`, under `weights`. */
export function syntheticLog(
  weights: readonly number[],
  options: { items: number; per: number; seed: number; start?: number; firstItem?: number },
): SyntheticReview[] {
  const random = seededRandom(options.seed);
  const f = fsrs({ w: [...weights], enable_short_term: false, enable_fuzz: false, request_retention: 0.9 });
  const start = options.start ?? Date.UTC(2025, 0, 1, 12);
  const log: SyntheticReview[] = [];
  for (let i = 0; i < options.items; i++) {
    // Items start on different days, so the log's most recent share holds every kind of review.
    let day = Math.floor(random() * 60);
    let card = createEmptyCard(new Date(start + day * DAY_MS));
    for (let k = 0; k < options.per; k++) {
      let rating: number;
      if (k === 0) {
        const u = random();
        rating = u < 0.25 ? 1 : u < 0.35 ? 2 : u < 0.9 ? 3 : 4;
      } else {
        const elapsed = day - Math.round((card.last_review!.getTime() - start) / DAY_MS);
        const recalled = random() < forgetting_curve(weights[20]!, elapsed, card.stability);
        rating = recalled ? (random() < 0.1 ? 2 : random() < 0.1 ? 4 : 3) : 1;
      }
      const at = new Date(start + day * DAY_MS);
      log.push({ item: (options.firstItem ?? 0) + i, rating, reviewedAt: at.getTime() });
      card = f.next(card, at, rating as 1 | 2 | 3 | 4).card;
      day += Math.max(1, Math.round(card.scheduled_days * (0.6 + random() * 0.9)));
    }
  }
  return log.sort((a, b) => a.item - b.item || a.reviewedAt - b.reviewedAt);
}
