/**
 * Workload forecast: how many reviews a member can expect each day for the next days at a desired
 * retention, by simulating their items under FSRS (as Anki's simulator does): each day the items due
 * are reviewed (up to the daily cap, the rest wait a day), each recalled with the chance its memory
 * state gives (Good) or forgotten (Again), and new items arrive at the daily new-item cap. Averaged
 * over a few seeded runs, so the same inputs give the same forecast. ts-fsrs has no simulator, hence
 * this loop; the memory model itself is ts-fsrs's. Server-side: imported as "@jcba/domain/workload".
 */
import { fsrs } from "ts-fsrs";
import { seededRandom } from "./practice-test.ts";
import { localMinutes } from "./reminders.ts";
import { clampRetention, localDate, type ReviewSchedule } from "./review.ts";

const DAY_MS = 86_400_000;
const RUNS = 2;

export interface WorkloadInput {
  items: readonly ReviewSchedule[];
  /** Items not yet seen, which arrive at `newPerDay`. */
  newAvailable: number;
  newPerDay: number;
  reviewsPerDay: number;
  retention: number;
  /** The member's memory model; null for the FSRS defaults. */
  parameters: readonly number[] | null;
  /** The share of first reviews the member passes (a new item rated Good rather than Again). */
  firstPassRate: number;
  days: number;
  now: Date;
  timeZone: string;
}

export interface WorkloadDay {
  date: string;
  /** Reviews of items already seen. */
  due: number;
  /** New items seen that day. */
  new: number;
}

export function simulateWorkload(input: WorkloadInput): WorkloadDay[] {
  const { days, now } = input;
  // Whole days and bare memory states (ts-fsrs's FSRS-6 formulas, no Card objects): a member with
  // thousands of items is simulated in milliseconds. Short-term steps are part of the same day's sitting.
  const f = fsrs({
    request_retention: clampRetention(input.retention),
    enable_fuzz: false,
    enable_short_term: false,
    ...(input.parameters ? { w: [...input.parameters] } : {}),
  });
  const totals = Array.from({ length: days }, () => ({ due: 0, new: 0 }));
  // Days are counted from the member's local midnight, not from this instant: the forecast is the
  // same whenever in the day it is asked (a recall chance taken at 08:00 and at 21:30 would differ,
  // and so would the seeded runs' draws), and an item due later today counts today.
  const midnight =
    now.getTime() - localMinutes(input.timeZone, now) * 60_000 - now.getUTCSeconds() * 1000 - now.getUTCMilliseconds();
  const dayOf = (t: Date) => (t.getTime() - midnight) / DAY_MS;
  /** The day an item comes back after a review on day d (a forgotten one: the next day). */
  const nextDay = (d: number, stability: number, elapsed: number, recalled: boolean) =>
    d + (recalled ? Math.max(1, f.next_interval(stability, elapsed)) : 1);
  for (let run = 0; run < RUNS; run++) {
    const random = seededRandom(0x5eed + run);
    const cards = input.items.map((item) => ({
      stability: Math.max(item.stability, 0.01),
      difficulty: item.difficulty,
      last: dayOf(item.lastReview),
      day: Math.max(0, Math.floor(dayOf(item.due))),
    }));
    let unseen = input.newAvailable;
    for (let d = 0; d < days; d++) {
      let done = 0;
      for (const c of cards) {
        if (c.day > d) continue;
        if (done >= input.reviewsPerDay) {
          c.day = d + 1;
          continue;
        }
        const elapsed = Math.max(0, d - c.last);
        const r = f.forgetting_curve(elapsed, c.stability);
        const recalled = random() < r;
        const next = f.next_state({ stability: c.stability, difficulty: c.difficulty }, elapsed, recalled ? 3 : 1, r);
        c.stability = next.stability;
        c.difficulty = next.difficulty;
        c.last = d;
        c.day = nextDay(d, next.stability, elapsed, recalled);
        done++;
      }
      const fresh = Math.min(unseen, input.newPerDay);
      unseen -= fresh;
      for (let n = 0; n < fresh; n++) {
        const recalled = random() < input.firstPassRate;
        const first = f.next_state(null, 0, recalled ? 3 : 1);
        cards.push({ ...first, last: d, day: nextDay(d, first.stability, 0, recalled) });
      }
      totals[d]!.due += done;
      totals[d]!.new += fresh;
    }
  }
  return totals.map((t, d) => ({
    date: localDate(input.timeZone, new Date(now.getTime() + d * DAY_MS)),
    due: Math.round(t.due / RUNS),
    new: Math.round(t.new / RUNS),
  }));
}
