/**
 * 'Forgot password?' in Chromium: the sign-in page's link, the e-mail received by a real SMTP server
 * on the loopback port the server sends to (run.mjs), its link followed, a new password chosen, the
 * member signed in, and the used link refused.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { BASE_URL, DESKTOP, launch, registerMember, signedInContext, until } from "./helpers.mjs";
import { startMailbox } from "./mail.mjs";

/** The address links are built from (run.mjs sets PUBLIC_URL to localhost: passkeys need a host name). */
const PUBLIC_URL = BASE_URL.replace("127.0.0.1", "localhost");

let mailbox;
let browser;

before(async () => {
  mailbox = await startMailbox();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await mailbox?.close();
});

const mailTo = (address) => mailbox.mailTo(address);

test("a member who forgot the password gets a link by e-mail, chooses a new one and is signed in", async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
  const account = await registerMember(context.request, "Nora", "Forgot");
  const page = await context.newPage();
  // A member who has used the app on this device before: its service worker answers page
  // navigations, and must let the e-mailed link through to the server's page.
  await page.goto(`${BASE_URL}/`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await until(page, () => navigator.serviceWorker.controller !== null, undefined, "the worker to control the page");
  await context.clearCookies();
  await page.goto(`${BASE_URL}/api/login`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByRole("heading", { name: "Forgot password?" }).waitFor();
  await expectNoSeriousA11yViolations(page, "on Forgot password");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await page.getByText("If an account exists for that address, we sent a link.").waitFor();

  const mail = await mailTo(account.email);
  assert.equal(mail.subject, "Reset your JCBA Study Hub password");
  assert.match(mail.html, /<a href="http:\/\/localhost:\d+\/reset-password\?token=/);
  const sent = mail.text.match(/https?:\/\/\S+/)[0];
  assert.ok(sent.startsWith(`${PUBLIC_URL}/reset-password?token=`));
  // Followed on the address this browser has used (the same server), where its service worker runs.
  const link = sent.replace(PUBLIC_URL, BASE_URL);

  await page.goto(link);
  await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
  await expectNoSeriousA11yViolations(page, "on Choose a new password");
  await page.getByLabel(/^New password/).fill("a-new-password-from-mail-3");
  await page.getByLabel("Confirm new password").fill("a-new-password-from-mail-3");
  await page.getByRole("button", { name: "Set Password and Sign In" }).click();
  await page.waitForURL(`${BASE_URL}/`);
  const me = await context.request.get(`${BASE_URL}/api/auth/user`);
  assert.equal(me.status(), 200);
  assert.equal((await me.json()).email, account.email);

  // The old password no longer works; the new one does; the link works only once.
  const other = await browser.newContext({ baseURL: BASE_URL });
  assert.equal((await other.request.post(`${BASE_URL}/api/login`, { data: account })).status(), 401);
  const fresh = await other.request.post(`${BASE_URL}/api/login`, {
    data: { email: account.email, password: "a-new-password-from-mail-3" },
  });
  assert.equal(fresh.status(), 200);
  const again = await other.newPage();
  await again.goto(link);
  await again.getByText("That link was already used. Ask for a new one below.").waitFor();
  await other.close();
  await context.close();
});

test("an admin sends a member a password-reset link from Platform Users, and sees no failed e-mail", async () => {
  const setup = await browser.newContext({ baseURL: BASE_URL });
  const account = await registerMember(setup.request, "Omar", "Directory");
  await setup.close();
  const { context } = await signedInContext(browser, { admin: true, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/admin`);
  await page.getByRole("heading", { name: "E-mail not sent" }).waitFor();
  await page.getByText("Every message was sent.").waitFor();
  await page.getByTestId("user-search").fill(account.email);
  await page.getByRole("button", { name: `Send password reset to ${account.email}` }).click();
  await page.getByText(`A link to choose a new password was sent to ${account.email}.`).waitFor();
  const mail = await mailTo(account.email);
  assert.match(mail.text, /reset-password\?token=[A-Za-z0-9_-]{43}/);
  await context.close();
});
