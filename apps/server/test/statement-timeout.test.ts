/**
 * Issue 24's low finding: a statement the database cancels for running past STATEMENT_TIMEOUT_MS
 * (SQLSTATE 57014) answers 503 with Retry-After, not 500, over REST and tRPC. On PostgreSQL a real
 * timeout: the member's practice-test attempts wait on a lock another connection holds. PGlite has no
 * statement timeout (its single-threaded build has no timer to cancel with; a 1 s pg_sleep under a
 * 200 ms statement_timeout finishes), so on PGlite the test shows the same answer for the same error
 * raised by the database itself, through a procedure's real query path.
 */
import { loadContent } from "@jcba/content";
import { createDatabase, type Database } from "@jcba/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "../src/auth/users.ts";
import { ADMIN, member, newDatabaseLocation, onPostgres, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
let database: Database;
let holder: Database | null = null;
beforeAll(async () => {
  const where = await newDatabaseLocation();
  // Migrations, content and the admin on a connection without the timeout (a bulk insert on a loaded
  // machine may take longer); the server's own connections carry it.
  if (onPostgres) {
    holder = await createDatabase({ databaseUrl: where.databaseUrl, maxConnections: 1 });
    await prepare(holder);
  }
  database = await createDatabase({ ...where, maxConnections: 5, statementTimeoutMs: 500 });
  if (!onPostgres) await prepare(database);
  // The past-capacity guard answers 503 too: off here, so every 503 is the timeout's.
  server = await startServer(undefined, { OVERLOAD_EVENT_LOOP_DELAY_MS: "0", OVERLOAD_DB_WAIT_MS: "0" }, database);
});
afterAll(async () => {
  await server?.stop();
  await holder?.close();
  await database?.close();
});

async function prepare(db: Database) {
  await db.migrate();
  await loadContent(db);
  await ensureAdmin(db, ADMIN.email, ADMIN.password);
}

/** Runs `during` while practice-test attempts cannot be read: a lock on PostgreSQL, a cancelling trigger on PGlite. */
async function whileAttemptsStall(during: () => Promise<void>) {
  if (holder) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = holder.transaction(async (tx) => {
      await tx.rows(sql`LOCK TABLE test_attempts IN ACCESS EXCLUSIVE MODE`);
      locked();
      await released;
    });
    await isLocked;
    try {
      await during();
    } finally {
      release();
      await holding;
    }
    return;
  }
  // PGlite: the database itself raises query_canceled (57014) on every read of the table (a view in
  // its place whose function raises it, a one-time check since it is STABLE), as a cancelled statement would.
  const run = async (...statements: string[]) => {
    for (const s of statements) await database.rows(sql.raw(s));
  };
  await run(
    `CREATE FUNCTION stall_attempts() RETURNS boolean LANGUAGE plpgsql STABLE AS $$
     BEGIN RAISE EXCEPTION 'canceling statement due to statement timeout' USING ERRCODE = 'query_canceled'; END $$`,
    "ALTER TABLE test_attempts RENAME TO test_attempts_kept",
    "CREATE VIEW test_attempts AS SELECT * FROM test_attempts_kept WHERE stall_attempts()",
  );
  try {
    await during();
  } finally {
    await run(
      "DROP VIEW test_attempts",
      "ALTER TABLE test_attempts_kept RENAME TO test_attempts",
      "DROP FUNCTION stall_attempts()",
    );
  }
}

describe("a statement past STATEMENT_TIMEOUT_MS", () => {
  it("answers 503 with Retry-After over REST and tRPC, and the same call works once the database is free", async () => {
    const m = await member(server.url);
    await whileAttemptsStall(async () => {
      const rest = await m.get("/api/test-attempts");
      expect(rest.status).toBe(503);
      expect(rest.headers.get("retry-after")).toBe("5");
      expect(rest.body.code).toBe("SERVICE_UNAVAILABLE");
      expect(JSON.stringify(rest.body)).not.toMatch(/statement|test_attempts/);
      const trpc = await m.get("/api/trpc/tests.list");
      expect(trpc.status).toBe(503);
      expect(trpc.headers.get("retry-after")).toBe("5");
      expect(trpc.body.error.data.code).toBe("SERVICE_UNAVAILABLE");
    });
    expect((await m.get("/api/test-attempts")).status).toBe(200);
    expect((await m.get("/api/trpc/tests.list")).status).toBe(200);
  });
});
