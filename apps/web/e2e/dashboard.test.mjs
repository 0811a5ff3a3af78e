import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot } from "./checks.mjs";
import { browser, DESKTOP, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";
import {
  answerViaApi,
  assertBandColour,
  holdTrpcCall,
  questionCounts,
  questionsOf,
  submitTest,
} from "./study-data.mjs";

withBrowser();

/** The contract's 2016 titles the dashboard shows for sections 1–8. */
const TITLES = [
  "Recognition, Scope, Successorship and Mergers",
  "Definitions",
  "General",
  "Compensation",
  "Expenses, Transportation and Lodging",
  "Minimum Pay and Credit, Hours of Service, and Contractual Legalities",
  "Scheduling",
  "Reserve Scheduling Procedures",
];
const NO_WEAK_AREAS = "Great job! No weak areas identified. Keep up the good work!";

const statValue = (page, label) => page.getByTestId(`stat-${label}`).getByTestId("stat-value").innerText();
const card = (page, n) => page.getByTestId(`section-card-${n}`);
const textColour = (locator) => locator.evaluate((el) => getComputedStyle(el).color);

async function openDashboard(page) {
  await page.goto("/");
  await page.getByRole("heading", { level: 1, name: "Welcome back, Maria!" }).waitFor();
  await card(page, 8).waitFor();
}

test("a new member sees zeroed stats, the 8 section cards with the contract titles and counts, and no focus areas", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const counts = await questionCounts(context.request);
  const page = await context.newPage();
  await openDashboard(page);

  assert.equal(await statValue(page, "Overall Progress"), "0%");
  assert.equal(await statValue(page, "Questions Completed"), "0");
  assert.equal(await statValue(page, "Study Streak"), "0 days");
  await page.getByRole("heading", { level: 2, name: "Section Progress" }).waitFor();
  assert.equal(await page.locator('[data-testid^="section-card-"]').count(), 8, "sections 1 to 8 only");
  for (let n = 1; n <= 8; n++) {
    const text = await card(page, n).innerText();
    assert.ok(
      text.includes(`Section ${n}`) && text.includes(TITLES[n - 1]),
      `card ${n} shows its number and the contract title`,
    );
    assert.ok(
      text.includes(`0 of ${counts.get(n)} questions completed`),
      `card ${n}: '0 of ${counts.get(n)} questions completed'`,
    );
    const link = card(page, n).getByRole("link", { name: `Continue Section ${n}` });
    assert.equal(await link.getAttribute("href"), `/study/${n}`);
    assert.equal(await card(page, n).getByRole("progressbar").getAttribute("aria-valuenow"), "0");
  }
  await page.getByRole("heading", { level: 2, name: "Focus Areas" }).waitFor();
  await page.getByText(NO_WEAK_AREAS, { exact: true }).waitFor();
  assert.equal(await page.getByRole("link", { name: /Practice Now/ }).count(), 0);
  await expectNoSeriousA11yViolations(page, "on the dashboard (light)");
  await screenshot(page, "dashboard-empty-desktop-light");

  await card(page, 3).getByRole("link", { name: "Continue Section 3" }).click();
  await page.waitForURL("**/study/3");
  await page.getByText(`Question 1 of ${counts.get(3)}`, { exact: true }).waitFor();
  await context.close();
});

