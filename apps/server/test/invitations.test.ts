/**
 * Invitations end to end over HTTP, with the mail received by a real SMTP server on loopback: a roster
 * of 1,000 queued and sent, one accepted through its link (sign-up closed: invitation-only), a used,
 * expired, revoked or resent-over link refused, members refused the admin paths, and a roster with
 * bad rows reported by the dry run and refused with nothing written.
 */
import { auditEvents, invitations, mailOutbox, users } from "@jcba/db";
import { count, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, Client, startServer, type TestServer } from "./harness.ts";
import { type ReceivedMail, startSmtp, type TestSmtp } from "./smtp.ts";

const PUBLIC_URL = "https://hub.union.test/study";
const PASSWORD = "an-invited-password-7";

let smtp: TestSmtp;
let server: TestServer;
let boss: Client;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer(
    undefined,
    { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: "Hub <no-reply@union.test>", ALLOW_SIGNUP: "false" },
    undefined,
    // The outbox looks for work often, so a test never waits long for a kick it missed.
    { outbox: { pollMs: 200, retryBaseMs: 50 } },
  );
  boss = await admin(server.url);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

let run = 0;
const address = (name: string) => `${name.toLowerCase()}-${Date.now()}-${run++}@crew.test`;

/** The link's token, and the link made to point at the test server (PUBLIC_URL is another host). */
function follow(mail: ReceivedMail) {
  expect(mail.link).toMatch(new RegExp(`^${PUBLIC_URL}/accept-invite\\?token=[A-Za-z0-9_-]{43}$`));
  const url = new URL(mail.link!);
  return { token: url.searchParams.get("token")!, local: `${server.url}/accept-invite${url.search}` };
}

const invite = (body: unknown) => boss.post("/api/admin/invitations", body);
const accept = (token: string, password = PASSWORD) =>
  new Client(server.url).post("/api/invitations/accept", { token, password });
const tally = async () => ({
  invitations: (await server.database.db.select({ n: count() }).from(invitations))[0]!.n,
  mail: (await server.database.db.select({ n: count() }).from(mailOutbox))[0]!.n,
  audit: (await server.database.db.select({ n: count() }).from(auditEvents))[0]!.n,
});

