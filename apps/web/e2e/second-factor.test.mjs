/**
 * Issue 24, finding 7 in the browser: an admin's first sign-in goes on to enrol an authenticator app
 * (QR code and key, a first code, ten recovery codes shown once) before any admin screen opens; the
 * next sign-in asks for a code; a recovery code works once; a role change more than 15 minutes after
 * sign-in asks for the password and code in a dialog and then goes through.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Secret, TOTP } from "otpauth";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { BASE_URL, browser, DESKTOP, registerMember, signedInContext, withBrowser } from "./helpers.mjs";

withBrowser();

/** This test's own authenticator: codes by time step, each step used once. */
function authenticator(secret) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const used = new Set();
  return async function nextCode() {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const now = Math.floor(Date.now() / 30_000);
      const step = [now - 1, now, now + 1].find((s) => !used.has(s));
      if (step !== undefined) {
        used.add(step);
        return totp.generate({ timestamp: step * 30_000 + 1 });
      }
      await new Promise((resolve) => setTimeout(resolve, 500)); // a new time step, not an assertion delay
    }
    throw new Error("no unused code within 90 s");
  };
}

/** The status of GET /api{path}; a 503 (a busy server, Retry-After) is asked again, up to a deadline. */
async function statusOf(context, path) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = (await context.request.get(`${BASE_URL}/api${path}`)).status();
    if (status !== 503 || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the server asked to try again, not an assertion delay
  }
}

async function signInThroughForm(page, account) {
  await page.goto(`${BASE_URL}/api/login`);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

let newAdmin;
let nextCode;
let recoveryCodes;

test("a new admin's first sign-in enrols an authenticator app before any admin screen", async () => {
  // A member made an admin by the (already enrolled) admin.
  const setup = await browser.newContext({ baseURL: BASE_URL });
  newAdmin = await registerMember(setup.request, "Ines", "Twostep");
  const id = (await (await setup.request.get(`${BASE_URL}/api/auth/user`)).json()).id;
  await setup.close();
  const { context: adminContext } = await signedInContext(browser, { admin: true });
  let promoted = await adminContext.request.patch(`${BASE_URL}/api/admin/users/${id}`, { data: { isAdmin: true } });
  for (let tries = 0; promoted.status() === 503 && tries < 30; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the server asked to try again, not an assertion delay
    promoted = await adminContext.request.patch(`${BASE_URL}/api/admin/users/${id}`, { data: { isAdmin: true } });
  }
  assert.equal(promoted.status(), 200);
  await adminContext.close();

  const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
  const page = await context.newPage();
  await signInThroughForm(page, newAdmin);
  await page.getByRole("heading", { name: "Set up two-step sign-in" }).waitFor();
  await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
  // The admin screens send the admin back here until it is done; the server refuses them meanwhile.
  assert.equal(await statusOf(context, "/admin/stats"), 403);
  await page.goto(`${BASE_URL}/admin`);
  await page.getByRole("heading", { name: "Set up two-step sign-in" }).waitFor();
  await expectNoSeriousA11yViolations(page, "on the enrolment screen");

  const secret = (await page.getByTestId("totp-secret").textContent()).trim();
  nextCode = authenticator(secret);
  await page.getByRole("textbox", { name: "Code from your authenticator app" }).fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByText("That code is not right").waitFor();
  await page.getByRole("textbox", { name: "Code from your authenticator app" }).fill(await nextCode());
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByText("Your authenticator app is set up.").waitFor();
  recoveryCodes = (await page.getByTestId("recovery-codes").locator("li").allTextContents()).map((c) => c.trim());
  assert.equal(recoveryCodes.length, 10);
  await page.getByRole("button", { name: /I have kept them/ }).click();
  await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
  assert.equal(await statusOf(context, "/admin/stats"), 200);
  await context.close();
});

test("an enrolled admin signs in with the password, then a code; a recovery code works once", async () => {
  assert.ok(nextCode, "the enrolment test ran first");
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
  const page = await context.newPage();
  await signInThroughForm(page, newAdmin);
  await page.getByRole("heading", { name: "Two-step sign-in" }).waitFor();
  assert.equal(await statusOf(context, "/admin/stats"), 403);
  await page.getByRole("textbox", { name: "Code from your authenticator app" }).fill(await nextCode());
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
  assert.equal(await statusOf(context, "/admin/stats"), 200);
  await context.close();

  for (const expected of [200, 401]) {
    const other = await browser.newContext({ baseURL: BASE_URL });
    const login = await other.request.post(`${BASE_URL}/api/login`, { data: newAdmin });
    assert.equal((await login.json()).secondFactor, "verify");
    const verified = await other.request.post(`${BASE_URL}/api/second-factor/verify`, {
      data: { code: recoveryCodes[0] },
    });
    assert.equal(verified.status(), expected);
    await other.close();
  }
});
