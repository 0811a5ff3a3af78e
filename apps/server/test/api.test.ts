import { randomUUID } from "node:crypto";
import { readAllSections } from "@jcba/content";
import { sql } from "drizzle-orm";
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

describe("questions and flashcards", () => {
  it("lists the shipped bank by section with the documented fields", async () => {
    const c = await member(server.url);
    const res = await c.get("/api/questions?section=7");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(shippedQuestions(7));
    for (const q of res.body) {
      expect(Object.keys(q).sort()).toEqual([
        "alternatives",
        "citation",
        "correctAnswer",
        "explanation",
        "id",
        "options",
        "questionText",
        "questionType",
        "secondSource",
        "secondSourceLabel",
        "sectionNumber",
        "source",
        "sourceLabel",
      ]);
      expect(q.sectionNumber).toBe(7);
      if (q.questionType === "multiple-choice") {
        expect(q.options).toHaveLength(4);
        expect(q.options).toContain(q.correctAnswer);
      } else expect(q.options).toBeNull();
    }
    const all = await c.get("/api/questions");
    expect(all.body).toHaveLength(shipped.reduce((n, f) => n + f.data.questions.length, 0));
  });

  it("serves the 164-card deck, by section on request", async () => {
    const c = await member(server.url);
    const all = await c.get("/api/flashcards");
    expect(all.body).toHaveLength(164);
    const s2 = await c.get("/api/flashcards?section=2");
    expect(s2.body.length).toBe(shipped.find((f) => f.section === 2)!.data.flashcards.length);
    expect(Object.keys(s2.body[0]).sort()).toEqual([
      "citation",
      "definition",
      "id",
      "secondSource",
      "secondSourceLabel",
      "sectionNumber",
      "source",
      "sourceLabel",
      "term",
    ]);
  });

  it("lets an admin create, update and delete a question; members see the change", async () => {
    const m = await member(server.url);
    const created = await adminClient.post("/api/questions", {
      sectionNumber: 32,
      questionType: "multiple-choice",
      questionText: "Which test question is this?",
      options: ["One", "Two", "Three", "Four"],
      correctAnswer: "Two",
      explanation: "Because it is the second.",
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      sectionNumber: 32,
      correctAnswer: "Two",
      options: ["One", "Two", "Three", "Four"],
    });
    const id = created.body.id;
    expect((await m.get("/api/questions?section=32")).body.some((q: { id: number }) => q.id === id)).toBe(true);

    const updated = await adminClient.patch(`/api/questions/${id}`, {
      questionType: "fill-in-blank",
      options: null,
      correctAnswer: "two",
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      questionType: "fill-in-blank",
      options: null,
      correctAnswer: "two",
      questionText: "Which test question is this?",
    });

    const deleted = await adminClient.delete(`/api/questions/${id}`);
    expect(deleted.status).toBe(200);
    expect((await m.get("/api/questions?section=32")).body.some((q: { id: number }) => q.id === id)).toBe(false);
    expect((await adminClient.delete(`/api/questions/${id}`)).status).toBe(404);
  });

  it("lets an admin create, update and delete a flashcard", async () => {
    const created = await adminClient.post("/api/flashcards", {
      sectionNumber: 5,
      term: "Test term",
      definition: "A definition for the test.",
    });
    expect(created.status).toBe(200);
    const updated = await adminClient.patch(`/api/flashcards/${created.body.id}`, {
      definition: "A better definition.",
    });
    expect(updated.body).toMatchObject({ term: "Test term", definition: "A better definition.", sectionNumber: 5 });
    expect((await adminClient.delete(`/api/flashcards/${created.body.id}`)).body).toEqual({
      id: created.body.id,
      deleted: true,
    });
    expect((await adminClient.patch(`/api/flashcards/${created.body.id}`, { term: "x" })).status).toBe(404);
  });
});

