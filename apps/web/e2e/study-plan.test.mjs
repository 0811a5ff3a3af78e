import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, expectWcag22AA } from "./checks.mjs";
import { api, browser, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";

withBrowser();

const DAY = 24 * 60 * 60 * 1000;

/**
 * The toast with this title, held on screen (the pointer over it pauses its 5 s) while axe checks the
 * page with it against WCAG 2.2 AA; it must still be there when axe is done, or it was not checked.
 */
async function expectToastPassesAxe(page, title, label) {
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
  await toast.waitFor();
  await toast.hover();
  await expectWcag22AA(page, label);
  assert.equal(await toast.count(), 1, `the '${title}' toast left before axe checked it`);
}

test("a study plan set from the dashboard's plan card, then shown on it with today's goal", async () => {
  const { context } = await signedInContext(browser, { viewport: MOBILE });
  const page = await context.newPage();
  await page.goto("/");
  const card = page.getByTestId("plan-card");
  await card.getByText("Know these sections by a date").waitFor();
  await card.getByRole("link", { name: "Set a plan" }).click();
  await page.waitForURL((u) => u.pathname === "/plan");
  await page.getByRole("heading", { level: 1, name: "Study plan" }).waitFor();

  // Nothing chosen: the form says what is missing and sends nothing.
  await page.getByRole("button", { name: "Save plan" }).click();
  await page.getByText("Choose at least one section.").waitFor();
  await page.getByText("Choose the date.").waitFor();

  // By keyboard: section 4 and section 25, a date three weeks on, the default 90 %.
  await page.getByRole("checkbox", { name: /^4\. / }).focus();
  await page.keyboard.press("Space");
  await page.getByRole("checkbox", { name: /^25\. / }).focus();
  await page.keyboard.press("Space");
  const day = new Date(Date.now() + 21 * DAY).toISOString().slice(0, 10);
  await page.getByTestId("plan-date").fill(day);
  await page.getByRole("button", { name: "Save plan" }).click();
  await page.getByRole("heading", { name: "Your plan", exact: true }).waitFor();
  // The screen is checked with the 'Plan saved' toast on it: its title and description must read at
  // 4.5:1 on the success green.
  await expectToastPassesAxe(page, "Plan saved", "on /plan with a plan and its toast");
  await expectNoSeriousA11yViolations(page, "on /plan with a plan");
  await expectNoHorizontalScroll(page);

  const { plan } = await api(context, "/study-plan");
  assert.deepEqual(plan.sections, [4, 25]);
  assert.equal(plan.endDate, day);
  assert.equal(plan.targetRecall, 0.9);

  await page.goto("/");
  const status = page.getByTestId("plan-card").getByTestId("plan-status");
  await status.waitFor();
  assert.equal(await status.getByTestId("plan-track").innerText(), plan.onTrack ? "On track" : "Behind");
  const goal = await status.getByTestId("plan-goal").innerText();
  assert.match(goal, new RegExp(`^Today: ${plan.goal.newItems} new questions? and ${plan.goal.reviews} reviews?`));
  await expectNoSeriousA11yViolations(page, "on the dashboard with a plan card");

  // In the dark.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/plan");
  await page.getByRole("heading", { name: "Your plan", exact: true }).waitFor();
  await expectNoSeriousA11yViolations(page, "on /plan in the dark");
  // Saved again unchanged: the success toast in the dark.
  await page.getByRole("button", { name: "Save plan" }).click();
  await expectToastPassesAxe(page, "Plan saved", "on /plan in the dark with its toast");
  await context.close();
});
