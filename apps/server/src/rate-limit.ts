/** Counts failed sign-ins per key (an IP or an account) in a sliding window, in memory. */
export class FailureLimiter {
  private failures = new Map<string, number[]>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    if (list.length < this.max) return 0;
    return list[0]! + this.windowMs - now;
  }

  fail(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
    if (this.failures.size > 100_000) this.prune(now);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, list] of this.failures) if (!list.some((t) => now - t < this.windowMs)) this.failures.delete(key);
  }
}