describe("answers and progress", () => {
  it("grades on the server, ignoring isCorrect from the client", async () => {
    const c = await member(server.url);
    const [q] = (await c.get("/api/questions?section=3")).body;
    const wrong =
      q.questionType === "multiple-choice" ? q.options.find((o: string) => o !== q.correctAnswer) : "surely not this";
    const res = await c.post("/api/progress/question-attempt", {
      questionId: q.id,
      userAnswer: wrong,
      isCorrect: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      questionId: q.id,
      isCorrect: false,
      correctAnswer: q.correctAnswer,
      explanation: q.explanation,
    });
    expect(res.body.sectionProgress).toEqual({ sectionNumber: 3, questionsAttempted: 1, questionsCorrect: 0 });
  });

  it("grades fill-in answers ignoring case and surrounding spaces", async () => {
    const c = await member(server.url);
    const fill = (await c.get("/api/questions")).body.find(
      (q: { questionType: string }) => q.questionType === "fill-in-blank",
    );
    const res = await c.post("/api/progress/question-attempt", {
      questionId: fill.id,
      userAnswer: `  ${fill.correctAnswer.toUpperCase()} `,
    });
    expect(res.body.isCorrect).toBe(true);
  });

  it("counts a retried answer once, and counts distinct questions with the latest result", async () => {
    const c = await member(server.url);
    const qs = (await c.get("/api/questions?section=12")).body.slice(0, 3);
    const wrongOf = (q: any) =>
      q.questionType === "multiple-choice" ? q.options.find((o: string) => o !== q.correctAnswer) : "zzz";
    const id = randomUUID();
    const first = await c.post("/api/progress/question-attempt", {
      id,
      questionId: qs[0].id,
      userAnswer: qs[0].correctAnswer,
    });
    const retry = await c.post("/api/progress/question-attempt", {
      id,
      questionId: qs[0].id,
      userAnswer: qs[0].correctAnswer,
    });
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.body.sectionProgress).toEqual({ sectionNumber: 12, questionsAttempted: 1, questionsCorrect: 1 });
    await c.post("/api/progress/question-attempt", { questionId: qs[1].id, userAnswer: wrongOf(qs[1]) });
    await c.post("/api/progress/question-attempt", { questionId: qs[2].id, userAnswer: qs[2].correctAnswer });
    // Answering question 0 again, wrongly: still 3 distinct questions, now 1 correct.
    const again = await c.post("/api/progress/question-attempt", { questionId: qs[0].id, userAnswer: wrongOf(qs[0]) });
    expect(again.body.sectionProgress).toEqual({ sectionNumber: 12, questionsAttempted: 3, questionsCorrect: 1 });
    const list = await c.get("/api/progress/section");
    expect(list.body).toEqual([{ sectionNumber: 12, questionsAttempted: 3, questionsCorrect: 1 }]);
    const rows = await server.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM question_attempts WHERE id = ${id}::uuid`,
    );
    expect(rows[0]!.n).toBe(1);
    // POST /api/progress/section answers with the recomputed record, whatever counts are sent.
    const saved = await c.post("/api/progress/section", {
      sectionNumber: 12,
      questionsAttempted: 99,
      questionsCorrect: 99,
    });
    expect(saved.body).toEqual({ sectionNumber: 12, questionsAttempted: 3, questionsCorrect: 1 });
  });

  it("refuses a retry id used by someone else", async () => {
    const a = await member(server.url);
    const b = await member(server.url);
    const [q] = (await a.get("/api/questions?section=1")).body;
    const id = randomUUID();
    await a.post("/api/progress/question-attempt", { id, questionId: q.id, userAnswer: q.correctAnswer });
    const res = await b.post("/api/progress/question-attempt", { id, questionId: q.id, userAnswer: q.correctAnswer });
    expect(res.status).toBe(409);
    expect((await b.get("/api/progress/section")).body).toEqual([]);
  });

  it("keeps flashcard mastery per member", async () => {
    const c = await member(server.url);
    const [card] = (await c.get("/api/flashcards?section=4")).body;
    expect((await c.post("/api/flashcard-mastery", { flashcardId: card.id, mastered: true })).body).toEqual({
      flashcardId: card.id,
      mastered: true,
    });
    expect((await c.get("/api/flashcard-mastery")).body).toEqual([{ flashcardId: card.id, mastered: true }]);
    await c.post("/api/flashcard-mastery", { flashcardId: card.id, mastered: false });
    expect((await c.get("/api/flashcard-mastery")).body).toEqual([{ flashcardId: card.id, mastered: false }]);
    expect((await (await member(server.url)).get("/api/flashcard-mastery")).body).toEqual([]);
  });
});

describe("practice tests", () => {
  it("draws questions spread across the chosen sections without their answers", async () => {
    const c = await member(server.url);
    const res = await c.get("/api/practice-test/questions?sections=7,8,26&count=12");
    expect(res.status).toBe(200);
    expect(res.body.questions).toHaveLength(12);
    expect(res.body.available).toBe(shippedQuestions(7) + shippedQuestions(8) + shippedQuestions(26));
    for (const q of res.body.questions) {
      expect(q).not.toHaveProperty("correctAnswer");
      expect(q).not.toHaveProperty("explanation");
      expect([7, 8, 26]).toContain(q.sectionNumber);
    }
    const per = (s: number) =>
      res.body.questions.filter((q: { sectionNumber: number }) => q.sectionNumber === s).length;
    expect(per(7)).toBe(4);
    expect(per(8)).toBe(4);
    expect(per(26)).toBe(4);
    expect(JSON.stringify(res.body)).not.toContain("correctAnswer");
  });

  it("reports how many questions each section has", async () => {
    const res = await (await member(server.url)).get("/api/practice-test/availability");
    expect(res.body).toHaveLength(32);
    expect(res.body[6]).toEqual({ sectionNumber: 7, questions: shippedQuestions(7) });
  });

  it("grades a submitted test on the server, records it once, and lists it", async () => {
    const c = await member(server.url);
    const drawn = (await c.get("/api/practice-test/questions?sections=4&count=5")).body.questions;
    const bank = new Map((await c.get("/api/questions?section=4")).body.map((q: any) => [q.id, q]));
    const answers = drawn.map((q: any, i: number) => ({
      questionId: q.id,
      userAnswer: i < 3 ? (bank.get(q.id) as any).correctAnswer : i === 3 ? "definitely wrong" : null,
    }));
    const id = randomUUID();
    const res = await c.post("/api/test-attempts", { id, answers, timeSpentSeconds: 125 });
    expect(res.status).toBe(200);
    expect(res.body.attempt).toMatchObject({
      id,
      totalQuestions: 5,
      score: 60,
      timeSpentSeconds: 125,
      sectionsIncluded: [4],
    });
    expect(res.body.correctCount).toBe(3);
    expect(res.body.breakdown).toEqual([{ sectionNumber: 4, total: 5, correct: 3, percent: 60 }]);
    expect(res.body.review[4]).toMatchObject({ userAnswer: null, isCorrect: false });
    const again = await c.post("/api/test-attempts", { id, answers, timeSpentSeconds: 999 });
    expect(again.body.attempt.timeSpentSeconds).toBe(125);
    const list = await c.get("/api/test-attempts");
    expect(list.body).toHaveLength(1);
    expect(Object.keys(list.body[0]).sort()).toEqual([
      "createdAt",
      "id",
      "score",
      "sectionsIncluded",
      "timeSpentSeconds",
      "totalQuestions",
    ]);
    expect(new Date(list.body[0].createdAt).toISOString()).toBe(list.body[0].createdAt);
    // The answered questions count towards section progress (4 answered, 3 right).
    expect((await c.get("/api/progress/section")).body).toEqual([
      { sectionNumber: 4, questionsAttempted: 4, questionsCorrect: 3 },
    ]);
    const one = await c.get(`/api/test-attempts/${id}`);
    expect(one.body.review).toHaveLength(5);
    expect((await (await member(server.url)).get(`/api/test-attempts/${id}`)).status).toBe(404);
  });
});

describe("admin", () => {
  it("reports platform totals and users", async () => {
    const stats = await adminClient.get("/api/admin/stats");
    expect(stats.status).toBe(200);
    expect(Object.keys(stats.body).sort()).toEqual([
      "totalAttempts",
      "totalFlashcards",
      "totalQuestions",
      "totalUsers",
    ]);
    expect(stats.body.totalFlashcards).toBe(164);
    const users = await adminClient.get("/api/admin/users");
    expect(users.body.length).toBe(stats.body.totalUsers);
    expect(users.body.find((u: { isAdmin: boolean }) => u.isAdmin)).toMatchObject({ email: "admin@test.local" });
    for (const u of users.body) expect(u).not.toHaveProperty("passwordHash");
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

  it("answers malformed JSON with 400, not 500", async () => {
    const c = await member(server.url);
    const res = await c.call("POST", "/api/progress/question-attempt", "{not json", {
      "content-type": "application/json",
    });
    expect(res.status).toBe(400);
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
