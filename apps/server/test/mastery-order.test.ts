/** Mastery is last-write-wins by arrival: a write that waited longer than a newer one cannot undo it. */
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
});
