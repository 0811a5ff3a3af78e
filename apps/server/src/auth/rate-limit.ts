/**
 * Attempts counted per key (an address or an account) in a fixed window, in the database: one
 * atomic upsert per attempt, so every server process and a restart see the same counts.
 */
import { authLimits, type Database } from "@jcba/db";
import { eq, lt, sql } from "drizzle-orm";

export class DbLimiter {
  constructor(
    private readonly database: Database,
    /** Tells this limiter's keys apart from other limiters' in the shared table. */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  async retryAfter(key: string): Promise<number> {
    return (await this.status(key)).waitMs;
  }

  /** The key's attempts in the current window, and the milliseconds until it may try again (0: now). */
  async status(key: string): Promise<{ count: number; waitMs: number }> {
    const [row] = await this.database.rows<{ count: number; waitMs: number }>(sql`
      SELECT count, ceil(extract(epoch FROM (window_ends_at - now())) * 1000)::int AS "waitMs"
      FROM auth_limits WHERE key = ${`${this.name}:${key}`} AND window_ends_at > now()`);
    if (!row) return { count: 0, waitMs: 0 };
    return { count: row.count, waitMs: row.count >= this.max ? Math.max(1, row.waitMs) : 0 };
  }

  /** Counts one attempt; a window that has ended starts again at 1. */
  async hit(key: string): Promise<void> {
    const window = sql`now() + ${`${this.windowMs} milliseconds`}::interval`;
    await this.database.db
      .insert(authLimits)
      .values({ key: `${this.name}:${key}`, count: 1, windowEndsAt: window })
      .onConflictDoUpdate({
        target: authLimits.key,
        set: {
          count: sql`CASE WHEN ${authLimits.windowEndsAt} <= now() THEN 1 ELSE ${authLimits.count} + 1 END`,
          windowEndsAt: sql`CASE WHEN ${authLimits.windowEndsAt} <= now() THEN ${window} ELSE ${authLimits.windowEndsAt} END`,
        },
      });
  }

  /**
   * Counts one attempt and says whether it was over the limit (milliseconds to wait, else 0): check
   * and count in one statement, so parallel attempts cannot all pass before any of them is counted.
   */
  async take(key: string): Promise<number> {
    const [row] = await this.database.rows<{ count: number; waitMs: number }>(sql`
      INSERT INTO auth_limits (key, count, window_ends_at)
      VALUES (${`${this.name}:${key}`}, 1, now() + ${`${this.windowMs} milliseconds`}::interval)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN auth_limits.window_ends_at <= now() THEN 1 ELSE auth_limits.count + 1 END,
        window_ends_at = CASE WHEN auth_limits.window_ends_at <= now() THEN EXCLUDED.window_ends_at
          ELSE auth_limits.window_ends_at END
      RETURNING count, ceil(extract(epoch FROM (window_ends_at - now())) * 1000)::int AS "waitMs"`);
    return row && row.count > this.max ? Math.max(1, row.waitMs) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.database.db.delete(authLimits).where(eq(authLimits.key, `${this.name}:${key}`));
  }
}

/** Drops counts whose window has ended. */
export async function pruneLimits(database: Database): Promise<void> {
  await database.db.delete(authLimits).where(lt(authLimits.windowEndsAt, sql`now()`));
}

/**
 * How long a sign-in from an address waits before its password is checked, after `failures` failed
 * ones from there in the current window: none after none, then 250 ms doubling up to 4 s. Guessing
 * slows down long before the address limit refuses, and nobody is locked out by it.
 */
export const failedSignInDelayMs = (failures: number) =>
  failures <= 0 ? 0 : Math.min(250 * 2 ** (failures - 1), 4000);
