/**
 * Issue 24, finding 7: admin power needs more than a password. An admin without a second factor
 * reaches no admin procedure (REST and tRPC) until enrolled; enrolled admins enter a code after the
 * password, a code is taken once, a recovery code works once; personal API tokens never reach admin
 * paths (an operator's admin token does); role changes, disables, imports and new tokens need a sign-in
 * or re-authentication from the last 15 minutes. Runs on both databases.
 */
import { apiTokens, sessions as sessionRows, users } from "@jcba/db";
import { eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateToken, hashToken } from "../src/auth/sessions.ts";
import { ensureAdmin } from "../src/auth/users.ts";
import { admin, adminCode, Client, member, nextTotpCode, startServer, type TestServer } from "./harness.ts";

const SECOND = { email: "second-admin@test.local", password: "second-admin-password-7" };
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await ensureAdmin(server.database, SECOND.email, SECOND.password);
});
afterAll(async () => {
  await server.stop();
});

const trpcQuery = (client: Client, path: string) => client.get(`/api/trpc/${path}`);
const stepOf = (res: { body: any }) => res.body?.code ?? res.body?.error?.data?.code;

/** SECOND signs in with the password only. */
async function passwordOnly() {
  const client = new Client(server.url);
  const res = await client.post("/api/login", SECOND);
  expect(res.status).toBe(200);
  return { client, step: res.body.secondFactor as string | undefined };
}

describe("an admin's second factor", () => {
  const entry = { secret: "", usedSteps: new Set<number>() };
  let recoveryCodes: string[] = [];

  it("refuses every admin procedure, REST and tRPC, until the admin has enrolled; member paths still answer", async () => {
    const { client, step } = await passwordOnly();
    expect(step).toBe("enrol");
    const rest = await client.get("/api/admin/stats");
    expect(rest.status).toBe(403);
    expect(rest.body.code).toBe("SECOND_FACTOR_REQUIRED");
    const trpc = await trpcQuery(client, "admin.stats");
    expect(trpc.status).toBe(403);
    expect(stepOf(trpc)).toBe("SECOND_FACTOR_REQUIRED");
    expect((await client.get("/api/auth/user")).status).toBe(200);
    expect((await client.get("/api/second-factor")).body).toMatchObject({
      required: true,
      enrolled: false,
      verified: false,
    });

    // Enrolment: the secret as text and as an otpauth:// URI for the QR code; a wrong code is refused.
    const setup = await client.post("/api/second-factor/setup");
    expect(setup.status).toBe(200);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/JCBA%20Study%20Hub:/);
    entry.secret = setup.body.secret;
    expect((await client.post("/api/second-factor/enable", { code: "000000" })).status).toBe(400);
    expect((await client.get("/api/admin/stats")).status).toBe(403);
    const enabled = await client.post("/api/second-factor/enable", { code: await nextTotpCode(entry) });
    expect(enabled.status).toBe(200);
    recoveryCodes = enabled.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await client.get("/api/admin/stats")).status).toBe(200);
    expect((await trpcQuery(client, "admin.stats")).status).toBe(200);

    // Stored encrypted, and the recovery codes only as hashes.
    const [user] = await server.database.db.select().from(users).where(eq(users.email, SECOND.email));
    const stored = await server.database.rows<{ secret: string }>(
      sql`SELECT secret FROM totp_factors WHERE user_id = ${user!.id}`,
    );
    expect(stored[0]!.secret).not.toContain(entry.secret);
    const hashes = await server.database.rows<{ code_hash: string }>(
      sql`SELECT code_hash FROM recovery_codes WHERE user_id = ${user!.id}`,
    );
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(recoveryCodes.join(" ")).not.toContain(h.code_hash);
    // Setting it up again is the operator's reset, not anyone's with the session.
    expect((await client.post("/api/second-factor/setup")).status).toBe(409);
  });

  it("asks an enrolled admin for a code after the password; a wrong code or a used one is refused", async () => {
    const { client, step } = await passwordOnly();
    expect(step).toBe("verify");
    expect((await client.get("/api/admin/users")).body.code).toBe("SECOND_FACTOR_REQUIRED");
    expect((await client.post("/api/second-factor/verify", { code: "123456x" })).status).toBe(401);
    const code = await nextTotpCode(entry);
    expect((await client.post("/api/second-factor/verify", { code })).status).toBe(200);
    expect((await client.get("/api/admin/users")).status).toBe(200);

    // The same code on another sign-in within its window: a replay.
    const other = await passwordOnly();
    const replayed = await other.client.post("/api/second-factor/verify", { code });
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toMatch(/used already/);
    expect((await other.client.get("/api/admin/users")).status).toBe(403);
    // A code computed independently of the harness, for the step after: accepted once.
    const totp = new TOTP({ secret: Secret.fromBase32(entry.secret) });
    const nextStep = Math.floor(Date.now() / 30_000) + 1;
    if (!entry.usedSteps.has(nextStep)) {
      entry.usedSteps.add(nextStep);
      const next = totp.generate({ timestamp: nextStep * 30_000 + 1 });
      expect((await other.client.post("/api/second-factor/verify", { code: next })).status).toBe(200);
      expect((await other.client.get("/api/admin/users")).status).toBe(200);
    }
  });

  it("takes a recovery code once", async () => {
    const first = await passwordOnly();
    expect(
      (await first.client.post("/api/second-factor/verify", { code: recoveryCodes[0]!.toUpperCase() })).status,
    ).toBe(200);
    expect((await first.client.get("/api/admin/stats")).status).toBe(200);
    expect((await first.client.get("/api/second-factor")).body.recoveryCodesLeft).toBe(9);
    const again = await passwordOnly();
    expect((await again.client.post("/api/second-factor/verify", { code: recoveryCodes[0]! })).status).toBe(401);
    expect((await again.client.get("/api/admin/stats")).status).toBe(403);
  });

  it("leaves members without a second factor as they were", async () => {
    const m = await member(server.url);
    expect((await m.get("/api/second-factor")).body).toMatchObject({ required: false, enrolled: false });
    expect((await m.get("/api/questions?section=1")).status).toBe(200);
  });
});

