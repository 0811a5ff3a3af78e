/**
 * Benchmark of the memory model (run by hand, not a test):
 *   pnpm --filter @jcba/server bench:review-model
 * - the union-wide fit: FIT_MEMBERS (default 1,000) members × 400 reviews each (40 items × 10 reviews,
 *   drawn from known weights), converted and fitted by fit-worker.mjs as the job runs it, after the
 *   log is read (the read is not timed here);
 * - the workload forecast: 30 days at 90 % for a member with WORKLOAD_ITEMS (default 1,000) items
 *   seen and the rest of a 3,000-item bank new, 20 new a day; median and p95 of 50 runs.
 */
import { performance } from "node:perf_hooks";
import type { ReviewSchedule } from "@jcba/domain";
import { simulateWorkload } from "@jcba/domain/workload";
import { fit } from "../src/review-model/fit-worker.mjs";
import { toHistories } from "../src/review-model/fitter.ts";
import { syntheticLog, TRUE_WEIGHTS } from "../test/fsrs-synthetic.ts";

const members = Number(process.env.FIT_MEMBERS ?? 1000);
const items = Number(process.env.WORKLOAD_ITEMS ?? 1000);

const logs = [];
for (let m = 0; m < members; m++)
  for (const r of syntheticLog(TRUE_WEIGHTS, { items: 40, per: 10, seed: m + 1 }))
    logs.push({ userId: m + 1, itemType: "question", itemId: r.item, rating: r.rating, reviewedAt: r.reviewedAt });
let started = performance.now();
const histories = toHistories(logs);
const convert = performance.now() - started;
started = performance.now();
const result = await fit({ ...histories, splitAt: null, baseline: null });
const fitMs = performance.now() - started;
console.log(
  `union fit: ${members.toLocaleString()} members × 400 = ${logs.length.toLocaleString()} reviews (${result.examples.toLocaleString()} training examples): ${Math.round(fitMs)} ms fit + ${Math.round(convert)} ms to group; log loss ${result.logLoss.toFixed(4)}`,
);

const now = new Date();
const DAY = 86_400_000;
const seen: ReviewSchedule[] = Array.from({ length: items }, (_, i) => ({
  due: new Date(now.getTime() + ((i * 7) % 45) * DAY - DAY),
  stability: 1 + ((i * 13) % 60),
  difficulty: 3 + (i % 6),
  state: 2,
  reps: 3,
  lapses: i % 5 === 0 ? 1 : 0,
  learningSteps: 0,
  scheduledDays: 10,
  lastReview: new Date(now.getTime() - ((i * 3) % 20) * DAY),
}));
const times: number[] = [];
for (let run = 0; run < 50; run++) {
  const t = performance.now();
  simulateWorkload({
    items: seen,
    newAvailable: 3000 - items,
    newPerDay: 20,
    reviewsPerDay: 200,
    retention: 0.9,
    parameters: result.parameters,
    firstPassRate: 0.7,
    days: 30,
    now,
    timeZone: "America/Chicago",
  });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(
  `workload simulation: ${items.toLocaleString()} items seen + ${(3000 - items).toLocaleString()} new, 30 days: median ${times[25]!.toFixed(1)} ms, p95 ${times[47]!.toFixed(1)} ms`,
);
