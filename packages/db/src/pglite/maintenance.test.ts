import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../index.ts";
import { maintainTables } from "./maintenance.ts";

let database: Database;
beforeAll(async () => {
  database = await createDatabase({ dataDir: "memory://" });
});
afterAll(async () => {
  await database.close();
});

interface TableStats {
  dead: number;
  analysed: boolean;
  estimate: number;
}
const statsOf = async (table: string) => {
  const [stats] = await database.rows<TableStats>(sql`
    SELECT s.n_dead_tup::int AS dead, s.last_analyze IS NOT NULL AS analysed, c.reltuples::int AS estimate
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = ${table}`);
  return stats!;
};
// The database's activity counters reach pg_stat_user_tables at most once a second; this makes the
// statement after it publish them at once.
const publishCounters = () => database.rows(sql`SELECT pg_stat_force_next_flush()`);

describe("the embedded database's upkeep", () => {
  it("reclaims the rows updates leave dead and gathers the planner's statistics, as autovacuum would", async () => {
    await database.rows(sql`CREATE TABLE churn (id int PRIMARY KEY, v int NOT NULL)`);
    await database.rows(sql`INSERT INTO churn SELECT g, g FROM generate_series(1, 20000) g`);
    await database.rows(sql`UPDATE churn SET v = v + 1`);
    await publishCounters();
    expect(await statsOf("churn")).toEqual({ dead: 20_000, analysed: false, estimate: -1 });

    expect(await maintainTables(database.rows)).toContain("vacuum churn");
    await publishCounters();
    expect(await statsOf("churn")).toEqual({ dead: 0, analysed: true, estimate: 20_000 });
    // Nothing is left to do until the table changes again.
    expect(await maintainTables(database.rows)).not.toContain("vacuum churn");
  });
});
