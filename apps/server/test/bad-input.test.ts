/** Every write procedure rejects bad input with 400 and a reason, and writes nothing. */

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, type Client, member, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
let a: Client;
let m: Client;
beforeAll(async () => {
  server = await startServer();
  a = await admin(server.url);
  m = await member(server.url);
});
afterAll(async () => {
  await server.stop();
});

async function counts() {
  const [row] = await server.database.rows<Record<string, number>>(sql`
    SELECT (SELECT count(*) FROM questions)::int AS questions, (SELECT count(*) FROM flashcards)::int AS flashcards,
           (SELECT count(*) FROM question_attempts)::int AS attempts, (SELECT count(*) FROM question_results)::int AS results,
           (SELECT count(*) FROM flashcard_mastery)::int AS mastery, (SELECT count(*) FROM test_attempts)::int AS tests`);
  return row;
}

async function expectRejected(client: Client, method: string, path: string, body: unknown, reason: RegExp) {
  const before = await counts();
  const res = await client.call(method, path, body);
  expect(res.status, `${method} ${path} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.code).toBe("BAD_REQUEST");
  expect(res.body.message).toMatch(reason);
  expect(await counts()).toEqual(before);
}

const goodQuestion = {
  sectionNumber: 5,
  questionType: "multiple-choice",
  questionText: "What is asked?",
  options: ["A", "B", "C", "D"],
  correctAnswer: "A",
  explanation: "A is right.",
};

describe("questions", () => {
  it("rejects section 33, three options, an empty field and an answer outside the options", async () => {
    await expectRejected(
      a,
      "POST",
      "/api/questions",
      { ...goodQuestion, sectionNumber: 33 },
      /sectionNumber: Section must be from 1 to 32/,
    );
    await expectRejected(a, "POST", "/api/questions", { ...goodQuestion, sectionNumber: 0 }, /sectionNumber/);
    await expectRejected(
      a,
      "POST",
      "/api/questions",
      { ...goodQuestion, options: ["A", "B", "C"] },
      /exactly 4 options/,
    );
    await expectRejected(
      a,
      "POST",
      "/api/questions",
      { ...goodQuestion, options: ["A", "B", "", "D"] },
      /Option 3 is required/,
    );
    await expectRejected(
      a,
      "POST",
      "/api/questions",
      { ...goodQuestion, questionText: "   " },
      /Question text is required/,
    );
    await expectRejected(a, "POST", "/api/questions", { ...goodQuestion, explanation: "" }, /Explanation is required/);
    await expectRejected(
      a,
      "POST",
      "/api/questions",
      { ...goodQuestion, correctAnswer: "E" },
      /correct answer must be one of the options/,
    );
    await expectRejected(
      a,
      "POST",
      "/api/questions",
      { ...goodQuestion, questionType: "essay" },
      /multiple-choice or fill-in-blank/,
    );
    await expectRejected(a, "POST", "/api/questions", { ...goodQuestion, options: ["A", "a", "B", "C"] }, /different/);
  });

  it("rejects an update that breaks the rules and leaves the question as it was", async () => {
    const [q] = (await a.get("/api/questions?section=9")).body.filter(
      (x: { questionType: string }) => x.questionType === "multiple-choice",
    );
    await expectRejected(
      a,
      "PATCH",
      `/api/questions/${q.id}`,
      { correctAnswer: "not an option" },
      /one of the options/,
    );
    await expectRejected(a, "PATCH", `/api/questions/${q.id}`, { sectionNumber: 40 }, /sectionNumber/);
    await expectRejected(a, "PATCH", "/api/questions/abc", { questionText: "x" }, /id/);
    const after = (await a.get("/api/questions?section=9")).body.find((x: { id: number }) => x.id === q.id);
    expect(after).toEqual(q);
  });

  it("rejects a bad section filter", async () => {
    for (const s of ["0", "33", "abc", "7.5"]) expect((await m.get(`/api/questions?section=${s}`)).status).toBe(400);
  });
});

describe("flashcards", () => {
  it("rejects a missing term or definition and a bad section", async () => {
    await expectRejected(
      a,
      "POST",
      "/api/flashcards",
      { sectionNumber: 2, term: "", definition: "Something." },
      /Term is required/,
    );
    await expectRejected(a, "POST", "/api/flashcards", { sectionNumber: 2, term: "T" }, /Definition is required/);
    await expectRejected(
      a,
      "POST",
      "/api/flashcards",
      { sectionNumber: 99, term: "T", definition: "D" },
      /sectionNumber/,
    );
  });
});

describe("member writes", () => {
  it("rejects bad answers, progress, mastery and tests", async () => {
    const [q] = (await m.get("/api/questions?section=1")).body;
    await expectRejected(m, "POST", "/api/progress/question-attempt", { questionId: q.id }, /userAnswer/);
    await expectRejected(
      m,
      "POST",
      "/api/progress/question-attempt",
      { questionId: "x", userAnswer: "a" },
      /questionId/,
    );
    await expectRejected(
      m,
      "POST",
      "/api/progress/question-attempt",
      { id: "not-a-uuid", questionId: q.id, userAnswer: "a" },
      /id must be a UUID/,
    );
    await expectRejected(
      m,
      "POST",
      "/api/progress/section",
      { sectionNumber: 33, questionsAttempted: 1, questionsCorrect: 1 },
      /sectionNumber/,
    );
    await expectRejected(
      m,
      "POST",
      "/api/progress/section",
      { sectionNumber: 3, questionsAttempted: -1 },
      /cannot be negative/,
    );
    await expectRejected(m, "POST", "/api/flashcard-mastery", { flashcardId: 1, mastered: "yes" }, /mastered/);
    await expectRejected(
      m,
      "POST",
      "/api/test-attempts",
      { answers: [], timeSpentSeconds: 10 },
      /at least one question/,
    );
    await expectRejected(
      m,
      "POST",
      "/api/test-attempts",
      {
        answers: [
          { questionId: q.id, userAnswer: "a" },
          { questionId: q.id, userAnswer: "b" },
        ],
        timeSpentSeconds: 10,
      },
      /twice/,
    );
    await expectRejected(
      m,
      "POST",
      "/api/test-attempts",
      { answers: [{ questionId: q.id, userAnswer: "a" }], timeSpentSeconds: -5 },
      /negative/,
    );
    expect((await m.get("/api/practice-test/questions?sections=0,40")).status).toBe(400);
    expect((await m.get("/api/practice-test/questions?count=0")).status).toBe(400);
  });

  it("answers 404 for a question or flashcard that does not exist, writing nothing", async () => {
    const before = await counts();
    expect((await m.post("/api/progress/question-attempt", { questionId: 999999, userAnswer: "a" })).status).toBe(404);
    expect((await m.post("/api/flashcard-mastery", { flashcardId: 999999, mastered: true })).status).toBe(404);
    expect(
      (await m.post("/api/test-attempts", { answers: [{ questionId: 999999, userAnswer: "a" }], timeSpentSeconds: 1 }))
        .status,
    ).toBe(404);
    expect(await counts()).toEqual(before);
  });
});
