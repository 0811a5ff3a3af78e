/**
 * Password recovery end to end over HTTP, with the mail received by a real SMTP server on loopback
 * and its link followed: the same answer for unknown addresses, a used, voided or expired link
 * refused, every session ended by a reset, the admin's 'Send password reset', failed mail retried
 * and then shown to admins, and the log standing in for mail when no SMTP_URL is set.
 */
import { Writable } from "node:stream";
import { accountTokens, auditEvents, mailOutbox } from "@jcba/db";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, admin, Client, MEMBER_PASSWORD, member, startServer, type TestServer, uniqueEmail } from "./harness.ts";
import { linkIn, type ReceivedMail, startServerWithMail, startSmtp, type TestSmtp } from "./smtp.ts";

const PUBLIC_URL = "https://hub.union.test/study";
const NEW_PASSWORD = "a-fresh-reset-password-9";

let smtp: TestSmtp;
let server: TestServer;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ smtp, server, stop } = await startServerWithMail(PUBLIC_URL));
});
afterAll(async () => {
  await stop?.();
});

/** The link's token, and the link made to point at the test server (PUBLIC_URL is another host). */
const follow = (mail: ReceivedMail) => linkIn(mail, PUBLIC_URL, "/reset-password", server);

const forgot = (email: string, headers: Record<string, string> = {}) =>
  new Client(server.url).call("POST", "/api/password/forgot", { email }, headers);
const rows = async (table: typeof accountTokens | typeof mailOutbox) =>
  (await server.database.db.select({ n: count() }).from(table))[0]!.n;