describe("API tokens and admin paths", () => {
  it("refuses a member's token and an admin's own token on admin paths; an operator's admin token passes", async () => {
    const m = await member(server.url);
    const made = await m.post("/api/account/tokens", { name: "script", scope: "write" });
    expect(made.status).toBe(200);
    const memberToken = new Client(server.url, made.body.token);
    expect((await memberToken.get("/api/admin/stats")).status).toBe(403);
    expect((await memberToken.get("/api/auth/user")).status).toBe(200);

    const a = await admin(server.url);
    const own = await a.post("/api/account/tokens", { name: "admin script", scope: "write" });
    expect(own.status).toBe(200);
    const adminsOwn = new Client(server.url, own.body.token);
    const refused = await adminsOwn.get("/api/admin/stats");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/CLI/);
    expect((await adminsOwn.call("PATCH", "/api/admin/users/1", { isAdmin: false })).status).toBe(403);
    expect((await adminsOwn.get("/api/trpc/admin.stats")).status).toBe(403);

    // What `cli token create --admin` writes.
    const [user] = await server.database.db.select().from(users).where(eq(users.email, "admin@test.local"));
    const token = generateToken();
    await server.database.db.insert(apiTokens).values({
      userId: user!.id,
      name: "operator",
      scope: "write",
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 24 * 60 * 60_000),
      admin: true,
    });
    expect((await new Client(server.url, token).get("/api/admin/stats")).status).toBe(200);
  });
});

describe("re-authentication for role changes, disables, imports and new tokens", () => {
  /** Makes the session's last proof of identity 16 minutes old, on every server's cache too. */
  async function age(client: Client, email: string) {
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    await server.database.db
      .update(sessionRows)
      .set({ authenticatedAt: sql`now() - interval '16 minutes'` })
      .where(eq(sessionRows.userId, user!.id));
    await server.sessions.userChanged(user!.id);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  }

  it("refuses them after 15 minutes with REAUTH_REQUIRED, and lets them through after the password and a code", async () => {
    const a = await admin(server.url);
    const target = await member(server.url, "Rita", "Role");
    const targetId = (await target.get("/api/auth/user")).body.id;
    await age(a, "admin@test.local");
    const change = await a.patch(`/api/admin/users/${targetId}`, { isAdmin: true });
    expect(change.status).toBe(403);
    expect(change.body.code).toBe("REAUTH_REQUIRED");
    const disable = await a.call(
      "POST",
      "/api/trpc/admin.updateUser",
      JSON.stringify({ id: targetId, disabled: true }),
      { "content-type": "application/json" },
    );
    expect(disable.status).toBe(403);
    expect(stepOf(disable)).toBe("REAUTH_REQUIRED");
    const importing = await a.post("/api/admin/import", {
      kind: "questions",
      format: "json",
      content: "[]",
      dryRun: true,
    });
    expect(importing.body.code).toBe("REAUTH_REQUIRED");
    expect((await a.post("/api/account/tokens", { name: "late" })).body.code).toBe("REAUTH_REQUIRED");
    // Reading stays open: only the listed actions need a fresh proof.
    expect((await a.get("/api/admin/stats")).status).toBe(200);
    const [still] = await server.database.db.select().from(users).where(eq(users.id, targetId));
    expect(still!.isAdmin).toBe(false);
    expect(still!.disabledAt).toBeNull();

    // The password alone is not enough for an enrolled admin; with a code it is.
    expect((await a.post("/api/reauth", { password: "admin-password-1" })).status).toBe(400);
    expect((await a.post("/api/reauth", { password: "wrong-password-1", code: "000000" })).status).toBe(401);
    const reauth = await a.post("/api/reauth", { password: "admin-password-1", code: await adminCode(server.url) });
    expect(reauth.status).toBe(200);
    expect((await a.patch(`/api/admin/users/${targetId}`, { isAdmin: true })).status).toBe(200);
  });

  it("asks a member for the password again before a new token, after 15 minutes", async () => {
    const m = await member(server.url, "Tom", "Token");
    const email = (await m.get("/api/auth/user")).body.email;
    await age(m, email);
    const refused = await m.post("/api/account/tokens", { name: "late" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("REAUTH_REQUIRED");
    expect((await m.post("/api/reauth", { password: "member-password-1" })).status).toBe(200);
    expect((await m.post("/api/account/tokens", { name: "now" })).status).toBe(200);
  });
});
