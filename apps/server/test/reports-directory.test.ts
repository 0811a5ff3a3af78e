/**
 * Issue 12 over HTTP: a report's life from member to admin and back, the audit trail of admin writes,
 * the member directory (paging, search, the true total, roles, the last admin) and a disabled member
 * whose session and API token stop at once, on this server and on a second one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  admin,
  Client,
  completeSecondFactor,
  MEMBER_PASSWORD,
  member,
  startSecondServer,
  startServer,
  type TestServer,
  uniqueEmail,
} from "./harness.ts";

let server: TestServer;
let second: TestServer;
let boss: Client;

beforeAll(async () => {
  server = await startServer();
  second = await startSecondServer(server);
  boss = await admin(server.url);
});
afterAll(async () => {
  await second?.stop();
  await server?.stop();
});

const idOf = async (client: Client) => (await client.get("/api/auth/user")).body.id as number;

describe("report a problem", () => {
  it("goes from member to admin and back", async () => {
    const maria = await member(server.url);
    const [question] = (await maria.get("/api/questions?section=4")).body;
    const filed = await maria.post("/api/reports", {
      itemType: "question",
      itemId: question.id,
      category: "outdated",
      comment: "The 2019 letter changed this.",
    });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ status: "open", category: "outdated", item: { sectionNumber: 4 } });
    expect(
      (await maria.post("/api/reports", { itemType: "question", itemId: question.id, category: "typo" })).status,
    ).toBe(409);

    // Members get 403 on the admin paths; bad input is a 400 with a reason.
    expect((await maria.get("/api/admin/reports?status=open")).status).toBe(403);
    expect((await maria.patch(`/api/admin/reports/${filed.body.id}`, { status: "fixed" })).status).toBe(403);
    const bad = await boss.get("/api/admin/reports?status=closed");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/status must be open, fixed or rejected/);
    const badPost = await maria.post("/api/reports", { itemType: "quiz", itemId: "x", category: "typo" });
    expect(badPost.status).toBe(400);
    expect(badPost.body.message).toMatch(/itemType/);

    const queue = await boss.get("/api/admin/reports?status=open");
    expect(queue.status).toBe(200);
    expect(queue.body.reports.map((r: { id: number }) => r.id)).toContain(filed.body.id);
    const open = (await boss.get("/api/admin/reports/open-count")).body.open;
    const decided = await boss.patch(`/api/admin/reports/${filed.body.id}`, {
      status: "rejected",
      reply: "The 2019 letter did not change this rule.",
    });
    expect(decided.status).toBe(200);
    expect((await boss.get("/api/admin/reports/open-count")).body.open).toBe(open - 1);

    const mine = await maria.get("/api/reports");
    expect(mine.body.map((r: { status: string; reply: string }) => [r.status, r.reply])).toEqual([
      ["rejected", "The 2019 letter did not change this rule."],
    ]);
    const audit = await boss.get("/api/admin/audit?kind=report.decided&limit=1");
    expect(audit.body.events[0]).toMatchObject({
      kind: "report.decided",
      actor: { email: ADMIN.email },
      targetId: String(filed.body.id),
      before: { status: "open" },
      after: { status: "rejected" },
    });
  });
});

describe("audit trail", () => {
  it("records each admin write with before and after; members cannot read it", async () => {
    const created = await boss.post("/api/questions", {
      sectionNumber: 9,
      questionType: "multiple-choice",
      questionText: "Which one?",
      options: ["A", "B", "C", "D"],
      correctAnswer: "A",
      explanation: "A.",
    });
    expect(created.status).toBe(200);
    await boss.patch(`/api/questions/${created.body.id}`, { correctAnswer: "B" });
    await boss.delete(`/api/questions/${created.body.id}`);
    const trail = await boss.get("/api/admin/audit?kind=question&limit=3");
    expect(
      trail.body.events.map(
        (e: { kind: string; before: { correctAnswer?: string } | null; after: { correctAnswer?: string } | null }) => [
          e.kind,
          e.before?.correctAnswer ?? null,
          e.after?.correctAnswer ?? null,
        ],
      ),
    ).toEqual([
      ["question.deleted", "B", null],
      ["question.updated", "A", "B"],
      ["question.created", null, "A"],
    ]);
    expect(trail.body.events[0].ip).toBe("127.0.0.1");

    // Flashcards and imports too, each with what it was and what it became.
    const card = await boss.post("/api/flashcards", {
      sectionNumber: 2,
      term: "Deadhead",
      definition: "Riding along.",
    });
    await boss.patch(`/api/flashcards/${card.body.id}`, { definition: "Positive space travel." });
    await boss.delete(`/api/flashcards/${card.body.id}`);
    const imported = await boss.post("/api/admin/import", {
      kind: "flashcards",
      format: "json",
      dryRun: false,
      content: JSON.stringify([{ sectionNumber: 2, term: "Imported term", definition: "Imported definition." }]),
    });
    expect(imported.body.applied).toBe(true);
    const cards = await boss.get("/api/admin/audit?kind=flashcard&limit=4");
    expect(
      cards.body.events.map(
        (e: { kind: string; before: { definition?: string } | null; after: { definition?: string } | null }) => [
          e.kind,
          e.before?.definition ?? null,
          e.after?.definition ?? null,
        ],
      ),
    ).toEqual([
      ["flashcard.imported", null, "Imported definition."],
      ["flashcard.deleted", "Positive space travel.", null],
      ["flashcard.updated", "Riding along.", "Positive space travel."],
      ["flashcard.created", null, "Riding along."],
    ]);
    const maria = await member(server.url);
    expect((await maria.get("/api/admin/audit")).status).toBe(403);
    expect((await boss.get("/api/admin/audit?limit=1000")).status).toBe(400);
  });
});

describe("member directory", () => {
  it("pages and searches, with the true total", async () => {
    const tag = `Dir${Date.now()}`;
    for (const first of ["Ann", "Bea", "Cal"]) await member(server.url, first, tag);
    const page = await boss.get(`/api/admin/users?query=${tag.toLowerCase()}&limit=2&offset=0`);
    expect(page.status).toBe(200);
    expect(page.body.map((u: { firstName: string }) => u.firstName)).toEqual(["Ann", "Bea"]);
    const rest = await boss.get(`/api/admin/users?query=${tag}&limit=2&offset=2`);
    expect(rest.body.map((u: { firstName: string }) => u.firstName)).toEqual(["Cal"]);
    expect((await boss.get(`/api/admin/users/count?query=${tag}`)).body).toEqual({ total: 3 });
    const total = (await boss.get("/api/admin/users/count")).body.total;
    expect(total).toBe((await boss.get("/api/admin/stats")).body.totalUsers);
    const bad = await boss.get("/api/admin/users?limit=abc");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/limit/);
  });

  it("never demotes the last admin", async () => {
    const adminId = await idOf(boss);
    const res = await boss.patch(`/api/admin/users/${adminId}`, { isAdmin: false });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/last admin/);
    expect((await boss.get("/api/auth/user")).body.isAdmin).toBe(true);
  });

  it("makes a member an admin: the role applies at the member's next request", async () => {
    const email = uniqueEmail();
    const maria = await member(server.url, "Maria", "Lopez", email);
    const id = await idOf(maria);
    expect((await maria.get("/api/admin/stats")).status).toBe(403);
    expect((await boss.patch(`/api/admin/users/${id}`, { isAdmin: true })).status).toBe(200);
    // An admin now: admin paths ask for the second factor, which the new admin sets up in this session.
    expect((await maria.get("/api/admin/stats")).body.code).toBe("SECOND_FACTOR_REQUIRED");
    await completeSecondFactor(maria, email, "enrol");
    expect((await maria.get("/api/admin/stats")).status).toBe(200);
    expect((await boss.patch(`/api/admin/users/${id}`, { isAdmin: false })).status).toBe(200);
    expect((await maria.get("/api/admin/stats")).status).toBe(403);
    const roles = await boss.get("/api/admin/audit?kind=role.changed&limit=2");
    expect(
      roles.body.events.map((e: { targetId: string; before: { isAdmin: boolean }; after: { isAdmin: boolean } }) => [
        e.targetId,
        e.before.isAdmin,
        e.after.isAdmin,
      ]),
    ).toEqual([
      [String(id), true, false],
      [String(id), false, true],
    ]);
  });

  it("a disabled member's session and API token stop at once, on every server, and sign-in is refused", async () => {
    const email = uniqueEmail();
    const maria = await member(server.url, "Maria", "Lopez", email);
    const id = await idOf(maria);
    const token = (await maria.post("/api/account/tokens", { name: "script", scope: "read" })).body.token;
    const script = new Client(server.url, token);
    // The same session through the second server, so that it is cached there too.
    const elsewhere = new Client(second.url);
    elsewhere.cookie = maria.cookie;
    expect((await elsewhere.get("/api/progress/section")).status).toBe(200);
    expect((await script.get("/api/progress/section")).status).toBe(200);

    expect((await boss.patch(`/api/admin/users/${id}`, { disabled: true })).status).toBe(200);
    expect((await maria.get("/api/progress/section")).status).toBe(401);
    expect((await script.get("/api/progress/section")).status).toBe(401);
    expect((await elsewhere.get("/api/progress/section")).status).toBe(401);
    const signIn = await new Client(server.url).post("/api/login", { email, password: MEMBER_PASSWORD });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toMatch(/disabled/);

    expect((await boss.patch(`/api/admin/users/${id}`, { disabled: false })).status).toBe(200);
    expect((await new Client(server.url).post("/api/login", { email, password: MEMBER_PASSWORD })).status).toBe(200);
    // A disable ends the member's tokens for good: enabling the account again does not bring them back.
    expect((await script.get("/api/progress/section")).status).toBe(401);
  });
});
