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
  // The figures shown first may be stored from a view before these answers (readiness reads the same
  // figures); Refresh computes them now.
  await page.getByRole("button", { name: "Refresh" }).click();
  await row.getByRole("cell", { name: "30", exact: true }).waitFor();
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

  // Refresh computes the figures again now (the same first answers give the same numbers).
  await page.getByRole("button", { name: "Refresh" }).click();
  await page.getByRole("button", { name: "Refresh" }).and(page.locator(":enabled")).waitFor();
  assert.equal((await row.getByRole("cell").allTextContents())[2], "30");

  // Each question links to its edit dialog in Manage Questions.
  await row.getByRole("link").click();
  await page.waitForURL(/\/admin\/questions/);
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  assert.equal(await dialog.getByLabel("Question text").inputValue(), q1.questionText);
  await context.close();
});

test("after answering in Study a member sees how other members answered, from 30 first answers up", async () => {
  const { context } = await signedInContext(browser);
  const questions = await questionsOf(context.request, SECTION);
  const page = await context.newPage();
  await page.goto(`/study/${SECTION}`);
  // Answer right through the section until the two questions 30 members answered have both been seen.
  const seen = new Set();
  for (let i = 0; i < questions.length && seen.size < 2; i++) {
    await page.getByText(`Question ${i + 1} of ${questions.length}`, { exact: true }).waitFor();
    const text = (await page.getByTestId("question-text").textContent()).trim();
    const q = questions.find((x) => x.questionText.trim() === text);
    if (q.questionType === "multiple-choice")
      await page.getByRole("radio", { name: q.correctAnswer, exact: true }).check({ force: true });
    else await page.getByPlaceholder("Type your answer here...").fill(q.correctAnswer);
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByTestId("feedback").waitFor();
    const peers = page.getByTestId("peer-stats");
    if (q.questionType === "multiple-choice" && q.options.length === 4 && (await isSeeded(context, q))) {
      seen.add(q.id);
      // 15 of the 30 seeded members were right. Study shows feedback at once and sends the answer through
      // the outbox, so the figures come either before this member's answer reached the server (15 of 30)
      // or after it (16 of 31): both are the true share of members at the time they were read.
      await peers.getByText(/\b(50|52) % of members answered this correctly/).waitFor();
      const shares = await peers.getByTestId("peer-option").allTextContents();
      assert.equal(shares.length, 4);
      const right = shares.find((t) => t.includes(q.correctAnswer));
      assert.match(right, /\(correct\)(50|52) %/);
      await expectNoSeriousA11yViolations(page, "study feedback with peer statistics");
      await screenshot(page, "study-peer-stats");
    } else {
      // Fewer than 30 first answers: nothing is shown (and the feedback itself is there).
      await page.waitForLoadState("networkidle");
      assert.equal(await peers.count(), 0, `no peer statistics for question ${q.id}`);
    }
    await page.getByRole("button", { name: /Next Question|See Results/ }).click();
  }
  assert.equal(seen.size, 2, "both seeded questions came up");
  await context.close();
});

/** Whether 30 or more members first-answered the question (the two seeded ones). */
async function isSeeded(context, q) {
  const res = await context.request.get(
    `${BASE_URL}/api/trpc/analysis.peerStats?input=${encodeURIComponent(JSON.stringify({ questionIds: [q.id] }))}`,
  );
  const body = await res.json();
  return body.result.data[0].firstAnswers >= 30;
}

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
