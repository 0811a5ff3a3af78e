import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot } from "./checks.mjs";
import { BASE_URL, DESKTOP, launch, MOBILE, signedInContext } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("Change Password checks the form, refuses a wrong current password, and signs out every other device", async () => {
  const { context, account } = await signedInContext(browser);
  // The same member on another device.
  const other = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
  const login = await other.request.post(`${BASE_URL}/api/login`, {
    data: { email: account.email, password: account.password },
  });
  assert.ok(login.ok());

  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByRole("heading", { level: 1, name: "Change Password" }).waitFor();
  assert.equal(new URL(page.url()).pathname, "/account/password");

  // Checked in the browser with the server's schema: too short, then two different new passwords.
  await page.getByLabel("Current password").fill(account.password);
  await page.getByLabel(/^New password/).fill("too-short");
  await page.getByLabel("Confirm new password").fill("too-short");
  await page.getByRole("button", { name: "Change Password" }).click();
  await page.getByText("The password needs at least 12 characters.").waitFor();
  await page.getByLabel(/^New password/).fill("a-brand-new-password-7");
  await page.getByLabel("Confirm new password").fill("a-brand-new-password-8");
  await page.getByRole("button", { name: "Change Password" }).click();
  await page.getByText("The two new passwords do not match.").waitFor();

  // Refused by the server.
  await page.getByLabel("Current password").fill("not-my-password-at-all");
  await page.getByLabel("Confirm new password").fill("a-brand-new-password-7");
  await page.getByRole("button", { name: "Change Password" }).click();
  await page.getByText("That is not your current password.").waitFor();
  await expectNoSeriousA11yViolations(page, "on Change Password with an error");

  await page.getByLabel("Current password").fill(account.password);
  await page.getByRole("button", { name: "Change Password" }).click();
  await page.getByText("Password changed").waitFor();
  await screenshot(page, "account-password");

  // This device stays signed in; the other one is signed out at once.
  assert.equal((await context.request.get(`${BASE_URL}/api/auth/user`)).status(), 200);
  assert.equal((await other.request.get(`${BASE_URL}/api/auth/user`)).status(), 401);
  const otherPage = await other.newPage();
  await otherPage.goto(`${BASE_URL}/`);
  await otherPage.getByRole("link", { name: "Sign In" }).waitFor();
  await other.close();
  await context.close();
});

test("API Tokens: create a read-only token, see it once, use it, and revoke it", async () => {
  const { context } = await signedInContext(browser, { viewport: MOBILE });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/account/tokens`);
  await page.getByRole("heading", { level: 1, name: "API Tokens" }).waitFor();
  await page.getByTestId("no-tokens").waitFor();

  await page.getByRole("button", { name: "Create Token" }).click();
  await page.getByText("Give the token a name.").waitFor();
  await page.getByLabel("Name").fill("nightly export");
  await page.getByLabel("Access").selectOption("read");
  await page.getByLabel("Expires after").selectOption("30");
  await page.getByRole("button", { name: "Create Token" }).click();
  const token = (await page.getByTestId("token-value").textContent())?.trim();
  assert.match(token ?? "", /^[a-z2-7]{32}$/);
  const row = page.getByTestId("token-row").filter({ hasText: "nightly export" });
  await row.getByText("Read-only").waitFor();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, "on API Tokens");
  await screenshot(page, "account-tokens-mobile");

  // The token reads, but cannot write.
  const script = await browser.newContext();
  const headers = { authorization: `Bearer ${token}` };
  assert.equal((await script.request.get(`${BASE_URL}/api/auth/user`, { headers })).status(), 200);
  const write = await script.request.post(`${BASE_URL}/api/flashcard-mastery`, {
    headers,
    data: { flashcardId: 1, mastered: true },
  });
  assert.equal(write.status(), 403);

  // Once revoked it stops working at once, and the list is empty again.
  await page.getByRole("button", { name: "Revoke token nightly export" }).click();
  await page.getByText("Token revoked").waitFor();
  await page.getByTestId("no-tokens").waitFor();
  assert.equal((await script.request.get(`${BASE_URL}/api/auth/user`, { headers })).status(), 401);
  await script.close();
  await context.close();
});

test("signing up through the form refuses a common password, then asks the new member to sign in", async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const email = `signup${Date.now()}@e2e.test`;
  await page.goto(`${BASE_URL}/api/login?mode=signup`);
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill("1qaz2wsx3edc");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("alert").filter({ hasText: "not a common password" }).waitFor();

  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill("cabin-crew-study-2026");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("status").filter({ hasText: "Sign in with it and your password." }).waitFor();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("cabin-crew-study-2026");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("heading", { name: /Welcome back, Robin/ }).waitFor();
  await context.close();
});
