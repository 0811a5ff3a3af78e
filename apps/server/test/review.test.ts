/** Spaced repetition over HTTP: the review queue, ratings, the two-button mapping and the settings. */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, member, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface Q {
  id: number;
  questionType: string;
  options: string[] | null;
  correctAnswer: string;
}
const wrongOf = (q: Q) =>
  q.questionType === "multiple-choice" ? q.options!.find((o) => o !== q.correctAnswer)! : "surely not this";

async function firstQuestion(c: Client, section: number): Promise<Q> {
  return ((await c.get(`/api/questions?section=${section}`)).body as Q[])[0]!;
}

describe("GET /api/review/queue and POST /api/review", () => {
  it("puts a question answered wrong in the queue due within the hour; rating it Good moves it days out", async () => {
    const c = await member(server.url);
    const q = await firstQuestion(c, 7);
    const answered = await c.post("/api/progress/question-attempt", { questionId: q.id, userAnswer: wrongOf(q) });
    expect(answered.status).toBe(200);
    const queue = await c.get("/api/review/queue");
    expect(queue.status).toBe(200);
    expect(queue.body.items).toEqual([
      { itemType: "question", itemId: q.id, due: expect.any(String), state: "learning" },
    ]);
    const due = new Date(queue.body.items[0].due).getTime();
    expect(due - Date.now()).toBeLessThanOrEqual(HOUR);
    expect(new Date(queue.body.items[0].due).toISOString()).toBe(queue.body.items[0].due);

    // Good through the learning step, then Good again: it graduates and is due days out.
    let rated = await c.post("/api/review", { id: randomUUID(), itemType: "question", itemId: q.id, rating: 3 });
    expect(rated.status).toBe(200);
    rated = await c.post("/api/review", { id: randomUUID(), itemType: "question", itemId: q.id, rating: 3 });
    expect(rated.body).toMatchObject({ itemType: "question", itemId: q.id, state: "review" });
    rated = await c.post("/api/review", { id: randomUUID(), itemType: "question", itemId: q.id, rating: 3 });
    expect(new Date(rated.body.due).getTime() - Date.now()).toBeGreaterThan(DAY);
    expect((await c.get("/api/review/queue")).body).toEqual({ items: [], dueNow: 0 });
  });

  it("logs a retried review once and answers the same", async () => {
    const c = await member(server.url);
    const card = ((await c.get("/api/flashcards?section=3")).body as { id: number }[])[0]!;
    const body = { id: randomUUID(), itemType: "flashcard", itemId: card.id, rating: 2 };
    const first = await c.post("/api/review", body);
    const retry = await c.post("/api/review", body);
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(Object.keys(first.body).sort()).toEqual(["difficulty", "due", "itemId", "itemType", "stability", "state"]);
    const logged = () =>
      server.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM review_log WHERE id = ${body.id}::uuid`);
    expect((await logged())[0]!.n).toBe(1);
    // The item was reviewed once: a review with a new id is its second.
    const [item] = await server.database.rows<{ reps: number }>(
      sql`SELECT reps FROM review_items WHERE item_type = 'flashcard' AND item_id = ${card.id} AND user_id = (SELECT user_id FROM review_log WHERE id = ${body.id}::uuid)`,
    );
    expect(item!.reps).toBe(1);
  });

  it("maps the two flashcard buttons: Needs Review = Again (due in minutes), Mastered = Good", async () => {
    const c = await member(server.url);
    const card = ((await c.get("/api/flashcards?section=8")).body as { id: number }[])[0]!;
    expect((await c.post("/api/flashcard-mastery", { flashcardId: card.id, mastered: false })).body).toEqual({
      flashcardId: card.id,
      mastered: false,
    });
    let queue = (await c.get("/api/review/queue")).body;
    expect(queue.items).toEqual([
      { itemType: "flashcard", itemId: card.id, due: expect.any(String), state: "learning" },
    ]);
    expect(new Date(queue.items[0].due).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(queue.dueNow).toBe(0);

    await c.post("/api/flashcard-mastery", { flashcardId: card.id, mastered: true });
    expect((await c.get("/api/flashcard-mastery")).body).toEqual([{ flashcardId: card.id, mastered: true }]);
    // A card rated Easy from the first time graduates at once and leaves the 24-hour window.
    const other = ((await c.get("/api/flashcards?section=9")).body as { id: number }[])[0]!;
    await c.post("/api/review", { id: randomUUID(), itemType: "flashcard", itemId: other.id, rating: 4 });
    queue = (await c.get("/api/review/queue")).body;
    expect(queue.items.map((i: { itemId: number }) => i.itemId)).not.toContain(other.id);
    expect((await c.get("/api/flashcard-mastery")).body).toContainEqual({ flashcardId: other.id, mastered: true });
  });

  it("answers bad input with a 400 or 404 and a reason, writing nothing", async () => {
    const c = await member(server.url);
    const card = ((await c.get("/api/flashcards?section=1")).body as { id: number }[])[0]!;
    for (const rating of [0, 5]) {
      const res = await c.post("/api/review", { id: randomUUID(), itemType: "flashcard", itemId: card.id, rating });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/rating/);
    }
    const unknown = await c.post("/api/review", { id: randomUUID(), itemType: "question", itemId: 987654, rating: 3 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Question 987654 does not exist/);
    const malformed = await c.post("/api/review", {
      id: "not-a-uuid",
      itemType: "flashcard",
      itemId: card.id,
      rating: 3,
    });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toMatch(/UUID/);
    expect((await c.get("/api/review/queue")).body).toEqual({ items: [], dueNow: 0 });
    expect((await c.get("/api/flashcard-mastery")).body).toEqual([]);
  });

  it("keeps the member's settings, and refuses values out of range", async () => {
    const c = await member(server.url);
    expect((await c.get("/api/review/settings")).body).toMatchObject({ desiredRetention: 0.9, fourButtons: false });
    const changed = await c.patch("/api/review/settings", { fourButtons: true, desiredRetention: 0.95 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ fourButtons: true, desiredRetention: 0.95 });
    expect((await c.patch("/api/review/settings", { desiredRetention: 0.5 })).status).toBe(400);
    expect((await c.patch("/api/review/settings", { timeZone: "Nowhere/Else" })).status).toBe(400);
    expect((await c.get("/api/review/settings")).body).toMatchObject({ fourButtons: true, desiredRetention: 0.95 });
  });

  it("is for signed-in people only", async () => {
    expect((await fetch(`${server.url}/api/review/queue`)).status).toBe(401);
  });
});

describe("GET /api/practice-test/questions with pool= and code=", () => {
  it("pool=incorrect returns only questions whose latest answer was wrong", async () => {
    const c = await member(server.url);
    const qs = (await c.get("/api/questions?section=15")).body as Q[];
    const [wrong, fixed, right] = qs;
    await c.post("/api/progress/question-attempt", { questionId: wrong!.id, userAnswer: wrongOf(wrong!) });
    await c.post("/api/progress/question-attempt", { questionId: fixed!.id, userAnswer: wrongOf(fixed!) });
    await c.post("/api/progress/question-attempt", { questionId: fixed!.id, userAnswer: fixed!.correctAnswer });
    await c.post("/api/progress/question-attempt", { questionId: right!.id, userAnswer: right!.correctAnswer });
    const res = await c.get("/api/practice-test/questions?sections=all&count=50&pool=incorrect");
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: { id: number }) => q.id)).toEqual([wrong!.id]);
    expect(res.body).toMatchObject({ pool: "incorrect", available: 1 });
    const availability = (await c.get("/api/practice-test/availability")).body;
    expect(availability.find((a: { sectionNumber: number }) => a.sectionNumber === 15)).toMatchObject({
      incorrect: 1,
      unused: qs.length - 3,
    });
    expect((await c.get("/api/practice-test/questions?pool=mine")).status).toBe(400);
  });

  it("the same code draws the same questions in the same order", async () => {
    const a = await member(server.url);
    const b = await member(server.url);
    const first = await a.get("/api/practice-test/questions?sections=2,5,11&count=20");
    expect(first.status).toBe(200);
    const code = first.body.code as string;
    const again = await b.get(`/api/practice-test/questions?code=${encodeURIComponent(code)}`);
    expect(again.status).toBe(200);
    expect(again.body.questions).toEqual(first.body.questions);
    expect(again.body.code).toBe(code);
    const bad = await b.get("/api/practice-test/questions?code=S-1-2");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("That test code is not valid.");
  });
});
