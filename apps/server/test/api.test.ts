/** What only HTTP shows: REST paths and their inputs, headers, error answers and the tRPC transport. */
import { randomUUID } from "node:crypto";
import { readAllSections } from "@jcba/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, type Client, member, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
let adminClient: Client;
beforeAll(async () => {
  server = await startServer();
  adminClient = await admin(server.url);
});
afterAll(async () => {
  await server.stop();
});

const shipped = readAllSections();
const shippedQuestions = (s: number) => shipped.find((f) => f.section === s)!.data.questions.length;

describe("REST paths", () => {
  it("serve procedures with query strings, path ids and JSON bodies, as the spec names them", async () => {
    const c = await member(server.url);
    const section = await c.get("/api/questions?section=7");
    expect(section.status).toBe(200);
    expect(section.body).toHaveLength(shippedQuestions(7));
    const [q] = section.body;
    const id = randomUUID();
    const answer = await c.post("/api/progress/question-attempt", {
      id,
      questionId: q.id,
      userAnswer: q.correctAnswer,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, questionId: q.id, isCorrect: true });
    expect((await c.get("/api/progress/section")).body).toEqual([
      { sectionNumber: 7, questionsAttempted: 1, questionsCorrect: 1 },
    ]);
    const drawn = await c.get("/api/practice-test/questions?sections=7,8&count=4");
    expect(drawn.body.sections).toEqual([7, 8]);
    const created = await adminClient.post("/api/flashcards", { sectionNumber: 5, term: "T", definition: "D." });
    const patched = await adminClient.patch(`/api/flashcards/${created.body.id}`, { definition: "Better." });
    expect(patched.body).toMatchObject({ id: created.body.id, definition: "Better." });
    expect((await adminClient.delete(`/api/flashcards/${created.body.id}`)).body).toEqual({
      id: created.body.id,
      deleted: true,
    });
    expect((await adminClient.delete(`/api/flashcards/${created.body.id}`)).status).toBe(404);
    const attempt = await c.get(`/api/test-attempts/${randomUUID()}`);
    expect(attempt.status).toBe(404);
  });

  it("send a JSON body with a mastered of false as false", async () => {
    const c = await member(server.url);
    const [card] = (await c.get("/api/flashcards?section=4")).body;
    await c.post("/api/flashcard-mastery", { flashcardId: card.id, mastered: true });
    expect((await c.post("/api/flashcard-mastery", { flashcardId: card.id, mastered: false })).body).toEqual({
      flashcardId: card.id,
      mastered: false,
    });
    expect((await c.get("/api/flashcard-mastery")).body).toEqual([{ flashcardId: card.id, mastered: false }]);
  });
});

describe("a queued write names its member (X-Member-Id)", () => {
  const answerOf = async (c: Client) => {
    const [q] = (await c.get("/api/questions?section=6")).body;
    return { id: randomUUID(), questionId: q.id, userAnswer: q.correctAnswer };
  };
  const idOf = async (c: Client) => (await c.get("/api/auth/user")).body.id as number;

  it("is recorded for that member, and refused with 409 for anyone else signed in, changing nothing", async () => {
    const ana = await member(server.url, "Ana");
    const ben = await member(server.url, "Ben");
    const anaId = await idOf(ana);
    const input = await answerOf(ben);
    const trpc = (c: Client, memberId: string) =>
      c.call("POST", "/api/trpc/progress.questionAttempt", input, { "x-member-id": memberId });

    const refused = await trpc(ben, String(anaId));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/another member/);
    const rest = await ben.call("POST", "/api/progress/question-attempt", input, { "x-member-id": String(anaId) });
    expect(rest.status).toBe(409);
    expect((await ben.get("/api/progress/section")).body).toEqual([]);

    const accepted = await trpc(ana, String(anaId));
    expect(accepted.status).toBe(200);
    expect((await ana.get("/api/progress/section")).body).toEqual([
      { sectionNumber: 6, questionsAttempted: 1, questionsCorrect: 1 },
    ]);
  });

  it("must hold a member's id", async () => {
    const c = await member(server.url);
    for (const bad of ["abc", "0", "-1", "1e3", "99999999999"]) {
      const res = await c.call("POST", "/api/progress/question-attempt", await answerOf(c), { "x-member-id": bad });
      expect(res.status, bad).toBe(400);
    }
    expect((await c.get("/api/progress/section")).body).toEqual([]);
  });
});

describe("errors", () => {
  it("sends security headers on API answers and pages", async () => {
    const res = await (await member(server.url)).get("/api/questions?section=1");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const page = await fetch(`${server.url}/api/login`);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await (await member(server.url)).get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "NOT_FOUND" });
  });

  it("serves the tRPC transport with the same rules", async () => {
    const c = await member(server.url);
    const res = await c.get(`/api/trpc/questions.list?input=${encodeURIComponent(JSON.stringify({ section: 9 }))}`);
    expect(res.status).toBe(200);
    expect(res.body.result.data).toHaveLength(shippedQuestions(9));
    const signedOut = await fetch(`${server.url}/api/trpc/auth.user`);
    expect(signedOut.status).toBe(401);
  });
});
