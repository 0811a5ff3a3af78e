/**
 * Several server processes on one PostgreSQL, as a union runs it behind a load balancer: they start
 * together without racing, share sessions, and hear each other's logouts and edits at once. Also:
 * a server that starts before its database waits for it. PostgreSQL only (an embedded database
 * belongs to one process).
 */
import { readFileSync } from "node:fs";
import { readAllSections } from "@jcba/content";
import { createDatabase } from "@jcba/db";
import { freePort, startTestPostgres } from "@jcba/db/test-postgres";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, admin, Client, newDatabaseLocation, onPostgres } from "./harness.ts";
import { type ServerProcess, spawnServer } from "./processes.ts";

const migrationCount = (
  JSON.parse(readFileSync(new URL("../../../packages/db/drizzle/meta/_journal.json", import.meta.url), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

/** Polls `check` until it returns true; resolves with the milliseconds it took, or fails after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not within ${ms} ms`);
}

describe.skipIf(!onPostgres)("two servers on one PostgreSQL", () => {
  let databaseUrl: string;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    databaseUrl = (await newDatabaseLocation()).databaseUrl!;
    // Started at the same moment on an empty database: migrations and the content load must not race.
    [a, b] = await Promise.all([
      spawnServer({ DATABASE_URL: databaseUrl }),
      spawnServer({ DATABASE_URL: databaseUrl }),
    ]);
    await Promise.all([a.waitFor("is running at"), b.waitFor("is running at")]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("both start, run the migrations once and load the content once", async () => {
    const database = await createDatabase({ databaseUrl, maxConnections: 1 });
    try {
      const [migrations] = await database.rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      expect(migrations!.n).toBe(migrationCount);
      const shipped = readAllSections().reduce((sum, f) => sum + f.data.questions.length, 0);
      const [questions] = await database.rows<{ n: number; keys: number }>(
        sql`SELECT count(*)::int AS n, count(DISTINCT content_key)::int AS keys FROM questions`,
      );
      expect(questions).toEqual({ n: shipped, keys: shipped });
    } finally {
      await database.close();
    }
    expect(a.output() + b.output()).not.toMatch(/could not start|duplicate key/i);
  });

  it("a session made on one server is valid on the other", async () => {
    const client = new Client(a.url);
    expect((await client.post("/api/login", ADMIN)).status).toBe(200);
    const onB = new Client(b.url);
    onB.cookie = client.cookie;
    const me = await onB.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(ADMIN.email);
  });

  it("a logout on one server is refused on the other within a second", async () => {
    const client = new Client(a.url);
    await client.post("/api/login", ADMIN);
    const onB = new Client(b.url);
    onB.cookie = client.cookie;
    // B has the session in its cache now.
    expect((await onB.get("/api/auth/user")).status).toBe(200);
    const cookie = client.cookie;
    expect((await client.post("/api/logout", {})).status).toBe(200);
    const onBAfter = new Client(b.url);
    onBAfter.cookie = cookie;
    const ms = await within(1000, async () => (await onBAfter.get("/api/auth/user")).status === 401);
    expect(ms).toBeLessThan(1000);
  });

  it("an admin edit on one server is served by the other within a second", async () => {
    // An admin who has passed the second factor (enrolled here, at this database's first admin sign-in).
    const onA = await admin(a.url);
    const onB = new Client(b.url);
    onB.cookie = onA.cookie;
    // B has section 12 in its cache now.
    const before = await onB.get("/api/questions?section=12");
    expect(before.status).toBe(200);
    const created = await onA.post("/api/questions", {
      sectionNumber: 12,
      questionType: "fill-in-blank",
      questionText: "A question written on server A?",
      options: null,
      correctAnswer: "yes",
      explanation: "Written to test that server B hears of it.",
    });
    expect(created.status).toBe(200);
    const ms = await within(1000, async () => {
      const list = await onB.get<{ id: number }[]>("/api/questions?section=12");
      return list.body.some((q) => q.id === created.body.id);
    });
    expect(ms).toBeLessThan(1000);
  });
});

describe.skipIf(!onPostgres)("a server started before its database", () => {
  it("waits with a clear message, then serves once the database is up", async () => {
    const port = await freePort();
    const server = await spawnServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` });
    let pg: Awaited<ReturnType<typeof startTestPostgres>> | undefined;
    try {
      await server.waitFor("Waiting for the database at 127.0.0.1");
      pg = await startTestPostgres({ port });
      await server.waitFor("is running at");
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await server.stop();
      pg?.stop();
    }
  });

  it("gives up with one clear line, not a stack trace, when told not to wait", async () => {
    const port = await freePort();
    const server = await spawnServer({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
      DB_WAIT_SECONDS: "0",
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`could not start: The database at 127.0.0.1:${port}/postgres did not answer`);
    expect(server.output()).not.toMatch(/\n\s+at /);
  });
});
