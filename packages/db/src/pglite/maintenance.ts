/**
 * PGlite runs no autovacuum: it has no background workers, so the rows that updates leave dead are
 * never reclaimed and the planner never gets statistics (20,000 updated rows were still dead, and the
 * table never analysed, 75 s later). This does what autovacuum does with its default thresholds, one
 * table at a time through the embedded database's statement queue.
 */
import { type SQL, sql } from "drizzle-orm";

type Rows = <T = Record<string, unknown>>(query: SQL) => Promise<T[]>;

/**
 * Vacuums (and analyses) every table with many dead rows, and analyses every table with many changes
 * since its statistics were gathered, at autovacuum's default thresholds. Returns what it did. Unlike
 * autovacuum it leaves tables that only grow alone: here a vacuum holds up every other statement, and
 * on such a table it would only refresh the visibility map.
 */
export async function maintainTables(rows: Rows): Promise<string[]> {
  const due = await rows<{ schema: string; name: string; vacuum: boolean }>(sql`
    SELECT schemaname AS schema, relname AS name, n_dead_tup > 50 + 0.2 * n_live_tup AS vacuum
    FROM pg_stat_user_tables
    WHERE n_dead_tup > 50 + 0.2 * n_live_tup OR n_mod_since_analyze > 50 + 0.1 * n_live_tup
    ORDER BY n_dead_tup + n_mod_since_analyze DESC`);
  for (const { schema, name, vacuum } of due) {
    const table = sql`${sql.identifier(schema)}.${sql.identifier(name)}`;
    await rows(vacuum ? sql`VACUUM (ANALYZE) ${table}` : sql`ANALYZE ${table}`);
  }
  return due.map(({ name, vacuum }) => `${vacuum ? "vacuum" : "analyze"} ${name}`);
}

/**
 * Runs maintainTables every `everyMs` (a minute, autovacuum's default pause) until stopped; the timer
 * never keeps the process alive. stop() waits for a round under way.
 */
export function maintainPeriodically(rows: Rows, everyMs = 60_000): { stop(): Promise<void> } {
  let round: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // A round that fails (a table dropped meanwhile) is simply tried again next time.
    round = round.then(() => maintainTables(rows)).catch(() => {});
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}
