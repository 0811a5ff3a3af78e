/** PostgreSQL only (TEST_DATABASE_URL): every connection of the app carries the statement timeout it was given. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "./index.ts";
import { createScratchDatabase } from "./test-postgres.ts";

const server = process.env.TEST_DATABASE_URL;

describe.skipIf(!server)("statement timeout on PostgreSQL", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createDatabase({
      databaseUrl: await createScratchDatabase(server!),
      maxConnections: 2,
      statementTimeoutMs: 300,
    });
    // Migrations run on a connection without it.
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
  });

  it("cancels a statement that runs longer, in the pool, in transactions and in serial writes", async () => {
    const slow = sql`SELECT pg_sleep(1)`;
    const code = (p: Promise<unknown>) =>
      p.then(
        () => "finished",
        (e: { code?: string; cause?: { code?: string } }) => e.code ?? e.cause?.code,
      );
    expect(await code(database.rows(slow))).toBe("57014");
    expect(await code(database.transaction((tx) => tx.rows(slow)))).toBe("57014");
    expect(await code(database.serialTransaction((tx) => tx.rows(slow)))).toBe("57014");
    const [row] = await database.rows<{ statement_timeout: string }>(sql`SHOW statement_timeout`);
    expect(row!.statement_timeout).toBe("300ms");
    expect(await database.rows(sql`SELECT pg_sleep(0.05), 1 AS ok`)).toHaveLength(1);
  });
});
