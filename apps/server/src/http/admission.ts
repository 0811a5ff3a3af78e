/**
 * The cap on requests in flight, following what the server gets through (decision 0015). A fixed cap
 * is right for one machine at one load only: on a busy shared machine 256 requests in flight were
 * answered at about 24 a second past capacity, so an admitted request waited 10 s and more. Little's
 * law says the cap that keeps the wait near a target is the throughput times the target, so the cap is
 * adapted from the latencies actually seen, as Netflix's concurrency-limits (gradient, AIMD) do:
 *
 * - every window (WINDOW_MS and at least MIN_SAMPLES answers), the 90th percentile of the admitted
 *   requests' time from arrival to answer is compared with the target;
 * - over the target while requests were turned away for the cap: the cap is cut in proportion
 *   (target / p90, at most by half a window), never below `min`;
 * - under 80% of the target: the cap grows back by a tenth, up to `max`.
 *
 * The cap is only cut while it is turning members away: below it, members are admitted whatever the
 * latency (a slow moment on a shared machine, a backup, a long import), so the load the cap's starting
 * value (`max`) covers is never refused; the database-wait and event-loop guards watch the rest.
 *
 * Hand-written: no kept npm package adapts a concurrency limit for an HTTP server (under-pressure
 * samples fixed thresholds; p-limit and p-queue queue jobs without end, with a fixed concurrency).
 */

/** How long a window of answers lasts at least before the cap is looked at again. */
const WINDOW_MS = 250;
/** Answers a window needs before it counts, so a lone slow request moves nothing. */
const MIN_SAMPLES = 8;

export interface AdmissionOptions {
  /** The starting and highest cap (requests in flight). */
  max: number;
  /** The lowest cap. */
  min: number;
  /** The latency admitted requests should stay under (ms); 0 keeps the cap at `max`. */
  targetMs: number;
  /** The clock (ms), for tests. */
  now?: () => number;
}

export class AdmissionLimit {
  /** Requests that may be in flight now. */
  limit: number;
  /** Requests admitted and not yet answered (or abandoned by their client). */
  inFlight = 0;
  /** Requests turned away for the cap since the start. */
  refused = 0;
  private readonly options: Required<AdmissionOptions>;
  private samples: number[] = [];
  private refusedInWindow = 0;
  private windowStart: number;

  constructor(options: AdmissionOptions) {
    const now = options.now ?? (() => performance.now());
    this.options = { ...options, min: Math.max(1, Math.min(options.min, options.max)), now };
    this.limit = options.max;
    this.windowStart = now();
  }

  /** True if one more request may be served now (then it counts until `done`). */
  tryAcquire(): boolean {
    if (this.inFlight >= this.limit) {
      this.refused++;
      this.refusedInWindow++;
      return false;
    }
    this.inFlight++;
    return true;
  }

  /** An admitted request has been answered (or abandoned) after `ms`. */
  done(ms: number): void {
    this.inFlight--;
    if (this.options.targetMs <= 0) return;
    this.samples.push(ms);
    const now = this.options.now();
    if (now - this.windowStart < WINDOW_MS || this.samples.length < MIN_SAMPLES) return;
    this.adjust(percentile(this.samples, 0.9));
    this.samples = [];
    this.refusedInWindow = 0;
    this.windowStart = now;
  }

  /** Busy for the cap: the next request would be turned away. */
  full(): boolean {
    return this.inFlight >= this.limit;
  }

  private adjust(p90: number) {
    const { min, max, targetMs } = this.options;
    if (p90 > targetMs && this.refusedInWindow > 0) {
      const cut = Math.floor(this.limit * Math.max(0.5, targetMs / p90));
      this.limit = Math.max(min, Math.min(this.limit - 1, cut));
    } else if (p90 < targetMs * 0.8 && this.limit < max) {
      this.limit = Math.min(max, this.limit + Math.max(1, Math.floor(this.limit / 10)));
    }
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
