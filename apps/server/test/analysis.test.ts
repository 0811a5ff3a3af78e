/** Over HTTP: what is stored with each answer, item analysis for admins only, GIFT and Aiken dry runs. */
import { randomUUID } from "node:crypto";
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

interface StoredAnswer {
  chosen_option: number | null;
  is_first: boolean | null;
  time_taken_ms: number | null;
}
const stored = async (id: string) =>
  (
    await server.database.rows<StoredAnswer>(
      sql`SELECT chosen_option, is_first, time_taken_ms FROM question_attempts WHERE id = ${id}::uuid`,
    )
  )[0];

describe("answers", () => {
  it("store the option chosen (its place in the stored list), the first answer and the time taken", async () => {
    const c = await member(server.url);
    const [q] = (await c.get("/api/questions?section=21")).body.filter(
      (x: { questionType: string }) => x.questionType === "multiple-choice",
    );
    const wrong = q.options.findIndex((o: string) => o !== q.correctAnswer);
    const first = randomUUID();
    const res = await c.post("/api/progress/question-attempt", {
      id: first,
      questionId: q.id,
      userAnswer: q.options[wrong],
      timeTakenMs: 5300,
    });
    expect(res.status).toBe(200);
    expect(await stored(first)).toEqual({ chosen_option: wrong, is_first: true, time_taken_ms: 5300 });
    // A script may leave the time out; a second answer is not the first.
    const second = randomUUID();
    await c.post("/api/progress/question-attempt", { id: second, questionId: q.id, userAnswer: q.correctAnswer });
    expect(await stored(second)).toEqual({
      chosen_option: q.options.indexOf(q.correctAnswer),
      is_first: false,
      time_taken_ms: null,
    });

    // Practice-test answers carry the same, per answer.
    const [, q2] = (await c.get("/api/questions?section=21")).body;
    const test = await c.post("/api/test-attempts", {
      answers: [{ questionId: q2.id, userAnswer: q2.correctAnswer, timeTakenMs: 12000 }],
      timeSpentSeconds: 12,
    });
    expect(test.status).toBe(200);
    const [row] = await server.database.rows<StoredAnswer>(
      sql`SELECT chosen_option, is_first, time_taken_ms FROM question_attempts WHERE test_attempt_id = ${test.body.attempt.id}::uuid`,
    );
    expect(row).toMatchObject({ is_first: true, time_taken_ms: 12000 });
  });

  it("refuse a time taken that is not a whole number of milliseconds up to a day, writing nothing", async () => {
    const c = await member(server.url);
    const [q] = (await c.get("/api/questions?section=22")).body;
    for (const timeTakenMs of [-5, 86_400_001, "soon"]) {
      const id = randomUUID();
      const res = await c.post("/api/progress/question-attempt", {
        id,
        questionId: q.id,
        userAnswer: q.correctAnswer,
        timeTakenMs,
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/timeTakenMs/);
      expect(await stored(id)).toBeUndefined();
    }
  });
});

describe("GET /api/admin/item-analysis", () => {
  it("answers admins with every question of the section, members with 403, bad sections with 400", async () => {
    const res = await adminClient.get("/api/admin/item-analysis?section=21");
    expect(res.status).toBe(200);
    expect(res.body.section).toBe(21);
    const questions = (await adminClient.get("/api/questions?section=21")).body;
    expect(res.body.questions.map((q: { questionId: number }) => q.questionId)).toEqual(
      questions.map((q: { id: number }) => q.id),
    );
    expect(res.body.questions[0]).toMatchObject({ firstAnswers: expect.any(Number), facility: null, flags: [] });

    const c = await member(server.url);
    expect((await c.get("/api/admin/item-analysis?section=21")).status).toBe(403);
    const again = await adminClient.get("/api/admin/item-analysis?section=21&refresh=true");
    expect(again.status).toBe(200);
    expect(Date.parse(again.body.computedAt)).toBeGreaterThanOrEqual(Date.parse(res.body.computedAt));
    for (const query of ["?section=0", "?section=abc", "", "?section=21&refresh=maybe"]) {
      const bad = await adminClient.get(`/api/admin/item-analysis${query}`);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toMatch(/section|refresh/i);
    }
    const doc = (await adminClient.get("/api/openapi.json")).body;
    expect(doc.paths["/admin/item-analysis"]?.get).toBeDefined();
  });
});

describe("POST /api/admin/import with GIFT and Aiken", () => {
  it("dry-runs a GIFT file: sections from $CATEGORY, other question types reported, nothing written", async () => {
    const before = (await adminClient.get("/api/questions?section=18")).body.length;
    const content = [
      "$CATEGORY: JCBA/Section 18",
      "Who decides a grievance appeal? {=The System Board ~The base manager ~The flight attendant ~Nobody}",
      "",
      "Name the union. {=AFA-CWA =AFA}",
      "",
      "Reserve is optional. {FALSE}",
    ].join("\n");
    const res = await adminClient.post("/api/admin/import", {
      kind: "questions",
      format: "gift",
      content,
      dryRun: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, applied: false, total: 3, creates: 2, invalid: 1 });
    expect(res.body.rows[2].problems.join(" ")).toMatch(/True\/false questions cannot be imported/);
    expect((await adminClient.get("/api/questions?section=18")).body).toHaveLength(before);
  });

  it("dry-runs an Aiken file into the chosen default section; members get 403", async () => {
    const content = "Which contract is this?\nA. JCBA\nB. FAR\nC. OSHA\nD. ADA\nANSWER: A\n";
    const res = await adminClient.post("/api/admin/import", {
      kind: "questions",
      format: "aiken",
      content,
      defaultSection: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, total: 1, creates: 1, invalid: 0 });
    const bad = await adminClient.post("/api/admin/import", { kind: "questions", format: "yaml", content });
    expect(bad.status).toBe(400);
    const c = await member(server.url);
    expect((await c.post("/api/admin/import", { kind: "questions", format: "aiken", content })).status).toBe(403);
  });
});
