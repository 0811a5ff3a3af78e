/**
 * Sign-in limits that strangers cannot turn against members (issue 24, findings 4 and 5): refusals
 * on a locked account are aggregated in the audit trail, the owner's known device still signs in
 * during an attack on the account, and an IPv6 /64 shares one limit.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKey } from "../src/auth/address-key.ts";
import {
  admin,
  Client,
  MEMBER_PASSWORD,
  member,
  startSecondServer,
  startServer,
  type TestServer,
  uniqueEmail,
} from "./harness.ts";

let server: TestServer;
/** The same database behind one proxy: each request's address comes from X-Forwarded-For. */
let proxied: TestServer;
beforeAll(async () => {
  server = await startServer();
  proxied = await startSecondServer(server, { TRUST_PROXY: "1" });
});
afterAll(async () => {
  await proxied.stop();
  await server.stop();
});

const from = (address: string) => ({ "x-forwarded-for": address });
const signIn = (email: string, password: string, headers: Record<string, string>) =>
  new Client(proxied.url).call("POST", "/api/login", { email, password }, headers);

describe("an attack on one account", () => {
  it("300 refused sign-ins on a locked account write at most a handful of audit rows", async () => {
    const email = uniqueEmail();
    await member(server.url, "Ann", "Locked", email);
    const rowsBefore = await server.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_events`);
    const statuses: number[] = [];
    // From many addresses, so the account's limit (not the address's) is what refuses them.
    for (let i = 0; i < 10; i++)
      statuses.push((await signIn(email, "wrong-password-1", from(`198.51.100.${200 + i}`))).status);
    for (let batch = 0; batch < 29; batch++)
      statuses.push(
        ...(
          await Promise.all(
            Array.from({ length: 10 }, (_, i) =>
              signIn(email, "wrong-password-1", from(`198.51.100.${batch * 10 + i}`)),
            ),
          )
        ).map((r) => r.status),
      );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(295);
    const [{ n }] = (await server.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_events`)) as [
      { n: number },
    ];
    // Five failures (each its own row) and the 295 locked refusals in one row or a few (parallel firsts).
    expect(n - rowsBefore[0]!.n).toBeLessThanOrEqual(5 + 3);
    const locked = await server.database.rows<{ count: number }>(
      sql`SELECT (after->>'count')::int AS count FROM audit_events WHERE kind = 'signin.locked' AND target_id = ${email}`,
    );
    expect(locked.reduce((sum, r) => sum + r.count, 0)).toBe(295);
  });

  it("the owner's known device signs in while strangers hold the account locked; a new device waits", async () => {
    const email = uniqueEmail();
    const owner = await member(server.url, "Olga", "Owner", email);
    // The sign-in in member() left this browser's known-device cookie.
    const login = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: owner.cookie ?? "" },
      body: JSON.stringify({ email, password: MEMBER_PASSWORD }),
    });
    const device = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("jcba_device="))!
      .split(";")[0]!;
    expect(device).toMatch(/^jcba_device=\d+\.\d+\.[\w-]{43}$/);

    const attack: number[] = [];
    for (let i = 0; i < 8; i++) attack.push((await signIn(email, "wrong-password-1", from(`203.0.113.${i}`))).status);
    expect(attack).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect((await signIn(email, MEMBER_PASSWORD, from("192.0.2.10"))).status).toBe(429);
    // The cookie opens the door to the password check only: a wrong password or a forged cookie fails.
    expect((await signIn(email, "wrong-password-1", { ...from("192.0.2.12"), cookie: device })).status).toBe(401);
    const forged = device.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await signIn(email, MEMBER_PASSWORD, { ...from("192.0.2.13"), cookie: forged })).status).toBe(429);
    // The owner's own browser is let through to the password check.
    expect((await signIn(email, MEMBER_PASSWORD, { ...from("192.0.2.11"), cookie: device })).status).toBe(200);
  });
});

describe("limits per address", () => {
  it("keys an IPv6 address by its /64 and an IPv4 address by itself", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
    expect(addressKey("2001:db8:1:2::ffff")).toBe("2001:0db8:0001:0002::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:0db8:0000:0000::/64");
    expect(addressKey("::1")).toBe("0000:0000:0000:0000::/64");
    expect(addressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey("192.0.2.1")).toBe("192.0.2.1");
  });

  it("a /64 of addresses shares one limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await signIn(`nobody${i}@test.local`, "wrong-password-1", from(`2001:db8:77:1::${i + 1}`))).status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another /64 has its own.
    expect((await signIn("nobody@test.local", "wrong-password-1", from("2001:db8:77:2::1"))).status).toBe(401);
  });
});

describe("API tokens end with the password they were made under", () => {
  it("a password change ends the member's tokens, and a disable ends them for good", async () => {
    const email = uniqueEmail();
    const c = await member(server.url, "Tia", "Token", email);
    const before = new Client(server.url, (await c.post("/api/account/tokens", { name: "before" })).body.token);
    expect((await before.get("/api/auth/user")).status).toBe(200);
    const changed = await c.post("/api/account/password", {
      currentPassword: MEMBER_PASSWORD,
      newPassword: "a-fresh-password-9",
    });
    expect(changed.status).toBe(200);
    expect((await before.get("/api/auth/user")).status).toBe(401);
    expect((await c.get("/api/account/tokens")).body).toEqual([]);

    const after = new Client(server.url, (await c.post("/api/account/tokens", { name: "after" })).body.token);
    expect((await after.get("/api/auth/user")).status).toBe(200);
    const boss = await admin(server.url);
    const id = (await c.get("/api/auth/user")).body.id as number;
    expect((await boss.patch(`/api/admin/users/${id}`, { disabled: true })).status).toBe(200);
    expect((await boss.patch(`/api/admin/users/${id}`, { disabled: false })).status).toBe(200);
    expect((await after.get("/api/auth/user")).status).toBe(401);
  });
});
