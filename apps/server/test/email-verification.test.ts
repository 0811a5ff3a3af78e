/**
 * Verified addresses over HTTP, the mail received by a real SMTP server on loopback and its links
 * followed: sign-up blocked until the link is followed (403 EMAIL_UNVERIFIED), 'Send the link again',
 * used, voided and expired links refused, a change of address applied only by its link, and deleting
 * the account confirmed by the password or a fresh SSO sign-in only.
 */
import { accountTokens, auditEvents, sessions, users } from "@jcba/db";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, MEMBER_PASSWORD, type TestServer, uniqueEmail } from "./harness.ts";
import { linkIn, startServerWithMail, type TestSmtp } from "./smtp.ts";

const PUBLIC_URL = "https://hub.union.test";

let smtp: TestSmtp;
let server: TestServer;
let stop: () => Promise<void>;
beforeAll(async () => {
  // REQUIRE_EMAIL_VERIFICATION left to its default, which SMTP_URL turns on.
  ({ smtp, server, stop } = await startServerWithMail(PUBLIC_URL, { REQUIRE_EMAIL_VERIFICATION: "" }));
});
afterAll(async () => {
  await stop?.();
});

const signUp = (email: string) =>
  new Client(server.url).post("/api/register", {
    email,
    password: MEMBER_PASSWORD,
    firstName: "Vera",
    lastName: "Fied",
  });
const signIn = (email: string, client = new Client(server.url)) =>
  client.post("/api/login", { email, password: MEMBER_PASSWORD });
const verifyLink = async (email: string, not: string[] = []) =>
  linkIn(
    await smtp.waitFor(
      (m) => m.to === email && m.subject === "Confirm your e-mail address for JCBA Study Hub" && !not.includes(m.link!),
    ),
    PUBLIC_URL,
    "/verify-email",
    server,
  );

/** A member who signed up and followed the link, signed in. */
async function verifiedMember(email = uniqueEmail()) {
  expect((await signUp(email)).status).toBe(200);
  const { token } = await verifyLink(email);
  expect((await new Client(server.url).post("/api/email/verify", { token })).status).toBe(200);
  const client = new Client(server.url);
  expect((await signIn(email, client)).status).toBe(200);
  return client;
}

