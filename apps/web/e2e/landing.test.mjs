import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot } from "./checks.mjs";
import { BASE_URL, browser, DESKTOP, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";

withBrowser();

test("a signed-out visitor sees the landing page on every path, and Sign In goes to /api/login", async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  for (const path of ["/", "/study/7", "/flashcards?section=2", "/admin", "/no-such-page"]) {
    await page.goto(BASE_URL + path);
    await page.getByRole("heading", { level: 1, name: "JCBA Study Hub" }).waitFor();
    assert.equal(await page.locator(".landing-card").count(), 5, `four feature cards and the footer card on ${path}`);
  }
  await expectNoSeriousA11yViolations(page, "on the landing page");
  await screenshot(page, "landing-desktop-light");
  await page.getByRole("link", { name: "Sign In" }).click();
  await page.waitForURL("**/api/login");
  await page.getByLabel("E-mail").waitFor();
  await context.close();
});

test("robots.txt lets search engines index the landing page and keeps them out of /api/", async () => {
  const res = await fetch(`${BASE_URL}/robots.txt`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
  const lines = (await res.text()).split("\n").map((l) => l.trim());
  assert.ok(lines.includes("User-agent: *"));
  assert.ok(lines.includes("Allow: /"));
  assert.ok(lines.includes("Disallow: /api/"));
});

test("the landing page fits a phone in dark mode", async () => {
  const context = await browser.newContext({ viewport: MOBILE, colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("heading", { level: 1, name: "JCBA Study Hub" }).waitFor();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, "on the landing page (dark, mobile)");
  await screenshot(page, "landing-mobile-dark");
  await context.close();
});

test("signing in through the form shows the signed-in app with the user's name", async () => {
  const { context, account } = await signedInContext(browser, { first: "Dana", last: "Whitfield" });
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/api/login`);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("heading", { name: /Welcome back, Dana/ }).waitFor();
  await page.getByRole("link", { name: "Logout" }).click();
  await page.getByRole("link", { name: "Sign In" }).waitFor();
  await context.close();
});

test("a wrong password shows a message that does not say whether the e-mail exists", async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/api/login`);
  await page.getByLabel("E-mail").fill("nobody@e2e.test");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("alert").filter({ hasText: "That e-mail and password do not match an account." }).waitFor();
  await context.close();
});
