/**
 * Account → Signed-in Devices: a member signed in from two browsers sees both, signs the other one out
 * (by keyboard, after a confirmation), and that browser's next request lands on the way to sign in;
 * 'Sign out everywhere else' ends every session but this one. Checked on a phone in the dark theme.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectWcag22AA } from "./checks.mjs";
import { BASE_URL, browser, DESKTOP, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";

withBrowser();
/** The first screen of a fresh browser on a loaded machine can take a while: a generous deadline. */
const FIRST_SCREEN = { timeout: 90_000 };

/** The same member signed in from another browser (its own cookies). */
async function anotherBrowser(account) {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE_URL });
  const login = await context.request.post(`${BASE_URL}/api/login`, {
    data: { email: account.email, password: account.password },
  });
  assert.ok(login.ok(), `second sign-in: ${login.status()}`);
  return context;
}

const signedIn = async (context) => (await context.request.get(`${BASE_URL}/api/auth/user`)).status();

test("a member signed in from two browsers sees both and signs the other out; its next request lands on sign-in", async () => {
  const { context, account } = await signedInContext(browser, { viewport: MOBILE, colorScheme: "dark" });
  const other = await anotherBrowser(account);
  const otherPage = await other.newPage();
  await otherPage.goto(`${BASE_URL}/`);
  await otherPage.getByRole("heading", { level: 1 }).first().waitFor(FIRST_SCREEN);

  const page = await context.newPage();
  await page.goto(`${BASE_URL}/account/devices`);
  await page.getByRole("heading", { level: 1, name: "Signed-in Devices" }).waitFor(FIRST_SCREEN);
  const rows = page.getByTestId("device-row");
  await rows.nth(1).waitFor();
  assert.equal(await rows.count(), 2);
  const here = rows.filter({ has: page.getByTestId("this-device") });
  const there = rows.filter({ hasNot: page.getByTestId("this-device") });
  assert.equal(await here.count(), 1);
  // Where each session began, as the server reports it (a loopback address's /24), and its browser.
  assert.match(await there.textContent(), /Chrom\w* on Linux/);
  assert.match(await there.textContent(), /127\.0\.0\.0\/24/);
  // This device signs out with Logout, not here.
  assert.equal(await here.getByRole("button").count(), 0);
  await page.waitForFunction(() => !document.querySelector(".chakra-spinner"), null, { timeout: 30_000 });
  await expectNoHorizontalScroll(page);
  await expectWcag22AA(page, "on Signed-in Devices (phone, dark)");

  // By keyboard: Enter opens the confirmation, Esc leaves everything as it was.
  const signOut = there.getByRole("button", { name: /^Sign out Chrom/ });
  await signOut.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await dialog.getByRole("heading", { name: /^Sign out Chrom\w* on Linux\?$/ }).waitFor();
  await expectWcag22AA(page, "on the sign-out confirmation (phone, dark)");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  assert.equal(await signedIn(other), 200);

  await signOut.focus();
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Sign out", exact: true }).focus();
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "hidden" });
  await page.getByText("Device signed out").first().waitFor();
  await there.waitFor({ state: "detached" });
  assert.equal(await rows.count(), 1);
  assert.equal(await page.getByRole("button", { name: "Sign out everywhere else" }).count(), 0);

  // The other browser is signed out: the page it has open takes it to the way in, then to sign-in.
  assert.equal(await signedIn(other), 401);
  assert.equal(await signedIn(context), 200);
  await otherPage.reload();
  await otherPage.getByRole("link", { name: "Sign In" }).click();
  await otherPage.waitForURL(/\/api\/login/);
  await otherPage
    .getByLabel(/e-?mail/i)
    .first()
    .waitFor();
  await other.close();
  await context.close();
});

test("'Sign out everywhere else' ends every session but this one", async () => {
  const { context, account } = await signedInContext(browser, { viewport: DESKTOP });
  const others = [await anotherBrowser(account), await anotherBrowser(account)];
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/account/devices`);
  const rows = page.getByTestId("device-row");
  await rows.nth(2).waitFor(FIRST_SCREEN);
  assert.equal(await rows.count(), 3);

  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByRole("heading", { name: "Sign out all 2 other devices?" }).waitFor();
  await dialog.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.getByText("2 devices were signed out.").first().waitFor();
  await rows.nth(1).waitFor({ state: "detached" });
  assert.equal(await rows.count(), 1);
  assert.equal(await rows.getByTestId("this-device").count(), 1);
  for (const o of others) {
    assert.equal(await signedIn(o), 401);
    await o.close();
  }
  assert.equal(await signedIn(context), 200);
  await context.close();
});
