/** Over HTTP: a member downloads their data (GET /api/account/export) and deletes their account (DELETE /api/account). */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINKS_CLEARED, MEMBER_TABLES } from "../../../packages/api/src/services/account/deletion.ts";
import { ADMIN, admin, Client, MEMBER_PASSWORD, member, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

interface Question {
  id: number;
  questionType: string;
  options: string[] | null;
  correctAnswer: string;
}

const questionsOf = async (c: Client, section: number): Promise<Question[]> =>
  (await c.get(`/api/questions?section=${section}`)).body;

async function answer(c: Client, q: Question, correct: boolean) {
  const wrong = q.options ? q.options.find((o) => o !== q.correctAnswer)! : "not the answer";
  const id = randomUUID();
  const res = await c.post("/api/progress/question-attempt", {
    id,
    questionId: q.id,
    userAnswer: correct ? q.correctAnswer : wrong,
    timeTakenMs: 4000,
  });
  expect(res.status).toBe(200);
  return id;
}

/** Rows in any table of the database whose text holds `needle` (the member's e-mail), by table. */
async function rowsHolding(needle: string) {
  const tables = await server.database.rows<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await server.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} AS t WHERE strpos(t::text, ${needle}) > 0`,
    );
    if (row!.n > 0) found[name] = row!.n;
  }
  return found;
}

const emailOf = async (c: Client): Promise<string> => (await c.get("/api/auth/user")).body.email;

describe("GET /api/account/export", () => {
  it("gives the member's profile, every answer they gave, their flags, reports and tokens' names; 401 signed out", async () => {
    const c = await member(server.url, "Exa", "Porter");
    const [q1, q2] = await questionsOf(c, 19);
    const first = await answer(c, q1!, true);
    const second = await answer(c, q2!, false);
    expect((await c.post("/api/question-flags", { questionId: q2!.id, flagged: true })).status).toBe(200);
    expect(
      (
        await c.post("/api/reports", {
          itemType: "question",
          itemId: q2!.id,
          category: "unclear",
          comment: "Which base?",
        })
      ).status,
    ).toBe(201);
    expect((await c.post("/api/account/tokens", { name: "My export script", scope: "read" })).status).toBe(200);

    const res = await c.get("/api/account/export");
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.profile).toMatchObject({ firstName: "Exa", lastName: "Porter", email: await emailOf(c) });
    expect(doc.answers.map((a: { id: string }) => a.id)).toEqual([first, second]);
    expect(doc.answers[0]).toMatchObject({ questionId: q1!.id, userAnswer: q1!.correctAnswer, isCorrect: true });
    expect(doc.flags).toEqual([{ questionId: q2!.id, createdAt: expect.any(String) }]);
    expect(doc.reports[0]).toMatchObject({ itemId: q2!.id, category: "unclear", comment: "Which base?" });
    expect(doc.tokens.map((t: { name: string }) => t.name)).toEqual(["My export script"]);
    for (const part of ["tests", "mastery", "reviewItems", "reviewLog"]) expect(Array.isArray(doc[part])).toBe(true);
    // Never a password hash or a token's hash.
    expect(JSON.stringify(doc)).not.toMatch(/\$argon2|tokenHash|passwordHash/);

    expect((await new Client(server.url).get("/api/account/export")).status).toBe(401);
    const openapi = (await c.get("/api/openapi.json")).body;
    expect(openapi.paths["/account/export"]?.get).toBeDefined();
  });
});

describe("DELETE /api/account", () => {
  it("every table that refers to users is either cleared of the member or only loses its link", async () => {
    // Columns are named in camelCase in the schema and snake_case in the database.
    const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const listed = new Set([
      ...MEMBER_TABLES.map(({ table, userId }) => `${getTableConfig(table).name}.${snake(userId.name)}`),
      ...LINKS_CLEARED.map((c) => `${getTableConfig(c.table as PgTable).name}.${snake(c.name)}`),
    ]);
    const references = await server.database.rows<{ ref: string }>(sql`
      SELECT cl.relname || '.' || a.attname AS ref
      FROM pg_constraint c
      JOIN pg_class cl ON cl.oid = c.conrelid
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass`);
    expect(references.length).toBeGreaterThan(10);
    expect(references.map((r) => r.ref).filter((r) => !listed.has(r))).toEqual([]);
  });

  it("removes the member for good: no row holds their e-mail, and item analysis counts stay as they were", async () => {
    const leaving = await member(server.url, "Lea", "Ving");
    const staying = await member(server.url, "Stay", "Ing");
    const email = await emailOf(leaving);
    const { id } = (await leaving.get("/api/auth/user")).body;
    const questions = (await questionsOf(leaving, 22)).slice(0, 4);
    for (const [i, q] of questions.entries()) await answer(leaving, q, i % 2 === 0);
    await answer(leaving, questions[0]!, false); // a second answer: not a first one
    for (const q of questions.slice(0, 2)) await answer(staying, q, true);
    await leaving.post("/api/question-flags", { questionId: questions[1]!.id, flagged: true });
    await leaving.post("/api/reports", { itemType: "question", itemId: questions[1]!.id, category: "typo" });
    await leaving.patch("/api/review/settings", { newPerDay: 5 });
    const token = (await leaving.post("/api/account/tokens", { name: "script", scope: "read" })).body.token;
    // A refused sign-in puts the address in the audit trail and the sign-in limits.
    expect((await new Client(server.url).post("/api/login", { email, password: "not-my-password" })).status).toBe(401);
    const adminClient = await admin(server.url);
    const analysis = async () =>
      (await adminClient.get("/api/admin/item-analysis?section=22&refresh=true")).body.questions.filter(
        (q: { questionId: number }) => questions.some((x) => x.id === q.questionId),
      );
    const before = await analysis();
    expect(before.reduce((n: number, q: { firstAnswers: number }) => n + q.firstAnswers, 0)).toBeGreaterThanOrEqual(6);
    expect(Object.keys(await rowsHolding(email)).length).toBeGreaterThan(0);

    // Refused, writing nothing: no password, a wrong one, the password in the query string.
    for (const [path, body] of [
      ["/api/account", {}],
      ["/api/account", { password: "not-my-password" }],
      [`/api/account?password=${MEMBER_PASSWORD}`, undefined],
    ] as const) {
      const refused = await leaving.call("DELETE", path, body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/password/i);
    }
    expect((await leaving.get("/api/auth/user")).status).toBe(200);
    expect(await analysis()).toEqual(before);

    const res = await leaving.call("DELETE", "/api/account", { password: MEMBER_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });

    expect((await leaving.get("/api/auth/user")).status).toBe(401);
    expect((await new Client(server.url, token).get("/api/account/export")).status).toBe(401);
    expect(await rowsHolding(email)).toEqual({});
    const [left] = await server.database.rows<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM question_attempts WHERE user_id = ${id})
        + (SELECT count(*) FROM sessions WHERE user_id = ${id}) + (SELECT count(*) FROM users WHERE id = ${id}) AS n`);
    expect(Number(left!.n)).toBe(0);
    expect(await analysis()).toEqual(before);
    const [audit] = await server.database.rows<{ actor: number | null }>(
      sql`SELECT actor_user_id AS actor FROM audit_events WHERE kind = 'account.deleted' AND target_id = ${String(id)}`,
    );
    expect(audit).toEqual({ actor: null });
    // The one who stays keeps everything.
    expect((await staying.get("/api/progress/section")).body).toEqual([
      { sectionNumber: 22, questionsAttempted: 2, questionsCorrect: 2 },
    ]);
    // The address may sign up again, as a new member.
    expect((await new Client(server.url).post("/api/login", { email, password: MEMBER_PASSWORD })).status).toBe(401);
  });

  it("refuses the last admin (409) and keeps the account; 401 signed out", async () => {
    const adminClient = await admin(server.url);
    const res = await adminClient.call("DELETE", "/api/account", { password: ADMIN.password });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/last admin/);
    expect((await adminClient.get("/api/auth/user")).status).toBe(200);
    expect((await new Client(server.url).call("DELETE", "/api/account", { password: "x" })).status).toBe(401);
    const openapi = (await adminClient.get("/api/openapi.json")).body;
    const op = openapi.paths["/account"]?.delete;
    expect(op?.requestBody?.content?.["application/json"]?.schema?.properties?.password).toBeDefined();
    expect((op?.parameters ?? []).some((p: { name: string }) => p.name === "password")).toBe(false);
  });
});
