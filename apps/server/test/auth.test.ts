import { apiTokens } from "@jcba/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateToken, hashToken } from "../src/auth/sessions.ts";
import { ADMIN, Client, loginForm, member, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

describe("sign-in and sessions", () => {
  it("answers 401 with { message, code } when signed out", async () => {
    const res = await new Client(server.url).get("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "UNAUTHORIZED", message: expect.any(String) });
  });

  it("registers with JSON; signing in sets an httpOnly SameSite=Lax cookie and returns the user", async () => {
    const c = new Client(server.url);
    const created = await c.post("/api/register", {
      email: "New.Person@Test.local",
      password: "a-good-password",
      firstName: "New",
      lastName: "Person",
    });
    expect(created.status).toBe(200);
    expect(c.cookie).toBeNull(); // sign-up answers the same for a taken address, so it cannot sign in
    const res = await c.post("/api/login", { email: "new.person@test.local", password: "a-good-password" });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email: "new.person@test.local",
      firstName: "New",
      lastName: "Person",
      isAdmin: false,
    });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain HTTP here; Secure behind HTTPS
    const me = await c.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: "new.person@test.local", isAdmin: false, profileImageUrl: null });
  });

  it("stores only the SHA-256 of the session token", async () => {
    const c = await member(server.url);
    const token = c.cookie!.split("=")[1]!;
    const rows = await server.database.rows<{ id: string }>(sql`SELECT id FROM sessions`);
    expect(rows.some((r) => r.id === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it("signs in with a form and redirects to /; signs in with JSON and answers with the user", async () => {
    const form = new Client(server.url);
    const { csrf, cookie } = await loginForm(server.url);
    const res = await form.call(
      "POST",
      "/api/login",
      `_csrf=${csrf}&email=${encodeURIComponent(ADMIN.email)}&password=${encodeURIComponent(ADMIN.password)}`,
      { "content-type": "application/x-www-form-urlencoded", cookie },
    );
    expect(res.status).toBe(303);
    // An admin goes on to the second factor (enrolment here); a member would land on /.
    expect(res.headers.get("location")).toBe("/second-factor");
    expect((await form.get("/api/auth/user")).body.isAdmin).toBe(true);
    const json = new Client(server.url);
    const r2 = await json.post("/api/login", ADMIN);
    expect(r2.status).toBe(200);
    expect(r2.body.user).toMatchObject({ email: ADMIN.email, isAdmin: true });
  });

  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    const a = await new Client(server.url).post("/api/login", { email: "nobody@test.local", password: "whatever-1" });
    const b = await new Client(server.url).post("/api/login", { email: ADMIN.email, password: "wrong-password" });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body.message).toBe(b.body.message);
  });

  it("a bad form sign-in returns to the sign-in page with a message", async () => {
    const { csrf, cookie } = await loginForm(server.url);
    const res = await new Client(server.url).call("POST", "/api/login", `_csrf=${csrf}&email=x%40y.z&password=nope`, {
      "content-type": "application/x-www-form-urlencoded",
      cookie,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/api/login?error=invalid");
    const page = await new Client(server.url).get("/api/login?error=invalid");
    expect(page.body).toContain("That e-mail and password do not match an account.");
  });

  it("limits failed sign-ins per account", async () => {
    const c = await member(server.url);
    const email = (await c.get("/api/auth/user")).body.email;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await new Client(server.url).post("/api/login", { email, password: `wrong-${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    // Even the right password waits now.
    expect((await new Client(server.url).post("/api/login", { email, password: "member-password-1" })).status).toBe(
      429,
    );
  });

  it("logout ends the session server-side and redirects to /", async () => {
    const c = await member(server.url);
    const stolen = c.cookie!;
    const res = await c.call("GET", "/api/logout", undefined, { "sec-fetch-site": "same-origin" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    const replay = new Client(server.url);
    replay.cookie = stolen;
    expect((await replay.get("/api/auth/user")).status).toBe(401);
  });

  it("logout by POST, as a script would, ends the session too", async () => {
    const c = await member(server.url);
    const stolen = c.cookie!;
    const res = await c.post("/api/logout");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signedOut: true });
    expect(res.headers.get("set-cookie")).toMatch(/jcba_session=;/);
    const replay = new Client(server.url);
    replay.cookie = stolen;
    expect((await replay.get("/api/auth/user")).status).toBe(401);
  });

  it("serves the sign-in page with a sign-up form when sign-up is on", async () => {
    const page = await new Client(server.url).get("/api/login");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.body).toContain('action="/api/login"');
    expect(page.body).toContain("Create an account");
    const signup = await new Client(server.url).get("/api/login?mode=signup");
    expect(signup.body).toContain('action="/api/register"');
  });

  it("rejects a short password, and answers a used e-mail exactly like a new one, writing nothing", async () => {
    const before = await server.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
    const short = await new Client(server.url).post("/api/register", {
      email: "short@test.local",
      password: "short",
      firstName: "A",
      lastName: "B",
    });
    expect(short.status).toBe(400);
    const dup = await new Client(server.url).post("/api/register", {
      email: ADMIN.email,
      password: "another-password",
      firstName: "A",
      lastName: "B",
    });
    const fresh = await new Client(server.url).post("/api/register", {
      email: "fresh-person@test.local",
      password: "another-password",
      firstName: "A",
      lastName: "B",
    });
    expect(dup.status).toBe(fresh.status);
    expect(dup.body).toEqual(fresh.body);
    expect(dup.headers.get("set-cookie")).toBeNull();
    await server.database.rows(sql`DELETE FROM users WHERE email = 'fresh-person@test.local'`);
    const after = await server.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe("personal API tokens", () => {
  it("authenticate scripts with Authorization: Bearer, and an unknown token gets 401", async () => {
    const c = await member(server.url);
    const me = (await c.get("/api/auth/user")).body;
    const token = generateToken();
    await server.database.db.insert(apiTokens).values({ userId: me.id, name: "script", tokenHash: hashToken(token) });
    const script = new Client(server.url, token);
    expect((await script.get("/api/auth/user")).body).toMatchObject({ email: me.email });
    expect((await script.get("/api/questions?section=7")).status).toBe(200);
    expect((await new Client(server.url, generateToken()).get("/api/auth/user")).status).toBe(401);
  });
});

describe("sign-up switched off", () => {
  it("refuses registration and hides the sign-up link", async () => {
    const closed = await startServer(undefined, { ALLOW_SIGNUP: "false" });
    try {
      const res = await new Client(closed.url).post("/api/register", {
        email: "x@test.local",
        password: "long-enough-1",
        firstName: "A",
        lastName: "B",
      });
      expect(res.status).toBe(403);
      expect((await new Client(closed.url).get("/api/login")).body).not.toContain("Create an account");
    } finally {
      await closed.stop();
    }
  });
});
