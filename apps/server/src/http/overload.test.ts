/**
 * Past capacity (@fastify/under-pressure on the database's wait): a write is answered at once with 503
 * and Retry-After and changes nothing, /api/health says why, and once the line has cleared the same
 * answer sent again (as the outbox does) is stored, once.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member, onPostgres, startServer, type TestServer } from "../../test/harness.ts";
import { sustained } from "./overload.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer(undefined, { OVERLOAD_DB_WAIT_MS: "200", OVERLOAD_SUSTAINED_MS: "300" });
});
afterAll(async () => {
  await server?.stop();
});

/** Polls `check` until it returns true; fails after `ms`. */
async function within(ms: number, check: () => Promise<boolean>) {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`not within ${ms} ms`);
}

describe("past capacity", () => {
  it("answers 503 with Retry-After, reports it on /api/health, and keeps nothing of the refused write", async () => {
    const c = await member(server.url);
    const [q] = (await c.get("/api/questions?section=4")).body as { id: number; correctAnswer: string }[];
    const answer = { id: randomUUID(), questionId: q!.id, userAnswer: q!.correctAnswer };
    expect((await c.get("/api/health")).status).toBe(200);

    // More slow statements than the database serves at once (PGlite one, the test pool ten): a line forms.
    const slow = Array.from({ length: onPostgres ? 40 : 12 }, () => server.database.rows(sql`SELECT pg_sleep(0.4)`));
    try {
      // Statements have waited past the 200 ms limit for 300 ms: the guard is on.
      await within(3_000, async () => (await c.get("/api/health")).status === 503);
      const refused = await c.post("/api/progress/question-attempt", answer);
      expect(refused.status, JSON.stringify(refused.body)).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(refused.body).toEqual({ code: "SERVICE_UNAVAILABLE", message: expect.stringMatching(/busy/) });
      const health = await c.get("/api/health");
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ ok: false, status: "busy", reason: "database" });
    } finally {
      await Promise.all(slow);
    }

    // The line has cleared: taking work again, and the answer the outbox kept goes in once.
    await within(5_000, async () => (await c.get("/api/health")).status === 200);
    expect((await c.get("/api/progress/section")).body).toEqual([]);
    const stored = await c.post("/api/progress/question-attempt", answer);
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ id: answer.id, isCorrect: true });
    expect((await c.get("/api/progress/section")).body).toEqual([
      { sectionNumber: 4, questionsAttempted: 1, questionsCorrect: 1 },
    ]);
  });
});

describe("past capacity: a measure over its limit counts once it lasts", () => {
  it("is not busy at the first look over the limit, is once the measure has lasted, and starts again after a break", async () => {
    let over = true;
    const busy = sustained(() => over, 50);
    expect(busy()).toBe(false);
    await within(5_000, async () => busy());
    over = false;
    expect(busy()).toBe(false);
    over = true;
    expect(busy()).toBe(false);
    await within(5_000, async () => busy());
    expect(sustained(() => true, 0)()).toBe(true);
    expect(sustained(() => false, 0)()).toBe(false);
  });
});

describe("past capacity: requests in flight", () => {
  it("turns new requests away while OVERLOAD_MAX_IN_FLIGHT are being served, and takes them again after", async () => {
    // The wait limit off: only the count of requests in flight turns members away here.
    const capped = await startServer(undefined, { OVERLOAD_DB_WAIT_MS: "0", OVERLOAD_MAX_IN_FLIGHT: "2" });
    try {
      const c = await member(capped.url);
      expect((await c.get("/api/progress/section")).status).toBe(200);
      // The database kept busy, so the two requests that reach it stay in flight meanwhile.
      const slow = Array.from({ length: onPostgres ? 20 : 4 }, () => capped.database.rows(sql`SELECT pg_sleep(0.5)`));
      const held = [c.get("/api/progress/section"), c.get("/api/progress/section")];
      try {
        await within(3_000, async () => (await c.get("/api/health")).status === 503);
        expect((await c.get("/api/health")).body).toEqual({ ok: false, status: "busy", reason: "requests" });
        const refused = await c.get("/api/progress/section");
        expect(refused.status).toBe(503);
        expect(refused.headers.get("retry-after")).toBe("5");
      } finally {
        await Promise.all(slow);
      }
      // The two held requests are answered, and the next one is let in.
      for (const response of await Promise.all(held)) expect(response.status).toBe(200);
      await within(5_000, async () => (await c.get("/api/health")).status === 200);
      expect((await c.get("/api/progress/section")).status).toBe(200);
    } finally {
      await capped.stop();
    }
  });
});
