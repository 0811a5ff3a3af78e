/**
 * Invitations in Chromium: an admin invites one address from Admin → Invitations, the invitation's
 * e-mail (received by a real SMTP server on loopback, run.mjs) is opened, its link followed, the
 * invitee sets a password and lands in the app signed in; the admin then sees it accepted.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { BASE_URL, DESKTOP, launch, signedInContext, unique } from "./helpers.mjs";
import { startMailbox } from "./mail.mjs";

/** The address links are built from (run.mjs sets PUBLIC_URL to localhost). */
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

test("an admin invites an address, and the invitee follows the e-mailed link, sets a password and is signed in", async () => {
  const email = `invitee-${unique()}@crew.test`;
  const { context: adminContext } = await signedInContext(browser, { admin: true, viewport: DESKTOP });
  const page = await adminContext.newPage();
  await page.goto(`${BASE_URL}/admin`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Invitations" }).click();
  await page.getByRole("heading", { name: "Invitations", level: 1 }).waitFor();
  await page.getByRole("heading", { name: "Sent invitations" }).waitFor();
  await expectNoSeriousA11yViolations(page, "on Invitations");

  const form = page.getByTestId("invite-one");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("First name").fill("Ines");
  await form.getByLabel("Last name").fill("Invited");
  await form.getByRole("button", { name: "Send Invitation" }).click();
  await page.getByText(`Invitation sent to ${email}`).first().waitFor();
  const row = page.getByTestId("invitation-row").filter({ hasText: email });
  await row.waitFor({ timeout: 60_000 });

  const mail = await mailbox.mailTo(email);
  assert.equal(mail.subject, "You are invited to JCBA Study Hub");
  const sent = mail.text.match(/https?:\/\/\S+/)[0];
  assert.ok(sent.startsWith(`${PUBLIC_URL}/accept-invite?token=`), sent);

  // The invitee, on a device of their own.
  const invitee = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
  const welcome = await invitee.newPage();
  await welcome.goto(sent.replace(PUBLIC_URL, BASE_URL));
  await welcome.getByRole("heading", { name: "Welcome, Ines" }).waitFor();
  await expectNoSeriousA11yViolations(welcome, "on Accept the invitation");
  await welcome.getByLabel(/^Password/).fill("an-invited-password-from-mail-5");
  await welcome.getByLabel("Confirm password").fill("an-invited-password-from-mail-5");
  await welcome.getByRole("button", { name: "Create Account and Sign In" }).click();
  await welcome.waitForURL(`${BASE_URL}/`);
  const me = await invitee.request.get(`${BASE_URL}/api/auth/user`);
  assert.equal(me.status(), 200);
  assert.deepEqual((({ email: e, firstName, lastName }) => ({ e, firstName, lastName }))(await me.json()), {
    e: email,
    firstName: "Ines",
    lastName: "Invited",
  });
  await invitee.close();

  // The admin sees it accepted (polling the list, which the screen refreshes on Refresh).
  await page.getByTestId("invitation-status").selectOption("accepted");
  const accepted = page.getByTestId("invitation-row").filter({ hasText: email });
  const deadline = Date.now() + 60_000;
  while ((await accepted.getAttribute("data-status").catch(() => null)) !== "accepted") {
    if (Date.now() > deadline) throw new Error("the invitation was not shown accepted");
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.waitForTimeout(250);
  }
  await adminContext.close();
});
