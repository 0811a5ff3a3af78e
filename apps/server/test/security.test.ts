/** OWASP ASVS level 2 findings, each tried against the running server (issue: security to ASVS L2). */
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { createDatabase, users } from "@jcba/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "../src/auth/users.ts";
import { buildApp } from "../src/http/app.ts";
import { loadConfig } from "../src/process/config.ts";
import {
  ADMIN,
  admin,
  Client,
  loginForm,
  MEMBER_PASSWORD,
  member,
  newDatabaseLocation,
  startSecondServer,
  startServer,
  type TestServer,
  uniqueEmail,
} from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

const json = { "content-type": "application/json" };
const form = { "content-type": "application/x-www-form-urlencoded" };
const emailOf = async (c: Client) => (await c.get("/api/auth/user")).body.email as string;
const auditKinds = async (userId: number) =>
  (
    await server.database.rows<{ kind: string }>(
      sql`SELECT kind FROM audit_events WHERE actor_user_id = ${userId} ORDER BY id`,
    )
  ).map((r) => r.kind);

describe("1. sign-in limits that cannot be dodged", () => {
  it("refuses TRUST_PROXY=true and takes a hop count or proxy addresses", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: true would trust any client/);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "127.0.0.1"]);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(/not a hop count/);
  });

  it("behind one proxy, a client rotating its own X-Forwarded-For is still limited by its real address", async () => {
    const proxied = await startSecondServer(server, { TRUST_PROXY: "1" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        // The client sends a made-up address; the proxy appends the one it saw.
        const res = await new Client(proxied.url).call(
          "POST",
          "/api/login",
          { email: `nobody${i}@test.local`, password: "wrong-password-1" },
          { "x-forwarded-for": `198.51.100.${i}, 203.0.113.77` },
        );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await proxied.stop();
    }
  });

  it("limits successful sign-ups per address", async () => {
    const capped = await startSecondServer(server, { SIGNUP_LIMIT: "3" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (
            await new Client(capped.url).call(
              "POST",
              "/api/register",
              { email: uniqueEmail(), password: MEMBER_PASSWORD, firstName: "A", lastName: "B" },
              { "x-forwarded-for": "ignored-without-trust-proxy" },
            )
          ).status,
        );
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await capped.stop();
      await server.database.rows(sql`DELETE FROM auth_limits WHERE key LIKE 'signup-ip:%'`);
    }
  });

  it("holds a limit reached on one server on another server of the same database (as after a restart)", async () => {
    const c = await member(server.url);
    const email = await emailOf(c);
    for (let i = 0; i < 5; i++)
      expect((await new Client(server.url).post("/api/login", { email, password: `wrong-${i}-password` })).status).toBe(
        401,
      );
    const other = await startSecondServer(server);
    try {
      const res = await new Client(other.url).post("/api/login", { email, password: MEMBER_PASSWORD });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      await other.stop();
    }
  });
});

describe("2. sign-up that cannot be taken over", () => {
  it("refuses short and common passwords, 'password' included", async () => {
    for (const password of ["password", "short-pw", "1qaz2wsx3edc", "QWERTYUIOPASDFGH"]) {
      const res = await new Client(server.url).post("/api/register", {
        email: uniqueEmail(),
        password,
        firstName: "A",
        lastName: "B",
      });
      expect([password, res.status]).toEqual([password, 400]);
      expect(res.body.message).toMatch(/password/i);
    }
  });

  it("takes only the allowed e-mail domains and the invitation code when they are set", async () => {
    const closed = await startSecondServer(server, { SIGNUP_DOMAINS: "union.example", SIGNUP_CODE: "wings-2026" });
    try {
      const base = { password: MEMBER_PASSWORD, firstName: "A", lastName: "B" };
      const wrongDomain = await new Client(closed.url).post("/api/register", {
        ...base,
        email: "x@gmail.example",
        code: "wings-2026",
      });
      expect(wrongDomain.status).toBe(403);
      const noCode = await new Client(closed.url).post("/api/register", { ...base, email: "a1@union.example" });
      expect(noCode.status).toBe(403);
      const wrongCode = await new Client(closed.url).post("/api/register", {
        ...base,
        email: "a2@union.example",
        code: "wings-2025",
      });
      expect(wrongCode.status).toBe(403);
      const ok = await new Client(closed.url).post("/api/register", {
        ...base,
        email: "a3@union.example",
        code: "wings-2026",
      });
      expect(ok.status).toBe(200);
      const page = await new Client(closed.url).get("/api/login?mode=signup");
      expect(page.body).toContain("Invitation code");
      expect(page.body).toContain("@union.example");
    } finally {
      await closed.stop();
    }
  });
});