describe("password recovery", () => {
  it("e-mails a single-use link from PUBLIC_URL with text and HTML parts, whatever the Host header says", async () => {
    const email = uniqueEmail();
    const other = await member(server.url, "Rosa", "Diaz", email);
    const asked = await forgot(email.toUpperCase(), { "x-forwarded-host": "evil.test" });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      message: "If an account exists for that address, we sent a link. Check your e-mail.",
    });

    const mail = await smtp.waitFor((m) => m.to === email);
    expect(mail.subject).toBe("Reset your JCBA Study Hub password");
    expect(mail.text).toContain("Hello Rosa,");
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain(`href="${mail.link!.replace(/&/g, "&amp;")}"`);
    expect(mail.text).not.toContain("evil.test");
    const { token, local } = follow(mail);
    // Only the token's hash is stored.
    const stored = await server.database.db.select().from(accountTokens);
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);

    const page = await fetch(local);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await page.text()).toContain("Choose a new password");

    // A weak password is refused and leaves the link usable.
    const device = new Client(server.url);
    const weak = await device.post("/api/password/reset", { token, password: "password1234" });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/password/i);

    const done = await device.post("/api/password/reset", { token, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ email });
    expect((await device.get("/api/auth/user")).status).toBe(200);
    // Every other session ended; the old password is gone, the new one works.
    expect((await other.get("/api/auth/user")).status).toBe(401);
    expect((await new Client(server.url).post("/api/login", { email, password: MEMBER_PASSWORD })).status).toBe(401);
    expect((await new Client(server.url).post("/api/login", { email, password: NEW_PASSWORD })).status).toBe(200);

    // Single use.
    const again = await new Client(server.url).post("/api/password/reset", {
      token,
      password: "yet-another-password-4",
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain("already used");
    const kinds = await server.database.db
      .select({ kind: auditEvents.kind })
      .from(auditEvents)
      .where(
        sql`${auditEvents.kind} IN ('password.forgot', 'password.reset') AND (${auditEvents.targetId} = ${email} OR ${auditEvents.actorUserId} = ${done.body.user.id})`,
      );
    expect(kinds.map((k) => k.kind).sort()).toEqual(["password.forgot", "password.reset"]);
  });

  it("answers an unknown address exactly as a known one, and sends it nothing", async () => {
    const known = uniqueEmail();
    await member(server.url, "Ana", "Known", known);
    const stranger = `nobody-${Date.now()}@test.local`;
    const unknown = await forgot(stranger);
    const real = await forgot(known);
    expect(unknown.status).toBe(real.status);
    expect(unknown.body).toEqual(real.body);
    await smtp.waitFor((m) => m.to === known);
    expect(smtp.received.some((m) => m.to === stranger)).toBe(false);
  });

  it("voids an older link when a new one is asked for, and refuses an expired link", async () => {
    const email = uniqueEmail();
    await member(server.url, "Lee", "Twice", email);
    await forgot(email);
    const first = follow(await smtp.waitFor((m) => m.to === email));
    await forgot(email);
    const second = follow(await smtp.waitFor((m) => m.to === email && !m.link!.includes(first.token)));
    const voided = await new Client(server.url).post("/api/password/reset", {
      token: first.token,
      password: NEW_PASSWORD,
    });
    expect(voided.status).toBe(400);
    expect(voided.body.message).toContain("not valid");
    // Time passes: the link's hour is over.
    await server.database.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    const late = await new Client(server.url).post("/api/password/reset", {
      token: second.token,
      password: NEW_PASSWORD,
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toContain("expired");
    const page = await (await fetch(second.local)).text();
    expect(page).toContain("That link has expired.");
    expect(page).toContain('action="/api/password/forgot"');
  });

  it("refuses malformed requests with 400 and writes nothing", async () => {
    const before = [await rows(accountTokens), await rows(mailOutbox)];
    for (const body of [{}, { email: "not-an-address" }, { email: 42 }, { email: "a@b.test".repeat(100) }]) {
      const res = await new Client(server.url).post("/api/password/forgot", body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "BAD_REQUEST" });
    }
    for (const body of [
      {},
      { token: "x" },
      { token: 5, password: NEW_PASSWORD },
      { token: "x".repeat(300), password: NEW_PASSWORD },
    ]) {
      const res = await new Client(server.url).post("/api/password/reset", body);
      expect(res.status).toBe(400);
    }
    // A form post without the sign-in page's form token goes back to the form.
    const tokenless = await new Client(server.url).call("POST", "/api/password/forgot", "email=a@b.test", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(tokenless.status).toBe(303);
    expect(tokenless.headers.get("location")).toBe("/api/login?mode=forgot&error=expired");
    expect([await rows(accountTokens), await rows(mailOutbox)]).toEqual(before);
  });

  it("limits requests per e-mail address, as sign-in does", async () => {
    const email = `limited-${Date.now()}@test.local`;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await forgot(email)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("works as a form without JavaScript: 'Forgot password?' on the sign-in page, then the reset page", async () => {
    const email = uniqueEmail();
    await member(server.url, "Form", "User", email);
    const signIn = await (await fetch(`${server.url}/api/login`)).text();
    expect(signIn).toContain('href="/api/login?mode=forgot">Forgot password?</a>');
    const page = await fetch(`${server.url}/api/login?mode=forgot`);
    const html = await page.text();
    const csrf = html.match(/name="_csrf" value="([^"]+)"/)![1]!;
    const cookie = page.headers.get("set-cookie")!.match(/jcba_csrf=[^;]+/)![0];
    const sent = await fetch(`${server.url}/api/password/forgot`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ _csrf: csrf, email }).toString(),
      redirect: "manual",
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/api/login?notice=reset-sent");
    const { token } = follow(await smtp.waitFor((m) => m.to === email));
    const mismatch = await fetch(`${server.url}/api/password/reset`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({
        _csrf: csrf,
        token,
        password: NEW_PASSWORD,
        confirm: "something-else-12",
      }).toString(),
      redirect: "manual",
    });
    expect(mismatch.headers.get("location")).toContain("error=reset-mismatch");
    const reset = await fetch(`${server.url}/api/password/reset`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ _csrf: csrf, token, password: NEW_PASSWORD, confirm: NEW_PASSWORD }).toString(),
      redirect: "manual",
    });
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe("/");
    expect(reset.headers.get("set-cookie")).toMatch(/jcba_session=[a-z2-7]{32}/);
  });
});