/** Polls until `check` passes or the deadline is past (the machine may be slow). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in time: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function inviteOne(name: string) {
  const email = address(name);
  const res = await invite({ invitations: [{ email, firstName: name, lastName: "Crew" }] });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ applied: true, invited: 1, invalid: 0 });
  const mail = await smtp.waitFor((m) => m.to === email, 60_000);
  const [row] = await server.database.db.select().from(invitations).where(eq(invitations.email, email));
  return { email, id: row!.id, mail, ...follow(mail) };
}

describe("invitations", () => {
  it("sends a roster of 1,000 through SMTP, shows them sent, and one invitee accepts with sign-up closed", async () => {
    const tag = `roster${Date.now()}`;
    const lines = ["email,first name,last name"];
    for (let i = 0; i < 1000; i++) lines.push(`${tag}-${i}@crew.test,First${i},"Last, ${i}"`);
    const csv = `${lines.join("\r\n")}\r\n`;

    const dry = await boss.call("POST", "/api/admin/invitations?dryRun=true", csv, { "content-type": "text/csv" });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, applied: false, total: 1000, invited: 1000, invalid: 0, rows: [] });
    expect((await tally()).invitations).toBe(0);

    const sent = await boss.call("POST", "/api/admin/invitations", csv, { "content-type": "text/csv" });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ dryRun: false, applied: true, total: 1000, invited: 1000, skipped: 0 });
    const ours = (m: ReceivedMail) => m.to.startsWith(`${tag}-`);
    await eventually(
      async () => smtp.received.filter(ours).length,
      (n) => n === 1000,
    );
    const page = await eventually(
      async () => (await boss.get("/api/admin/invitations?status=sent&limit=500")).body,
      (body) => body.counts.sent >= 1000,
    );
    expect(page.items).toHaveLength(500);
    expect(page.total).toBe(page.counts.sent);
    const second = await boss.get("/api/admin/invitations?status=sent&limit=500&offset=500");
    expect(second.body.items).toHaveLength(500);
    expect(new Set([...page.items, ...second.body.items].map((i: { id: number }) => i.id)).size).toBe(1000);

    // Every message is addressed to its invitee, greets them by name, and carries its own link.
    const mails = smtp.received.filter(ours);
    const mail = mails.find((m) => m.to === `${tag}-7@crew.test`)!;
    expect(mail.subject).toBe("You are invited to JCBA Study Hub");
    expect(mail.text).toContain("Hello First7,");
    expect(mail.text).toContain("for 14 days");
    expect(mail.html).toContain('<html lang="en">');
    expect(new Set(mails.map((m) => m.link)).size).toBe(1000);
    const { token, local } = follow(mail);
    // Only the token's hash is stored.
    expect((await server.database.db.select().from(invitations).where(eq(invitations.tokenHash, token))).length).toBe(
      0,
    );

    // Sign-up is closed, the invitation still works.
    const closed = await new Client(server.url).post("/api/register", {
      email: `${tag}-7@crew.test`,
      password: PASSWORD,
      firstName: "First7",
      lastName: "Last",
    });
    expect(closed.status).toBe(403);
    const form = await fetch(local);
    expect(form.status).toBe(200);
    expect(form.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await form.text();
    expect(html).toContain("Welcome, First7");
    expect(html).toContain(`value="${tag}-7@crew.test"`);

    const weak = await accept(token, "password1234");
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/password/i);
    const device = new Client(server.url);
    const done = await device.post("/api/invitations/accept", { token, password: PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ email: `${tag}-7@crew.test`, firstName: "First7", lastName: "Last, 7" });
    expect((await device.get("/api/auth/user")).status).toBe(200);
    // The link proved the address: with verification required the member still signs in.
    const [invitee] = await server.database.db
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, `${tag}-7@crew.test`));
    expect(invitee?.verifiedAt).toBeInstanceOf(Date);
    expect(
      (await new Client(server.url).post("/api/login", { email: `${tag}-7@crew.test`, password: PASSWORD })).status,
    ).toBe(200);
    const accepted = await boss.get("/api/admin/invitations?status=accepted");
    expect(accepted.body.items.map((i: { email: string }) => i.email)).toContain(`${tag}-7@crew.test`);
    const audit = await server.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(sql`${auditEvents.kind} = 'invitation.created' AND ${auditEvents.after}->>'email' LIKE ${`${tag}-%`}`);
    expect(audit[0]!.n).toBe(1000);
    expect(
      (await server.database.db.select().from(auditEvents).where(eq(auditEvents.kind, "invitation.accepted"))).length,
    ).toBeGreaterThanOrEqual(1);

    // Used once: the same link again is refused, and so is a second roster naming members and invitees.
    const again = await accept(token);
    expect(again.status).toBe(400);
    expect(again.body.message).toContain("already accepted");
    const repeat = await boss.call("POST", "/api/admin/invitations?dryRun=true", lines.slice(0, 10).join("\n"), {
      "content-type": "text/csv",
    });
    expect(repeat.body).toMatchObject({ invited: 0, invalid: 0, skipped: 9 });
    expect(repeat.body.rows.find((r: { row: number }) => r.row === 8)).toMatchObject({ outcome: "member" });
    expect(repeat.body.rows.find((r: { row: number }) => r.row === 1)).toMatchObject({ outcome: "invited" });
  });

  it("refuses an expired link, and a resend voids the old link and sends a new one that works", async () => {
    const first = await inviteOne("Expiring");
    await server.database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(invitations.id, first.id));
    const late = await accept(first.token);
    expect(late.status).toBe(400);
    expect(late.body.message).toContain("expired");
    expect(await (await fetch(first.local)).text()).toContain("That invitation has expired.");
    const listed = await boss.get("/api/admin/invitations?status=expired");
    expect(listed.body.items.map((i: { id: number }) => i.id)).toContain(first.id);

    const resent = await boss.post(`/api/admin/invitations/${first.id}/resend`);
    expect(resent.status).toBe(200);
    const newer = await smtp.waitFor((m) => m.to === first.email && !m.link!.includes(first.token), 60_000);
    const { token } = follow(newer);
    expect(token).not.toBe(first.token);
    expect((await accept(first.token)).status).toBe(400);
    expect((await accept(token)).status).toBe(200);
    expect((await boss.post(`/api/admin/invitations/${first.id}/resend`)).status).toBe(409);
    expect((await boss.delete(`/api/admin/invitations/${first.id}`)).status).toBe(409);
  });

  it("refuses a revoked link; revoking twice or an unknown invitation is a clear 4xx", async () => {
    const one = await inviteOne("Revoked");
    const revoked = await boss.delete(`/api/admin/invitations/${one.id}`);
    expect(revoked.status).toBe(200);
    const refused = await accept(one.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("withdrawn");
    expect((await boss.delete(`/api/admin/invitations/${one.id}`)).status).toBe(409);
    expect((await boss.post(`/api/admin/invitations/${one.id}/resend`)).status).toBe(409);
    expect((await boss.delete("/api/admin/invitations/999999")).status).toBe(404);
    expect((await boss.delete("/api/admin/invitations/abc")).status).toBe(400);
    const listed = await boss.get("/api/admin/invitations?status=revoked");
    expect(listed.body.items.map((i: { id: number }) => i.id)).toContain(one.id);
    // The address may be invited again.
    const again = await invite({ invitations: [{ email: one.email, firstName: "Revoked", lastName: "Crew" }] });
    expect(again.body).toMatchObject({ applied: true, invited: 1 });
    expect((await accept("A".repeat(43))).status).toBe(400);
  });

  it("gives members 403 on every invitation path, and signed-out callers 401", async () => {
    const { token } = await inviteOne("Member");
    const crew = new Client(server.url);
    expect((await crew.post("/api/invitations/accept", { token, password: PASSWORD })).status).toBe(200);
    const before = await tally();
    const paths: [string, string, unknown?][] = [
      ["POST", "/api/admin/invitations", { invitations: [{ email: address("x"), firstName: "X", lastName: "Y" }] }],
      ["GET", "/api/admin/invitations"],
      ["POST", "/api/admin/invitations/1/resend", {}],
      ["DELETE", "/api/admin/invitations/1"],
    ];
    for (const [method, path, body] of paths) {
      expect((await crew.call(method, path, body)).status).toBe(403);
      expect((await new Client(server.url).call(method, path, body)).status).toBe(401);
    }
    expect(
      (
        await crew.call("POST", "/api/admin/invitations", `${address("csv")},A,B`, {
          "content-type": "text/csv",
        })
      ).status,
    ).toBe(403);
    expect(await tally()).toEqual(before);
  });

  it("reports malformed rows in a dry run, and refuses them with nothing written", async () => {
    const good = address("good");
    const csv = [
      "email,firstName,lastName",
      `${good},Good,Row`,
      "not-an-address,Bad,Email",
      `${address("noname")},,Nameless`,
      `${good.toUpperCase()},Twice,Listed`,
      `${address("short")}`,
    ].join("\n");
    const before = await tally();
    const dry = await boss.call("POST", "/api/admin/invitations?dryRun=true", csv, { "content-type": "text/csv" });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ total: 5, invited: 1, invalid: 4, applied: false });
    expect(dry.body.rows.map((r: { row: number; outcome: string }) => [r.row, r.outcome])).toEqual([
      [2, "invalid"],
      [3, "invalid"],
      [4, "duplicate"],
      [5, "invalid"],
    ]);
    expect(dry.body.rows[0].problems.join()).toContain("email: Enter a valid e-mail address.");
    expect(dry.body.rows[1].problems.join()).toContain("firstName: Enter the first name.");

    const refused = await boss.call("POST", "/api/admin/invitations", csv, { "content-type": "text/csv" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("4 row(s) of the roster are not valid");
    for (const body of [
      {},
      { invitations: [] },
      { invitations: "x" },
      { invitations: [{ email: good, firstName: "A", lastName: "B" }], csv: "a,b,c" },
      { csv: "" },
      { csv: 'a@b.test,"unclosed' },
      { invitations: [{ email: 5 }] },
      { invitations: [{ email: "x@y.test", firstName: "A", lastName: "B" }], dryRun: "maybe" },
    ]) {
      const res = await invite(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const tooMany = Array.from({ length: 25_001 }, (_, i) => `r${i}@crew.test,A,B`).join("\n");
    const big = await boss.call("POST", "/api/admin/invitations?dryRun=true", tooMany, { "content-type": "text/csv" });
    expect(big.status).toBe(400);
    expect(big.body.message).toContain("at most 25,000");
    expect((await boss.call("POST", "/api/admin/import", "a,b", { "content-type": "text/csv" })).status).toBe(415);
    expect((await boss.get("/api/admin/invitations?status=lost")).status).toBe(400);
    expect(await tally()).toEqual(before);
    expect(
      (await server.database.db.select().from(users).where(like(users.email, "%@crew.test"))).length,
    ).toBeGreaterThan(0);
  });
});