describe("verified addresses", () => {
  it("blocks password sign-in until the e-mailed link is followed, then allows it", async () => {
    const email = uniqueEmail();
    const signedUp = await signUp(email);
    expect(signedUp.status).toBe(200);
    expect(signedUp.body.message).toContain("we sent a link to confirm the address");
    expect(signedUp.headers.get("set-cookie") ?? "").not.toContain("jcba_session=");

    const blocked = await signIn(email);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: "EMAIL_UNVERIFIED" });
    // A wrong password is still just a wrong password: nothing said about verification.
    const wrong = await new Client(server.url).post("/api/login", { email, password: "not-the-password-1" });
    expect(wrong.status).toBe(401);

    const mail = await smtp.waitFor((m) => m.to === email);
    expect(mail.subject).toBe("Confirm your e-mail address for JCBA Study Hub");
    expect(mail.html).toContain('<html lang="en">');
    const { token, local } = linkIn(mail, PUBLIC_URL, "/verify-email", server);
    const stored = await server.database.db.select().from(accountTokens);
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);

    // The link shows a page with a button (a mail scanner opening it changes nothing).
    const page = await fetch(local);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain("Confirm your e-mail address");
    expect((await signIn(email)).status).toBe(403);

    const followed = await new Client(server.url).post("/api/email/verify", { token });
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ email });
    // Following the link signs nobody in (docs/decisions/0011).
    expect(followed.headers.get("set-cookie") ?? "").not.toContain("jcba_session=");
    expect((await signIn(email)).status).toBe(200);

    // Single use.
    const again = await new Client(server.url).post("/api/email/verify", { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain("already used");
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    const kinds = await server.database.db
      .select({ kind: auditEvents.kind })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, user!.id), eq(auditEvents.kind, "email.verified")));
    expect(kinds).toHaveLength(1);
  });

  it("sends the link again on request, voiding the old one, and answers unknown addresses the same", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const first = await verifyLink(email);
    const resent = await new Client(server.url).post("/api/email/verify/resend", { email });
    const stranger = await new Client(server.url).post("/api/email/verify/resend", {
      email: `nobody-${Date.now()}@test.local`,
    });
    expect(resent.status).toBe(200);
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual(resent.body);
    const second = await verifyLink(email, [`${PUBLIC_URL}/verify-email?token=${first.token}`]);
    const voided = await new Client(server.url).post("/api/email/verify", { token: first.token });
    expect(voided.status).toBe(400);
    expect((await new Client(server.url).post("/api/email/verify", { token: second.token })).status).toBe(200);
    // A verified member's address gets no more links.
    await new Client(server.url).post("/api/email/verify/resend", { email });
    const count = smtp.received.filter((m) => m.to === email).length;
    await signUp(uniqueEmail()).then(async (r) => expect(r.status).toBe(200));
    expect(smtp.received.filter((m) => m.to === email).length).toBe(count);
  });

  it("refuses an expired link, and bad input with a 4xx", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const { token } = await verifyLink(email);
    await server.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accountTokens.purpose, "email-verify"));
    const expired = await new Client(server.url).post("/api/email/verify", { token });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toContain("expired");
    expect((await signIn(email)).status).toBe(403);
    const page = await (await fetch(`${server.url}/verify-email?token=${token}`)).text();
    expect(page).toContain("That link has expired");
    for (const body of [{}, { token: "" }, { token: 5 }, { token: "x".repeat(201) }, { token: "nope" }]) {
      const res = await new Client(server.url).post("/api/email/verify", body);
      expect(res.status).toBe(400);
    }
    for (const body of [{}, { email: "not-an-address" }, { email: 7 }]) {
      const res = await new Client(server.url).post("/api/email/verify/resend", body);
      expect(res.status).toBe(400);
    }
    expect((await fetch(`${server.url}/verify-email?token=${"a".repeat(5000)}`)).status).toBe(200);
  });

  it("moves an account to a new address only when the link sent there is followed, and tells the old one", async () => {
    const oldEmail = uniqueEmail();
    const client = await verifiedMember(oldEmail);
    const newEmail = uniqueEmail();
    expect((await client.post("/api/account/email", { newEmail: oldEmail })).status).toBe(400);
    expect((await client.post("/api/account/email", { newEmail: "nope" })).status).toBe(400);
    const asked = await client.post("/api/account/email", { newEmail: newEmail.toUpperCase() });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ sent: true, newEmail });
    expect((await client.get("/api/account/sign-in")).body).toMatchObject({
      pendingEmail: newEmail,
      hasPassword: true,
    });

    const mail = await smtp.waitFor((m) => m.to === newEmail);
    expect(mail.subject).toBe("Confirm your new e-mail address for JCBA Study Hub");
    const { token } = linkIn(mail, PUBLIC_URL, "/verify-email", server);
    // Until then the old address signs in and the new one does not.
    expect((await signIn(oldEmail)).status).toBe(200);
    expect((await signIn(newEmail)).status).toBe(401);

    const followed = await new Client(server.url).post("/api/email/verify", { token });
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ email: newEmail });
    expect((await signIn(oldEmail)).status).toBe(401);
    expect((await signIn(newEmail)).status).toBe(200);
    expect((await client.get("/api/auth/user")).body).toMatchObject({ email: newEmail });
    const notice = await smtp.waitFor((m) => m.to === oldEmail && m.subject.includes("was changed"));
    expect(notice.text).toContain(newEmail);
    const changed = await server.database.db.select().from(auditEvents).where(eq(auditEvents.kind, "email.changed"));
    expect(changed.find((e) => JSON.stringify(e.after).includes(newEmail))?.before).toEqual({ email: oldEmail });
    expect(
      (await server.database.db.select().from(auditEvents).where(eq(auditEvents.kind, "email.changeasked"))).length,
    ).toBeGreaterThan(0);
  });

  it("refuses moving to an address that has an account by the time the link is followed", async () => {
    const client = await verifiedMember();
    const taken = uniqueEmail();
    await client.post("/api/account/email", { newEmail: taken });
    const { token } = linkIn(await smtp.waitFor((m) => m.to === taken), PUBLIC_URL, "/verify-email", server);
    await verifiedMember(taken);
    const refused = await new Client(server.url).post("/api/email/verify", { token });
    expect(refused.status).toBe(409);
  });
});

describe("deleting an account asks who is there", () => {
  it("refuses without a proof, with a wrong one, with two, or with a stale SSO claim; accepts the password", async () => {
    const email = uniqueEmail();
    const client = await verifiedMember(email);
    for (const body of [
      {},
      { password: "wrong-password-123" },
      { password: MEMBER_PASSWORD, sso: true },
      { sso: true },
    ])
      expect((await client.call("DELETE", "/api/account", body)).status).toBe(400);
    const badPasskey = await client.call("DELETE", "/api/account", { passkey: JSON.stringify({ id: "x" }) });
    expect(badPasskey.status).toBe(400);
    expect(badPasskey.body.message).toMatch(/^passkey:/);
    expect((await client.call("DELETE", "/api/account", { password: MEMBER_PASSWORD })).status).toBe(200);
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("accepts this session's SSO sign-in within 5 minutes, and not an older one", async () => {
    const email = uniqueEmail();
    const client = await verifiedMember(email);
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    // As the SSO callback leaves a session (src/auth/oidc/routes.ts: beginSession with "sso"); the
    // whole SSO flow against oidc-provider is in oidc.test.ts.
    await server.database.db
      .update(sessions)
      .set({ signedInWith: "sso", createdAt: sql`now() - interval '6 minutes'` })
      .where(eq(sessions.userId, user!.id));
    expect((await client.call("DELETE", "/api/account", { sso: true })).status).toBe(400);
    await server.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, user!.id));
    expect((await client.call("DELETE", "/api/account", { sso: true })).status).toBe(200);
  });
});
