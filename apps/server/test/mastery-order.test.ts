/**
 * Mastery keeps the member's newest choice: a write that waited longer than a newer one (late in the
 * database, or replayed from a device's outbox) cannot undo it.
 */
import { appRouter, createCallerFactory, createContentCache } from "@jcba/api";
import { flashcards } from "@jcba/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

describe("flashcard mastery under reordering", () => {
  it("keeps the newest value when an older write runs last, and says which value was kept", async () => {
    const c = await member(server.url);
    const me = (await c.get("/api/auth/user")).body as { id: number; email: string };
    const [card] = await server.database.db.select({ id: flashcards.id }).from(flashcards).limit(1);
    const caller = (receivedAt: Date) =>
      createCallerFactory(appRouter)({
        database: server.database,
        content: createContentCache(server.database),
        user: { ...me, firstName: "Maria", lastName: "Lopez", profileImageUrl: null, isAdmin: false },
        receivedAt,
      });
    const earlier = new Date(Date.now() - 1000);
    const later = new Date();
    // The newer request (mastered) is written first; the older one (not mastered) arrives at the database after it.
    expect(await caller(later).mastery.save({ flashcardId: card!.id, mastered: true })).toEqual({
      flashcardId: card!.id,
      mastered: true,
    });
    expect(await caller(earlier).mastery.save({ flashcardId: card!.id, mastered: false })).toEqual({
      flashcardId: card!.id,
      mastered: true,
    });
    expect((await c.get("/api/flashcard-mastery")).body).toEqual([{ flashcardId: card!.id, mastered: true }]);
    // A genuinely newer request still changes it.
    await c.post("/api/flashcard-mastery", { flashcardId: card!.id, mastered: false });
    expect((await c.get("/api/flashcard-mastery")).body).toEqual([{ flashcardId: card!.id, mastered: false }]);
  });

  it("orders replayed writes by the time the member chose, not by arrival, and caps a clock that runs ahead", async () => {
    const c = await member(server.url);
    const [a, b] = await server.database.db.select({ id: flashcards.id }).from(flashcards).limit(2);
    const now = Date.now();
    const at = (msAgo: number) => new Date(now - msAgo).toISOString();
    // Phone online: mastered two minutes ago. Tablet offline had said "needs review" ten minutes ago
    // and only now reconnects: its older choice arrives last and must not win.
    expect(
      (await c.post("/api/flashcard-mastery", { flashcardId: a!.id, mastered: true, chosenAt: at(120_000) })).body,
    ).toEqual({
      flashcardId: a!.id,
      mastered: true,
    });
    const late = await c.post("/api/flashcard-mastery", { flashcardId: a!.id, mastered: false, chosenAt: at(600_000) });
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ flashcardId: a!.id, mastered: true });
    // A replay of the same write changes nothing either.
    await c.post("/api/flashcard-mastery", { flashcardId: a!.id, mastered: false, chosenAt: at(600_000) });
    // A device clock a day ahead counts as the server's now: a later ordinary write still wins.
    const tomorrow = new Date(now + 86_400_000).toISOString();
    await c.post("/api/flashcard-mastery", { flashcardId: b!.id, mastered: true, chosenAt: tomorrow });
    await c.post("/api/flashcard-mastery", { flashcardId: b!.id, mastered: false });
    expect((await c.get("/api/flashcard-mastery")).body).toEqual(
      [
        { flashcardId: a!.id, mastered: true },
        { flashcardId: b!.id, mastered: false },
      ].sort((x, y) => x.flashcardId - y.flashcardId),
    );
    // chosenAt is optional, but when given it must be a date and time.
    const bad = await c.post("/api/flashcard-mastery", { flashcardId: a!.id, mastered: true, chosenAt: "yesterday" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("chosenAt must be an ISO 8601 date and time.");
  });
});
