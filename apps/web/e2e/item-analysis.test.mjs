import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot } from "./checks.mjs";
import { BASE_URL, browser, registerMember, signedInContext, withBrowser } from "./helpers.mjs";
import { answerViaApi, questionsOf } from "./study-data.mjs";

withBrowser();

/** A section no other e2e file answers, so its first answers are exactly this file's. */
const SECTION = 29;

/** 30 members answer two questions: the 15 strong ones both right, the 15 weak ones both wrong. */
async function seedFirstAnswers() {
  let q1;
  let q2;
  for (let i = 0; i < 30; i++) {
    const context = await browser.newContext();
    await registerMember(context.request, "Item", `Member${i}`);
    if (!q1)
      [q1, q2] = (await questionsOf(context.request, SECTION)).filter((q) => q.questionType === "multiple-choice");
    await answerViaApi(context.request, q1, i < 15);
    await answerViaApi(context.request, q2, i < 15);
    await context.close();
  }
  return { q1, q2 };
}

test("Item Analysis: per-question statistics, sorting, CSV export and a link to the edit dialog", async () => {
  const { q1 } = await seedFirstAnswers();
  const { context } = await signedInContext(browser, { admin: true });
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByRole("link", { name: "Item Analysis" }).click();
  await page.getByRole("heading", { level: 1, name: "Item Analysis" }).waitFor();
  await page.getByTestId("item-analysis-section").selectOption(String(SECTION));
  await page.waitForURL(new RegExp(`section=${SECTION}`));

  const row = page.locator(`[data-testid="item-analysis-row"][data-question-id="${q1.id}"]`);
  await row.waitFor();
  const cells = await row.getByRole("cell").allTextContents();
  // #, question, first answers, facility, discrimination, median time, options, needs checking
  assert.equal(cells[2], "30");
  assert.equal(cells[3], "50 %");
  assert.equal(cells[4], "1.00", "right answers come exactly from the members who do well elsewhere");
  assert.match(cells[7], /A distractor nobody chooses/);
  await page
    .getByTestId("item-analysis-summary")
    .getByText(/need checking/)
    .waitFor();
  await expectNoSeriousA11yViolations(page, "item analysis");
  await expectNoHorizontalScroll(page);
  await screenshot(page, "item-analysis");

  // Sorting by facility: highest first on the first click, lowest on the second; questions under 30
  // answers (no facility yet) stay last either way.
  const facilityHeader = page.getByRole("columnheader", { name: "Facility" });
  const topRows = () =>
    page
      .getByTestId("item-analysis-row")
      .evaluateAll((rows) => rows.slice(0, 2).map((r) => r.getAttribute("data-question-id")));
  await facilityHeader.getByRole("button").click();
  assert.equal(await facilityHeader.getAttribute("aria-sort"), "descending");
  assert.ok((await topRows()).includes(String(q1.id)), "answered questions sort first");
  await facilityHeader.getByRole("button").click();
  assert.equal(await facilityHeader.getAttribute("aria-sort"), "ascending");
  assert.ok((await topRows()).includes(String(q1.id)), "answered questions still sort first");

  // CSV export of the table as shown.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  assert.equal(download.suggestedFilename(), `item-analysis-section-${SECTION}.csv`);
  const csv = await readFile(await download.path(), "utf8");
  const lines = csv.trim().split("\r\n");
  assert.match(lines[0], /^question_id,question,type,first_answers,facility,discrimination,median_seconds,/);
  const line = lines.find((l) => l.startsWith(`${q1.id},`));
  assert.ok(line, "the question is in the CSV");
  assert.match(line, /,multiple-choice,30,0\.5,1,/);

  // Each question links to its edit dialog in Manage Questions.
  await row.getByRole("link").click();
  await page.waitForURL(/\/admin\/questions/);
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  assert.equal(await dialog.getByLabel("Question text").inputValue(), q1.questionText);
  await context.close();
});

test("Item Analysis is for admins only", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  await page.goto("/admin/item-analysis");
  await page
    .getByText(/not authorized/i)
    .first()
    .waitFor();
  const res = await context.request.get(`${BASE_URL}/api/admin/item-analysis?section=1`);
  assert.equal(res.status(), 403);
  await context.close();
});
