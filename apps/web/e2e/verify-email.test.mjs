/**
 * Verified addresses in Chromium: sign-up on a server that requires them (one of its own, started
 * here with REQUIRE_EMAIL_VERIFICATION=true, on a fresh embedded database, sending to a real SMTP
 * server on loopback), sign-in refused with 'Send the link again' offered, the e-mailed link
 * followed, and the member signed in.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { DESKTOP, launch } from "./helpers.mjs";
import { startOwnServer } from "./server-process.mjs";

const received = [];
let smtp;
let server;
let browser;
let baseUrl;

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((r) => smtp.listen(0, "127.0.0.1", r));
  server = await startOwnServer("verify", {
    SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
    REQUIRE_EMAIL_VERIFICATION: "true",
  });
  baseUrl = server.baseUrl;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => smtp?.close(r));
});

/** Polls for the first message to `address` (the outbox may retry), with a generous deadline. */
async function mailTo(address, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const mail = received.find((m) => m.to?.value?.[0]?.address === address);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("a new member confirms the address from the e-mail before signing in", async () => {
  const email = `verify-${Date.now()}@e2e.test`;
  const password = "a-verified-password-7";
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/api/login?mode=signup`);
  await page.getByLabel("First name").fill("Vera");
  await page.getByLabel("Last name").fill("Link");
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByText("we sent a link to confirm the address").waitFor();

  // Signing in before following the link is refused, and the page offers a new link.
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByText("Confirm your e-mail address first").waitFor();
  await page.getByRole("heading", { name: "Send the link again" }).waitFor();
  assert.equal((await context.request.get(`${baseUrl}/api/auth/user`)).status(), 401);

  const mail = await mailTo(email);
  assert.equal(mail.subject, "Confirm your e-mail address for JCBA Study Hub");
  const link = mail.text.match(/https?:\/\/\S+/)[0];
  assert.ok(link.startsWith(`${baseUrl}/verify-email?token=`));
  await page.goto(link);
  await page.getByRole("heading", { name: "Confirm your e-mail address" }).waitFor();
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await page.getByText("Your e-mail address is confirmed.").waitFor();

  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(`${baseUrl}/`, { timeout: 60_000 });
  const me = await context.request.get(`${baseUrl}/api/auth/user`);
  assert.equal(me.status(), 200);
  assert.equal((await me.json()).email, email);
  await context.close();
});