describe("Send password reset (admin directory)", () => {
  it("e-mails the member a link the admin never sees, audited; 403 for members, 404 for no one", async () => {
    const email = uniqueEmail();
    const someone = await member(server.url, "Dir", "Member", email);
    const id = (await someone.get("/api/auth/user")).body.id as number;
    expect((await someone.post(`/api/admin/users/${id}/password-reset`)).status).toBe(403);
    expect((await new Client(server.url).post(`/api/admin/users/${id}/password-reset`)).status).toBe(401);
    const boss = await admin(server.url);
    expect((await boss.post("/api/admin/users/99999999/password-reset")).status).toBe(404);
    expect((await boss.post("/api/admin/users/abc/password-reset")).status).toBe(400);
    const res = await boss.post(`/api/admin/users/${id}/password-reset`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/token=/);
    const { token } = follow(await smtp.waitFor((m) => m.to === email));
    expect((await new Client(server.url).post("/api/password/reset", { token, password: NEW_PASSWORD })).status).toBe(
      200,
    );
    const [event] = await server.database.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.kind} = 'user.resetlink' AND ${auditEvents.targetId} = ${String(id)}`);
    expect(event?.actorUserId).not.toBeNull();
    expect(event?.after).toEqual({ email });
  });
});

describe("the outbox", () => {
  it("tries a refused message again, then sends it and forgets its body", async () => {
    const flaky = await startSmtp({ refuse: (n) => n < 2 });
    const local = await startServer(undefined, { SMTP_URL: flaky.url, PUBLIC_URL }, undefined, {
      outbox: { retryBaseMs: 20, pollMs: 25 },
    });
    try {
      const email = uniqueEmail();
      await member(local.url, "Retry", "Me", email);
      expect((await new Client(local.url).post("/api/password/forgot", { email })).status).toBe(200);
      await flaky.waitFor((m) => m.to === email);
      expect(flaky.count()).toBe(3);
      const stored = () => local.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      // The SMTP server has it; the outbox marks it sent a moment later.
      let [row] = await stored();
      for (const deadline = Date.now() + 10_000; row?.status !== "sent" && Date.now() < deadline; )
        [row] = await stored();
      expect(row).toMatchObject({ status: "sent", attempts: 3, textBody: null, htmlBody: null, link: null });
    } finally {
      await local.stop();
      await flaky.stop();
    }
  });

  it("gives up after five tries without failing the request, and shows the message to admins", async () => {
    // An SMTP server that is not there: the port of one that has just stopped.
    const gone = await startSmtp();
    await gone.stop();
    const local = await startServer(undefined, { SMTP_URL: gone.url, PUBLIC_URL }, undefined, {
      outbox: { retryBaseMs: 10, pollMs: 20 },
    });
    try {
      const email = uniqueEmail();
      const someone = await member(local.url, "Never", "Sent", email);
      expect((await new Client(local.url).post("/api/password/forgot", { email })).status).toBe(200);
      const boss = await admin(local.url);
      let page: { total: number; items: { id: number; to: string; attempts: number; lastError: string }[] } = {
        total: 0,
        items: [],
      };
      // The count and the page are two queries: the message may turn failed between them.
      for (const deadline = Date.now() + 30_000; page.items.length === 0 && Date.now() < deadline; ) {
        const res = await boss.get("/api/admin/mail/failed");
        expect([res.status, res.body]).toEqual([200, expect.objectContaining({ total: expect.any(Number) })]);
        page = res.body;
      }
      expect(page.items[0]).toMatchObject({ to: email, attempts: 5, kind: "password-reset" });
      expect(page.items[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(JSON.stringify(page)).not.toContain("token=");
      expect((await someone.get("/api/admin/mail/failed")).status).toBe(403);
      expect((await someone.post(`/api/admin/mail/${page.items[0]!.id}/retry`)).status).toBe(403);
      expect((await boss.post("/api/admin/mail/99999999/retry")).status).toBe(404);
      const retried = await boss.post(`/api/admin/mail/${page.items[0]!.id}/retry`);
      expect(retried.body).toEqual({ id: page.items[0]!.id, status: "pending" });
    } finally {
      await local.stop();
    }
  });

  it("writes each message with its link to the log at info when no SMTP_URL is set", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const local = await startServer(undefined, { LOG_LEVEL: "info" }, undefined, { logStream });
    try {
      const email = uniqueEmail();
      await member(local.url, "Log", "Only", email);
      expect((await new Client(local.url).post("/api/password/forgot", { email })).status).toBe(200);
      let line: string | undefined;
      for (const deadline = Date.now() + 15_000; !line && Date.now() < deadline; ) {
        line = lines.find((l) => l.includes("mail not sent (no SMTP_URL)") && l.includes(email));
        if (!line) await new Promise((r) => setTimeout(r, 20));
      }
      const entry = JSON.parse(line!);
      expect(entry.level).toBe(30);
      // Without PUBLIC_URL the link points where this server listens.
      expect(entry.link).toMatch(
        new RegExp(`^${local.url.replace("127.0.0.1", "127\\.0\\.0\\.1")}/reset-password\\?token=`),
      );
      const token = new URL(entry.link).searchParams.get("token")!;
      expect((await new Client(local.url).post("/api/password/reset", { token, password: NEW_PASSWORD })).status).toBe(
        200,
      );
    } finally {
      await local.stop();
    }
  });
});

// Keep ADMIN referenced for readers: the admin signs in with the harness's account.
void ADMIN;
