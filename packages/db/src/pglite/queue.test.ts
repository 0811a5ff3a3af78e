import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../index.ts";

let database: Database;
beforeAll(async () => {
  database = await createDatabase({ dataDir: "memory://" });
  await database.migrate();
  await database.rows(sql`CREATE TABLE queue_log (n int NOT NULL)`);
});
afterAll(async () => {
  await database.close();
});

describe("the embedded database's thread and queue", () => {
  it("runs statements in the order they were asked for, transactions included", async () => {
    const asked: Promise<unknown>[] = [];
    for (let n = 0; n < 60; n++) {
      // Each one asked in its own turn of the event loop, as requests arrive.
      await new Promise((resolve) => setImmediate(resolve));
      asked.push(
        n % 10 === 5
          ? database.db.transaction(async (tx) => {
              await tx.execute(sql`INSERT INTO queue_log VALUES (${n})`);
              await tx.execute(sql`SELECT pg_sleep(0.001)`);
            })
          : database.rows(sql`INSERT INTO queue_log VALUES (${n})`),
      );
    }
    await Promise.all(asked);
    const rows = await database.rows<{ n: number }>(sql`SELECT n FROM queue_log ORDER BY ctid`);
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 60 }, (_, n) => n));
  });

  it("leaves the server's thread free while a statement runs", async () => {
    const started = performance.now();
    const slow = database.rows(sql`SELECT pg_sleep(0.5)`);
    // A timer due in 20 ms fires on time: the statement runs on the database's own thread.
    const timerAt = await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - started), 20));
    await slow;
    const slowDone = performance.now() - started;
    expect(timerAt).toBeLessThan(250);
    expect(slowDone).toBeGreaterThanOrEqual(500);
  });

  it("keeps the database's error codes", async () => {
    await expect(database.rows(sql`INSERT INTO queue_log VALUES (NULL)`)).rejects.toMatchObject({
      cause: { code: "23502" },
    });
  });

  it("lets the rest of the server run while a long line of statements waits", async () => {
    let done = 0;
    const line = Array.from({ length: 1000 }, () => database.rows(sql`SELECT 1`).then(() => done++));
    // What a request answered from a cache needs: a turn of the event loop, not the database.
    const doneWhenLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await Promise.all(line);
    expect(doneWhenLoopTurned).toBeLessThan(1000);
  });
});
