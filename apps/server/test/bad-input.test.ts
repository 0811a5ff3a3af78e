/**
 * What a refused request looks like over HTTP: status, `{ message, code, issues? }` and nothing written.
 * Which inputs each procedure refuses is tested beside the routers (packages/api/src/router/*.test.ts).
 */
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
           (SELECT count(*) FROM question_attempts)::int AS attempts, (SELECT count(*) FROM test_attempts)::int AS tests`);
  return row;
}

const goodQuestion = {
  sectionNumber: 5,
  questionType: "multiple-choice",
  questionText: "What is asked?",
  options: ["A", "B", "C", "D"],
  correctAnswer: "A",
  explanation: "A is right.",
};

describe("bad input over REST", () => {
  it("answers 400 with the reason and each invalid field's path, writing nothing", async () => {
    const before = await counts();
    const res = await a.post("/api/questions", { ...goodQuestion, sectionNumber: 33, options: ["A", "B", "", "D"] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "sectionNumber: Section must be from 1 to 32. options.2: Option 3 is required.",
      code: "BAD_REQUEST",
      issues: [
        { path: ["sectionNumber"], message: "Section must be from 1 to 32." },
        { path: ["options", "2"], message: "Option 3 is required." },
      ],
    });
    expect(await counts()).toEqual(before);
  });

  it("answers a rule broken across fields with { message, code } alone", async () => {
    const [q] = (await a.get("/api/questions?section=9")).body.filter(
      (x: { questionType: string }) => x.questionType === "multiple-choice",
    );
    const res = await a.patch(`/api/questions/${q.id}`, { correctAnswer: "not an option" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(/one of the options/), code: "BAD_REQUEST" });
  });

  it("checks query strings and path ids, which arrive as text", async () => {
    for (const path of [
      "/api/questions?section=abc",
      "/api/questions?section=7.5",
      "/api/practice-test/questions?count=0",
    ]) {
      const res = await m.get(path);
      expect([path, res.status, res.body.code]).toEqual([path, 400, "BAD_REQUEST"]);
    }
    const byPath = await a.patch("/api/questions/abc", { questionText: "x?" });
    expect(byPath.status).toBe(400);
    expect(byPath.body.issues[0].path).toEqual(["id"]);
  });

  it("refuses a body that is not a JSON object, and malformed JSON, with 400", async () => {
    const list = await m.call("POST", "/api/progress/question-attempt", "[1, 2]", {
      "content-type": "application/json",
    });
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ message: "The request body must be a JSON object.", code: "BAD_REQUEST" });
    const broken = await m.call("POST", "/api/progress/question-attempt", "{not json", {
      "content-type": "application/json",
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: expect.any(String), code: "BAD_REQUEST" });
  });

  it("keeps a __proto__ key in a body away from prototypes: REST refuses it, tRPC's input schema drops it", async () => {
    // Why this matters more with the patched tRPC: see packages/api/src/trpc-patch.test.ts.
    const body = '{"__proto__":{"isAdmin":true,"newPerDay":1},"newPerDay":7}';
    const headers = { "content-type": "application/json" };
    const before = (await m.get("/api/review/settings")).body;
    const rest = await m.call("PATCH", "/api/review/settings", body, headers);
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ message: expect.any(String), code: "BAD_REQUEST" });
    expect((await m.get("/api/review/settings")).body).toEqual(before);

    const trpc = await m.call("POST", "/api/trpc/review.updateSettings", body, headers);
    expect(trpc.status).toBe(200);
    expect((await m.get("/api/review/settings")).body).toEqual({ ...before, newPerDay: 7 });
    expect((await m.get("/api/auth/user")).body).toMatchObject({ isAdmin: false });
    expect((await m.get("/api/admin/users")).status).toBe(403);
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });

  it("answers 404 with { message, code } for something that does not exist, writing nothing", async () => {
    const before = await counts();
    const res = await m.post("/api/progress/question-attempt", { questionId: 999999, userAnswer: "a" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Question 999999 does not exist.", code: "NOT_FOUND" });
    expect(await counts()).toEqual(before);
  });
});