test("answers and tests change the numbers: completed questions, progress, bars, accuracy colours, focus areas and the streak", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const request = context.request;
  const counts = await questionCounts(request);
  const bank = {};
  for (const s of [1, 2, 3, 4, 5, 6, 7, 8]) bank[s] = await questionsOf(request, s);
  const answer = async (section, right, wrong) => {
    const qs = bank[section];
    for (let i = 0; i < right + wrong; i++) await answerViaApi(request, qs[i], i < right);
  };
  await answer(1, 15, 0); // completed section, 100 %
  await answer(3, 0, 5); // 0 %  → weak
  await answer(5, 1, 4); // 20 % → weak
  await answer(6, 2, 3); // 40 % → weak
  await answer(7, 2, 3); // 40 % → weak, but only 3 are shown (ties by section number)
  await answer(8, 3, 2); // 60 % → not weak, amber
  await submitTest(
    request,
    [
      { q: bank[2][0], correct: true },
      { q: bank[2][1], correct: false },
    ],
    60,
  ); // one test: streak 1 day

  const page = await context.newPage();
  await openDashboard(page);
  assert.equal(await statValue(page, "Overall Progress"), "3%", "1 of 32 sections completed → 3%");
  assert.equal(
    await page.getByTestId("stat-Overall Progress").getByRole("progressbar").getAttribute("aria-valuenow"),
    "3",
  );
  assert.equal(await statValue(page, "Questions Completed"), String(15 + 5 * 5 + 2));
  assert.equal(await statValue(page, "Study Streak"), "1 day");

  assert.ok((await card(page, 1).innerText()).includes(`15 of ${counts.get(1)} questions completed`));
  assert.equal(await card(page, 1).getByRole("progressbar").getAttribute("aria-valuenow"), "75", "15 of 20 → 75 %");
  assert.equal(await card(page, 1).getByTestId("accuracy").innerText(), "100% accuracy");
  assertBandColour(await textColour(card(page, 1).getByTestId("accuracy")), "green", "100% accuracy");
  assert.ok((await card(page, 3).innerText()).includes(`5 of ${counts.get(3)} questions completed`));
  assert.equal(await card(page, 3).getByRole("progressbar").getAttribute("aria-valuenow"), "25");
  assert.equal(await card(page, 3).getByTestId("accuracy").innerText(), "0% accuracy");
  assertBandColour(await textColour(card(page, 3).getByTestId("accuracy")), "red", "0% accuracy");
  assert.equal(await card(page, 8).getByTestId("accuracy").innerText(), "60% accuracy");
  assertBandColour(await textColour(card(page, 8).getByTestId("accuracy")), "amber", "60% accuracy");
  assert.ok(
    (await card(page, 2).innerText()).includes(`2 of ${counts.get(2)} questions completed`),
    "test answers count too",
  );

  // Focus areas: the three weakest, lowest first.
  assert.equal(await page.getByText(NO_WEAK_AREAS).count(), 0);
  const weak = page.locator('[data-testid^="weak-area-"]');
  assert.deepEqual(await weak.evaluateAll((els) => els.map((e) => e.getAttribute("data-testid"))), [
    "weak-area-3",
    "weak-area-5",
    "weak-area-6",
  ]);
  assert.ok((await weak.first().innerText()).includes(`Section 3: ${TITLES[2]}`));
  assert.equal(await page.getByRole("link", { name: /Practice Now/ }).count(), 3);
  await expectNoSeriousA11yViolations(page, "on the dashboard with data (light)");
  await screenshot(page, "dashboard-data-desktop-light");

  await page.getByRole("link", { name: "Practice Now: Section 3" }).click();
  await page.waitForURL("**/study/3");
  await page.getByText(`Question 1 of ${counts.get(3)}`, { exact: true }).waitFor();

  // Answering in the app updates the dashboard without a reload.
  await page.getByRole("link", { name: "4. Compensation" }).click();
  await page.waitForURL("**/study/4");
  const q = await (async () => {
    const text = (await page.getByTestId("question-text").innerText()).trim();
    return bank[4].find((x) => x.questionText.trim() === text);
  })();
  if (q.questionType === "multiple-choice")
    await page.getByRole("radio", { name: q.correctAnswer, exact: true }).check({ force: true });
  else await page.getByPlaceholder("Type your answer here...").fill(q.correctAnswer);
  await page.getByRole("button", { name: "Submit Answer" }).click();
  await page.getByTestId("feedback").getByText("Correct", { exact: true }).waitFor();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  await page.getByText(`1 of ${counts.get(4)} questions completed`, { exact: true }).waitFor();
  assert.equal(await statValue(page, "Questions Completed"), String(15 + 5 * 5 + 2 + 1));
  await context.close();
});

test("the dashboard in dark mode and on a 375-px phone: readable, no sideways scroll", async () => {
  for (const [viewport, colorScheme, name] of [
    [DESKTOP, "dark", "desktop-dark"],
    [MOBILE, "light", "mobile-light"],
    [MOBILE, "dark", "mobile-dark"],
  ]) {
    const { context } = await signedInContext(browser, { viewport, colorScheme });
    const bank3 = await questionsOf(context.request, 3);
    for (let i = 0; i < 5; i++) await answerViaApi(context.request, bank3[i], i === 0);
    const bank1 = await questionsOf(context.request, 1);
    for (let i = 0; i < 6; i++) await answerViaApi(context.request, bank1[i], i < 5);
    const page = await context.newPage();
    await openDashboard(page);
    await page.getByTestId("weak-area-3").waitFor();
    if (viewport === MOBILE) {
      await expectNoHorizontalScroll(page);
      const link = await card(page, 1).getByRole("link", { name: "Continue Section 1" }).boundingBox();
      assert.ok(link.width >= 44 && link.height >= 44, "the continue arrow is a 44-px touch target");
      const practice = await page.getByRole("link", { name: "Practice Now: Section 3" }).boundingBox();
      assert.ok(practice.height >= 44, "Practice Now is a 44-px touch target");
    }
    await expectNoSeriousA11yViolations(page, `on the dashboard (${name})`);
    await screenshot(page, `dashboard-data-${name}`);
    await context.close();
  }
});

test("skeletons show while the dashboard loads", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  const release = await holdTrpcCall(page, "progress.sections");
  await page.goto("/");
  await page.getByTestId("dashboard-skeleton").waitFor();
  assert.equal(await page.getByTestId("section-card-1").count(), 0, "no numbers before the data arrives");
  await page.getByRole("status").filter({ hasText: "Loading your progress" }).waitFor({ state: "attached" });
  await screenshot(page, "dashboard-loading-desktop-light");
  release();
  await card(page, 1).waitFor();
  assert.equal(await page.getByTestId("dashboard-skeleton").count(), 0);
  await context.close();
});