describe("3. sessions", () => {
  it("ADMIN_EMAIL does not promote a self-registered account unless ADMIN_PROMOTE_EXISTING is set", async () => {
    const c = await member(server.url);
    const email = await emailOf(c);
    await expect(ensureAdmin(server.database, email, "a-new-admin-password")).rejects.toThrow(
      /ADMIN_PROMOTE_EXISTING=true/,
    );
    expect((await c.get("/api/auth/user")).body.isAdmin).toBe(false);
    await ensureAdmin(server.database, email, "a-new-admin-password", {
      promoteExisting: true,
      sessions: server.sessions,
    });
    // Promoted, and the sessions from before the promotion have ended.
    expect((await c.get("/api/auth/user")).status).toBe(401);
    const again = new Client(server.url);
    expect((await again.post("/api/login", { email, password: "a-new-admin-password" })).body.user.isAdmin).toBe(true);
  });

  it("changing the password ends every other session of the account and keeps this one", async () => {
    const email = uniqueEmail();
    const here = await member(server.url, "Pat", "Change", email);
    const elsewhere = new Client(server.url);
    await elsewhere.post("/api/login", { email, password: MEMBER_PASSWORD });
    expect((await elsewhere.get("/api/auth/user")).status).toBe(200);
    const wrong = await here.post("/api/account/password", {
      currentPassword: "not-my-password",
      newPassword: "a-fresh-password-9",
    });
    expect(wrong.status).toBe(400);
    const common = await here.post("/api/account/password", {
      currentPassword: MEMBER_PASSWORD,
      newPassword: "1qaz2wsx3edc",
    });
    expect(common.status).toBe(400);
    const res = await here.post("/api/account/password", {
      currentPassword: MEMBER_PASSWORD,
      newPassword: "a-fresh-password-9",
    });
    expect(res.status).toBe(200);
    expect((await here.get("/api/auth/user")).status).toBe(200);
    expect((await elsewhere.get("/api/auth/user")).status).toBe(401);
    expect((await new Client(server.url).post("/api/login", { email, password: MEMBER_PASSWORD })).status).toBe(401);
    expect((await new Client(server.url).post("/api/login", { email, password: "a-fresh-password-9" })).status).toBe(
      200,
    );
    const id = (await here.get("/api/auth/user")).body.id;
    expect(await auditKinds(id)).toContain("password.changed");
  });

  it("ends an admin session 12 hours after sign-in and a member session after 30 days, however it is used", async () => {
    const a = await admin(server.url);
    const adminToken = a.cookie!.split("=")[1]!;
    const m = await member(server.url);
    const memberToken = m.cookie!.split("=")[1]!;
    const { hashToken } = await import("../src/auth/sessions.ts");
    await server.database.rows(
      sql`UPDATE sessions SET created_at = now() - interval '13 hours' WHERE id = ${hashToken(adminToken)}`,
    );
    await server.database.rows(
      sql`UPDATE sessions SET created_at = now() - interval '29 days' WHERE id = ${hashToken(memberToken)}`,
    );
    expect((await a.get("/api/auth/user")).status).toBe(401);
    expect((await m.get("/api/auth/user")).status).toBe(200);
    await server.database.rows(
      sql`UPDATE sessions SET created_at = now() - interval '31 days' WHERE id = ${hashToken(memberToken)}`,
    );
    // Read by a server that has not cached it (this one remembers it for a few seconds).
    const other = await startSecondServer(server);
    try {
      const replay = new Client(other.url);
      replay.cookie = m.cookie;
      expect((await replay.get("/api/auth/user")).status).toBe(401);
    } finally {
      await other.stop();
    }
  });

  it("a logout, a demotion or an ended session takes effect on this server at once, cache or not", async () => {
    const c = await member(server.url);
    expect((await c.get("/api/auth/user")).status).toBe(200); // now cached
    const id = (await c.get("/api/auth/user")).body.id;
    await server.sessions.invalidateUser(id);
    expect((await c.get("/api/auth/user")).status).toBe(401);
  });

  // Needs the database invalidation bus (LISTEN/NOTIFY) that clears other processes' session caches.
  it("a logout on one server is refused on another within a second", async () => {
    const other = await startSecondServer(server);
    try {
      const c = await member(server.url);
      const there = new Client(other.url);
      there.cookie = c.cookie;
      expect((await there.get("/api/auth/user")).status).toBe(200);
      await c.post("/api/logout", {});
      // The other server hears of it through the database (LISTEN/NOTIFY), not after a cache expires.
      const started = Date.now();
      while ((await there.get("/api/auth/user")).status !== 401) {
        expect(Date.now() - started).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await other.stop();
    }
  });
});

describe("4. CSRF", () => {
  const question = {
    sectionNumber: 4,
    questionType: "fill-in-blank",
    questionText: "Made by a cross-site form?",
    correctAnswer: "no",
    explanation: "It must not be.",
  };
  const countMade = async () =>
    (
      await server.database.rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM questions WHERE question_text = ${question.questionText}`,
      )
    )[0]!.n;

  it("an admin's cookie cannot create a question from a cross-site form or fetch", async () => {
    const a = await admin(server.url);
    const body = new URLSearchParams(
      Object.entries(question).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const htmlForm = await a.call("POST", "/api/questions", body, { ...form, origin: "https://evil.example" });
    expect(htmlForm.status).toBe(403);
    const noOrigin = await a.call("POST", "/api/questions", body, form);
    expect(noOrigin.status).toBe(415);
    expect(noOrigin.body).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", message: expect.any(String) });
    const textPlain = await a.call("POST", "/api/questions", JSON.stringify(question), {
      "content-type": "text/plain",
    });
    expect(textPlain.status).toBe(415);
    const crossSiteJson = await a.call("POST", "/api/questions", question, { ...json, "sec-fetch-site": "cross-site" });
    expect(crossSiteJson.status).toBe(403);
    const crossTrpc = await a.call("POST", "/api/trpc/questions.create", question, { origin: "https://evil.example" });
    expect(crossTrpc.status).toBe(403);
    expect(await countMade()).toBe(0);
    const sameSite = await a.call("POST", "/api/questions", question, { ...json, "sec-fetch-site": "same-origin" });
    expect(sameSite.status).toBe(200);
    await a.delete(`/api/questions/${sameSite.body.id}`);
  });

  it("sign-in and sign-up forms need their form token", async () => {
    const noToken = await new Client(server.url).call(
      "POST",
      "/api/login",
      `email=${encodeURIComponent(ADMIN.email)}&password=${encodeURIComponent(ADMIN.password)}`,
      form,
    );
    expect(noToken.status).toBe(303);
    expect(noToken.headers.get("location")).toBe("/api/login?error=expired");
    expect(noToken.headers.get("set-cookie") ?? "").not.toContain("jcba_session");
    const { csrf, cookie } = await loginForm(server.url);
    const otherToken = await new Client(server.url).call(
      "POST",
      "/api/register",
      `_csrf=${csrf.replace(/^./, (c) => (c === "A" ? "B" : "A"))}&email=x%40y.example&password=long-enough-password&firstName=A&lastName=B`,
      { ...form, cookie },
    );
    expect(otherToken.headers.get("location")).toBe("/api/login?error=expired");
  });

  it("logout is a POST; GET /api/logout signs out only on a same-origin navigation", async () => {
    const c = await member(server.url);
    const fromElsewhere = await c.call("GET", "/api/logout", undefined, { "sec-fetch-site": "cross-site" });
    expect(fromElsewhere.status).toBe(200);
    expect(fromElsewhere.body).toContain("Sign out");
    expect((await c.get("/api/auth/user")).status).toBe(200);
    const crossPost = await c.call("POST", "/api/logout", {}, { ...json, origin: "https://evil.example" });
    expect(crossPost.status).toBe(403);
    expect((await c.get("/api/auth/user")).status).toBe(200);
    const post = await c.call("POST", "/api/logout", {}, json);
    expect(post.status).toBe(200);
    expect((await c.get("/api/auth/user")).status).toBe(401);
    const d = await member(server.url);
    const nav = await d.call("GET", "/api/logout", undefined, { "sec-fetch-site": "same-origin" });
    expect(nav.status).toBe(303);
    expect((await d.get("/api/auth/user")).status).toBe(401);
  });

  it("leaves Bearer-token calls alone", async () => {
    const c = await member(server.url);
    const made = await c.post("/api/account/tokens", { name: "script", scope: "write" });
    const script = new Client(server.url, made.body.token);
    const [q] = (await script.get("/api/questions?section=2")).body;
    const res = await script.call(
      "POST",
      "/api/progress/question-attempt",
      { questionId: q.id, userAnswer: "x" },
      { ...json, origin: "https://somewhere.example" },
    );
    expect(res.status).toBe(200);
  });
});

describe("5. API tokens", () => {
  it("expire, have a scope and a last-used time, and can be revoked at once", async () => {
    const c = await member(server.url);
    const made = await c.post("/api/account/tokens", { name: "nightly", scope: "read" });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ name: "nightly", scope: "read", lastUsedAt: null });
    const days = (new Date(made.body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThan(91);
    const reader = new Client(server.url, made.body.token);
    expect((await reader.get("/api/questions?section=1")).status).toBe(200);
    const [q] = (await reader.get("/api/questions?section=1")).body;
    const write = await reader.post("/api/progress/question-attempt", { questionId: q.id, userAnswer: "x" });
    expect(write.status).toBe(403);
    expect(write.body.message).toMatch(/read-only/);
    // A token cannot make more tokens or change the password.
    expect((await reader.post("/api/account/tokens", { name: "more" })).status).toBe(403);
    const listed = (await c.get("/api/account/tokens")).body;
    expect(listed).toHaveLength(1);
    expect(listed[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(made.body.token);
    expect((await c.delete(`/api/account/tokens/${made.body.id}`)).status).toBe(200);
    expect((await reader.get("/api/questions?section=1")).status).toBe(401);
    expect((await c.delete(`/api/account/tokens/${made.body.id}`)).status).toBe(404);

    const expiring = await c.post("/api/account/tokens", { name: "old", scope: "write", expiresInDays: 1 });
    await server.database.rows(
      sql`UPDATE api_tokens SET expires_at = now() - interval '1 minute' WHERE id = ${expiring.body.id}`,
    );
    const other = await startSecondServer(server);
    try {
      expect((await new Client(other.url, expiring.body.token).get("/api/auth/user")).status).toBe(401);
    } finally {
      await other.stop();
    }
    const id = (await c.get("/api/auth/user")).body.id;
    expect(await auditKinds(id)).toEqual(expect.arrayContaining(["token.created", "token.used", "token.revoked"]));
  });

  it("another member cannot revoke a token that is not theirs", async () => {
    const owner = await member(server.url);
    const made = await owner.post("/api/account/tokens", { name: "mine" });
    const stranger = await member(server.url);
    expect((await stranger.delete(`/api/account/tokens/${made.body.id}`)).status).toBe(404);
    expect((await new Client(server.url, made.body.token).get("/api/auth/user")).status).toBe(200);
  });
});

describe("6. errors never leak or crash", () => {
  it("answers 400 to control characters in any text field, on both transports, without SQL in the answer", async () => {
    const m = await member(server.url);
    const [q] = (await m.get("/api/questions?section=3")).body;
    const rest = await m.post("/api/progress/question-attempt", { questionId: q.id, userAnswer: "a\u0000b" });
    expect(rest.status).toBe(400);
    const trpc = await m.post("/api/trpc/progress.questionAttempt", { questionId: q.id, userAnswer: "\u0000" });
    expect(trpc.status).toBe(400);
    const test = await m.post("/api/test-attempts", {
      answers: [{ questionId: q.id, userAnswer: "x\u0000" }],
      timeSpentSeconds: 5,
    });
    expect(test.status).toBe(400);
    const a = await admin(server.url);
    const created = await a.post("/api/flashcards", { sectionNumber: 2, term: "T\u001b[31m", definition: "D" });
    expect(created.status).toBe(400);
    for (const res of [rest, trpc, test, created]) expect(JSON.stringify(res.body)).not.toMatch(/insert|select|\$1/i);
  });

  it("answers every 500 with the generic message and a request id on both transports; the detail is logged", async () => {
    const lines: string[] = [];
    const location = await newDatabaseLocation();
    const database = await createDatabase({ ...location, maxConnections: 4 });
    await database.migrate();
    await ensureAdmin(database, ADMIN.email, ADMIN.password);
    const { app } = await buildApp({
      config: loadConfig({ LOG_LEVEL: "info", WEB_DIST: "/nonexistent", SIGNUP_LIMIT: "1000" }),
      database,
      logStream: new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const m = await member(url);
      await database.rows(sql`DROP TABLE flashcard_mastery`); // a fault no client can cause
      const rest = await m.get("/api/flashcard-mastery");
      const trpc = await m.get("/api/trpc/mastery.list");
      expect(rest.status).toBe(500);
      expect(rest.body).toEqual({
        message: "Something went wrong on our side. Please try again.",
        code: "INTERNAL_SERVER_ERROR",
        requestId: expect.any(String),
      });
      expect(trpc.status).toBe(500);
      expect(trpc.body.error.message).toBe("Something went wrong on our side. Please try again.");
      expect(trpc.body.error.data.requestId).toEqual(expect.any(String));
      expect(JSON.stringify([rest.body, trpc.body])).not.toMatch(/flashcard_mastery|select|relation/i);
      const logged = lines.filter((l) => l.includes("procedure failed"));
      expect(logged.some((l) => l.includes(rest.body.requestId) && l.includes("flashcard_mastery"))).toBe(true);

      // A database error carrying a password hash among its parameters is logged without it.
      const err = await database.db
        .insert(users)
        .values({ email: "UPPER@TEST.LOCAL", passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g" })
        .catch((e: unknown) => e);
      app.log.error({ err }, "request failed");
      const line = lines.at(-1)!;
      expect(line).toContain("users_email_lowercase");
      expect(line).not.toContain("argon2");
      expect(lines.join("")).not.toMatch(/\$argon2id\$/);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("answers 4xx to ?error=constructor, an import of [null], and 413/415 with { message, code }", async () => {
    const page = await new Client(server.url).get("/api/login?error=constructor&mode=__proto__");
    expect(page.status).toBe(200);
    const a = await admin(server.url);
    for (const content of ["[null]", '[1, "x", []]', "null", "{}"]) {
      const res = await a.post("/api/admin/import", { kind: "questions", format: "json", content, dryRun: true });
      expect([content, res.status]).toEqual([content, 200]);
      expect(res.body.invalid + (res.body.error ? 1 : 0)).toBeGreaterThan(0);
    }
    const big = await new Client(server.url).call(
      "POST",
      "/api/login",
      { email: "a@b.example", password: "x".repeat(20_000) },
      json,
    );
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: expect.any(String), code: "PAYLOAD_TOO_LARGE" });
    const xml = await a.call("POST", "/api/flashcards", "<x/>", { "content-type": "application/xml" });
    expect(xml.status).toBe(415);
    expect(xml.body).toEqual({ message: expect.any(String), code: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it("answers concurrent test submissions without a 5xx, recording each id once", async () => {
    const m = await member(server.url);
    const questions = (await m.get("/api/practice-test/questions?count=30")).body.questions as { id: number }[];
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const submissions = Array.from({ length: 12 }, (_, i) => {
      const answers = [...questions]
        .sort(() => Math.random() - 0.5)
        .map((q) => ({ questionId: q.id, userAnswer: "x" }));
      return m.post("/api/test-attempts", { id: ids[i % ids.length], answers, timeSpentSeconds: 60 });
    });
    const statuses = (await Promise.all(submissions)).map((r) => r.status);
    expect(statuses.every((s) => s < 500)).toBe(true);
    expect((await m.get("/api/test-attempts")).body).toHaveLength(4);
  });
});

describe("7. limits", () => {
  it("gives a client REQUEST_TIMEOUT_MS to send its request", async () => {
    const config = loadConfig({ REQUEST_TIMEOUT_MS: "5000", WEB_DIST: "/nonexistent" });
    const { app } = await buildApp({ config, database: server.database });
    try {
      await app.ready();
      expect(app.server.requestTimeout).toBe(5000);
    } finally {
      await app.close();
    }
  });

  it("marks authenticated answers Cache-Control: no-store", async () => {
    const m = await member(server.url);
    for (const path of ["/api/auth/user", "/api/questions?section=1", "/api/trpc/progress.sections"])
      expect([path, (await m.get(path)).headers.get("cache-control")]).toEqual([path, "no-store"]);
  });

  it("neutralises CSV cells that start with = + - @ and imports the file back unchanged", async () => {
    const a = await admin(server.url);
    const made = await a.post("/api/flashcards", {
      sectionNumber: 31,
      term: '=HYPERLINK("https://evil.example","click")',
      definition: "@SUM(A1:A2) and +1 and -1",
    });
    expect(made.status).toBe(200);
    try {
      const csv = (await a.get("/api/admin/export?kind=flashcards&format=csv")).body.content as string;
      const line = csv.split(/\r?\n/).find((l) => l.startsWith(`${made.body.id},`))!;
      expect(line).toContain(`"'=HYPERLINK(`);
      expect(line).toContain(`"'@SUM(A1:A2)`);
      const back = await a.post("/api/admin/import", { kind: "flashcards", format: "csv", content: csv, dryRun: true });
      expect(back.body.invalid).toBe(0);
      const applied = await a.post("/api/admin/import", {
        kind: "flashcards",
        format: "csv",
        content: csv,
        dryRun: false,
      });
      expect(applied.status).toBe(200);
      const after = (await a.get("/api/flashcards?section=31")).body.find((f: { id: number }) => f.id === made.body.id);
      expect(after.term).toBe('=HYPERLINK("https://evil.example","click")');
    } finally {
      await a.delete(`/api/flashcards/${made.body.id}`);
    }
  });

  it("refuses an import of more rows than the limit before checking them", async () => {
    const a = await admin(server.url);
    const rows = Array.from({ length: 5001 }, (_, i) => ({ sectionNumber: 1, term: `t${i}`, definition: "d" }));
    const res = await a.post("/api/admin/import", {
      kind: "flashcards",
      format: "json",
      content: JSON.stringify(rows),
      dryRun: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.error).toMatch(/at most 5000/);
  });
});

describe("9. security events", () => {
  it("records failed and successful sign-ins, lockouts and sign-outs with the user and the request id", async () => {
    const email = uniqueEmail();
    const c = await member(server.url, "Audit", "Trail", email);
    const id = (await c.get("/api/auth/user")).body.id;
    await new Client(server.url).post("/api/login", { email, password: "wrong-password-x" });
    await c.post("/api/logout", {});
    expect(await auditKinds(id)).toEqual(["signup.success", "signin.success", "signout"]);
    const failures = await server.database.rows<{ kind: string; request_id: string | null; target_id: string }>(
      sql`SELECT kind, request_id, target_id FROM audit_events WHERE kind = 'signin.failure' AND target_id = ${email}`,
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]!.request_id).toEqual(expect.any(String));
    // The lockouts of the limit tests above were recorded too.
    const locked = await server.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_events WHERE kind = 'signin.locked'`,
    );
    expect(locked[0]!.n).toBeGreaterThan(0);
  });
});
