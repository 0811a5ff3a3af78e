import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot } from "./checks.mjs";
import { browser, DESKTOP, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";
import { assertBandColour, holdRequests, questionsOf, submitTest } from "./study-data.mjs";

withBrowser();

const EMPTY = "No test attempts yet. Start studying to see your performance data!";
/** The lazily loaded chunk that draws the charts. */
const CHART_CHUNK = /\/assets\/Charts-[\w-]+\.js$/;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const historyDate = (iso) => {
  const d = new Date(iso);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
};

/** Records every JavaScript file the page downloads. */
function recordScripts(page) {
  const scripts = [];
  page.on("response", (res) => {
    const url = res.url();
    if (url.endsWith(".js")) scripts.push({ url });
  });
  return {
    scripts,
    chartsLoaded: () => scripts.some((s) => CHART_CHUNK.test(new URL(s.url).pathname)),
  };
}

/** Two animation frames: chart.js handles pointer events on the next frame, then React shows its tooltip. */
const frames = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** The chart's tooltips, each once and in order, as the pointer moves across the chart from left to right. */
async function sweepTooltips(page, chart) {
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.locator("canvas").boundingBox();
  const shown = [];
  for (let x = box.x + 1; x < box.x + box.width; x += 10) {
    await page.mouse.move(x, box.y + box.height / 2);
    await frames(page);
    const tip = chart.getByTestId("chart-tooltip");
    if ((await tip.count()) === 0) continue;
    const text = (await tip.innerText()).replace(/\s+/g, " ").trim();
    if (shown.at(-1) !== text) shown.push(text);
  }
  return shown;
}

async function openPerformance(page) {
  await page.goto("/performance");
  await page.getByRole("heading", { level: 1, name: "Performance Analytics" }).waitFor();
  await page.getByRole("heading", { level: 2, name: "Test History" }).waitFor();
}

/**
 * Five practice tests with known scores, oldest first:
 * T1 sections 1–5, 4 of 5 (80 %, 2m 5s); T2 section 7, 3 of 5 (60 %); T3 section 9, 0 of 2 (0 %); T4 section 10, 1 of 1 (100 %); T5 section 11, 0 of 1.
 */
async function seedTests(request) {
  const q = {};
  for (const s of [1, 2, 3, 4, 5, 7, 9, 10, 11]) q[s] = await questionsOf(request, s);
  const attempts = [];
  attempts.push(
    await submitTest(
      request,
      [1, 2, 3, 4, 5].map((s) => ({ q: q[s][0], correct: s !== 5 })),
      125,
    ),
  );
  attempts.push(
    await submitTest(
      request,
      [0, 1, 2, 3, 4].map((i) => ({ q: q[7][i], correct: i < 3 })),
      61,
    ),
  );
  attempts.push(
    await submitTest(
      request,
      [0, 1].map((i) => ({ q: q[9][i], correct: false })),
      0,
    ),
  );
  attempts.push(await submitTest(request, [{ q: q[10][0], correct: true }], 3600 + 59));
  attempts.push(await submitTest(request, [{ q: q[11][0], correct: false }], 30));
  assert.deepEqual(
    attempts.map((a) => a.score),
    [80, 60, 0, 100, 0],
    "the server scored the seeded tests",
  );
  return attempts;
}

test("with no attempts: the empty history message, Start Studying to /study, no charts and no chart code", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  const rec = recordScripts(page);
  await openPerformance(page);
  await page.getByText(EMPTY, { exact: true }).waitFor();
  await page.getByText("Back to Dashboard").waitFor();
  assert.equal(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href"), "/");
  assert.equal(
    await page.getByRole("heading", { name: "Score Trend Over Time" }).count(),
    0,
    "no trend chart without attempts",
  );
  assert.equal(
    await page.getByRole("heading", { name: "Performance by Section" }).count(),
    0,
    "no section chart without progress",
  );
  assert.equal(await page.getByTestId("history-table").count(), 0);
  assert.equal(rec.chartsLoaded(), false, "the chart code is not downloaded when there is nothing to chart");
  await expectNoSeriousA11yViolations(page, "on empty Performance (light)");
  await screenshot(page, "performance-empty-desktop-light");
  await page.getByRole("link", { name: "Start Studying" }).click();
  await page.waitForURL((u) => u.pathname === "/study");
  await page.getByRole("heading", { level: 1, name: "Study Mode" }).waitFor();
  await context.close();

  const dark = await signedInContext(browser, { viewport: MOBILE, colorScheme: "dark" });
  const mobile = await dark.context.newPage();
  await openPerformance(mobile);
  await mobile.getByText(EMPTY, { exact: true }).waitFor();
  await expectNoHorizontalScroll(mobile);
  await expectNoSeriousA11yViolations(mobile, "on empty Performance (dark, mobile)");
  await screenshot(mobile, "performance-empty-mobile-dark");
  await dark.context.close();
});

test("with attempts: both charts (250 px, described for screen readers), the history table formats, and View opens the review", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const attempts = await seedTests(context.request);
  const page = await context.newPage();
  const rec = recordScripts(page);
  await openPerformance(page);

  // Charts.
  await page.getByRole("heading", { level: 2, name: "Score Trend Over Time" }).waitFor();
  await page.getByRole("heading", { level: 2, name: "Performance by Section" }).waitFor();
  const trend = page.getByTestId("score-trend-chart").getByRole("img");
  const bars = page.getByTestId("section-chart").getByRole("img");
  await trend.waitFor();
  await bars.waitFor();
  const trendLabel = await trend.getAttribute("aria-label");
  assert.ok(
    trendLabel.includes("Test 1 60%, Test 2 0%, Test 3 100%, Test 4 0%"),
    `the last 4 attempts, oldest first: ${trendLabel}`,
  );
  const barLabel = await bars.getAttribute("aria-label");
  assert.ok(
    barLabel.includes(
      "Section 1 100%, Section 2 100%, Section 3 100%, Section 4 100%, Section 5 0%, Section 7 60%, Section 9 0%, Section 10 100%",
    ),
    `first 8 records: ${barLabel}`,
  );
  assert.ok(!barLabel.includes("Section 11"), "only the first 8 section records");
  for (const chart of [trend, bars]) {
    const box = await chart.boundingBox();
    assert.ok(Math.abs(box.height - 250) <= 1, `chart is 250 px high (${box.height})`);
  }
  assert.ok(rec.chartsLoaded(), "the chart code is downloaded on /performance");
  // Moving across a chart shows each category's label and value in turn; leaving the chart hides it.
  assert.deepEqual(await sweepTooltips(page, page.getByTestId("section-chart")), [
    "Sec 1 100%",
    "Sec 2 100%",
    "Sec 3 100%",
    "Sec 4 100%",
    "Sec 5 0%",
    "Sec 7 60%",
    "Sec 9 0%",
    "Sec 10 100%",
  ]);
  assert.deepEqual(await sweepTooltips(page, page.getByTestId("score-trend-chart")), [
    "Test 1 60%",
    "Test 2 0%",
    "Test 3 100%",
    "Test 4 0%",
  ]);
  await page.getByRole("heading", { level: 1 }).hover();
  await page.getByTestId("chart-tooltip").waitFor({ state: "detached" });

  // Test History: newest first.
  const table = page.getByTestId("history-table");
  assert.deepEqual(await table.getByRole("columnheader").allInnerTexts(), [
    "Date",
    "Sections",
    "Questions",
    "Score",
    "Time",
    "Actions",
  ]);
  const rows = table.getByTestId("history-row");
  assert.equal(await rows.count(), 5);
  const cells = (i) => rows.nth(i).getByRole("cell");
  // T1 is the oldest, so the last row.
  const t1 = cells(4);
  assert.equal(await t1.nth(0).innerText(), historyDate(attempts[0].createdAt));
  assert.match(await t1.nth(0).innerText(), /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  const badges = await rows
    .nth(4)
    .getByTestId("sections")
    .locator("> *")
    .evaluateAll((els) => els.map((e) => e.firstChild.textContent));
  assert.deepEqual(badges, ["§1", "§2", "§3", "+2"], "three section badges then +N");
  assert.equal(await t1.nth(2).innerText(), "5");
  assert.equal((await t1.nth(3).getByTestId("score").textContent()).startsWith("80%"), true);
  assert.equal(await t1.nth(4).innerText(), "2m 5s");
  assert.equal(await cells(3).nth(4).innerText(), "1m 1s");
  assert.equal(await cells(2).nth(4).innerText(), "0m 0s");
  assert.equal(await cells(1).nth(4).innerText(), "60m 59s");
  assert.deepEqual(await rows.nth(3).getByTestId("sections").locator("> *").allInnerTexts(), ["§7"]);
  // Score colours (with an icon and words for screen readers, not colour alone).
  const colourOf = (i) =>
    cells(i)
      .nth(3)
      .getByTestId("score")
      .evaluate((el) => getComputedStyle(el).color);
  assertBandColour(await colourOf(4), "green", "an 80% score");
  assertBandColour(await colourOf(3), "amber", "a 60% score");
  assertBandColour(await colourOf(2), "red", "a 0% score");
  assert.ok((await cells(2).nth(3).textContent()).includes("(needs work)"));
  assert.equal(await cells(4).nth(3).locator("svg").count(), 1, "the score badge carries an icon");

  await expectNoSeriousA11yViolations(page, "on Performance with data (light)");
  await page.waitForTimeout(1200); // the chart animation ends
  await screenshot(page, "performance-data-desktop-light");

  // View opens the review screen of that attempt.
  await rows
    .nth(0)
    .getByRole("link", { name: /^View test 5/ })
    .click();
  await page.waitForURL((u) => u.pathname === "/test" && u.searchParams.get("review") === attempts[4].id);
  await context.close();
});

test("Performance with data in dark mode and on a 375-px phone", async () => {
  for (const [viewport, colorScheme, name] of [
    [DESKTOP, "dark", "desktop-dark"],
    [MOBILE, "light", "mobile-light"],
    [MOBILE, "dark", "mobile-dark"],
  ]) {
    const { context } = await signedInContext(browser, { viewport, colorScheme });
    const attempts = await seedTests(context.request);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: "reduce" }); // the charts then draw without animation (steady screenshots)
    await openPerformance(page);
    await page.getByTestId("score-trend-chart").getByRole("img").waitFor();
    await page.getByTestId("section-chart").getByRole("img").waitFor();
    // Layout settled: two animation frames after the charts are in.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (viewport === MOBILE) {
      await expectNoHorizontalScroll(page);
      const list = page.getByTestId("history-list");
      assert.equal(await list.getByRole("listitem").count(), 5);
      const item = list.getByRole("listitem").last();
      const text = await item.innerText();
      assert.ok(text.includes(historyDate(attempts[0].createdAt)) && text.includes("5 questions · 2m 5s"), text);
      const view = item.getByRole("link", { name: /^View test 1/ });
      assert.ok((await view.boundingBox()).height >= 44, "View is a 44-px touch target");
      // A tap on a bar shows its tooltip, which stays after the finger is lifted.
      const bars = page.getByTestId("section-chart");
      await bars.scrollIntoViewIfNeeded();
      const canvas = await bars.locator("canvas").boundingBox();
      await page.mouse.click(canvas.x + canvas.width - 20, canvas.y + canvas.height / 2);
      await frames(page);
      assert.equal((await bars.getByTestId("chart-tooltip").innerText()).replace(/\s+/g, " ").trim(), "Sec 10 100%");
    }
    await expectNoSeriousA11yViolations(page, `on Performance (${name})`);
    await screenshot(page, `performance-data-${name}`);
    await context.close();
  }
});

test("the chart code is downloaded only on /performance, not on / or /study", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  await submitTest(context.request, [{ q: (await questionsOf(context.request, 1))[0], correct: true }], 10);
  const page = await context.newPage();
  const rec = recordScripts(page);
  await page.goto("/");
  await page.getByTestId("section-card-1").waitFor();
  await page.getByRole("link", { name: "Study Mode" }).click();
  await page.getByRole("heading", { level: 1, name: "Study Mode" }).waitFor();
  await page.getByTestId("study-section-1").click();
  await page.getByText(/^Question 1 of \d+$/).waitFor();
  await page.goto("/study/2");
  await page.getByText(/^Question 1 of \d+$/).waitFor();
  // Every chunk these screens asked for has arrived.
  await page.waitForLoadState("networkidle");
  assert.ok(rec.scripts.length > 3, "scripts were recorded");
  assert.equal(
    rec.chartsLoaded(),
    false,
    `no chart code on / or /study: ${rec.scripts.map((s) => new URL(s.url).pathname).join(", ")}`,
  );

  await page.getByRole("link", { name: "Performance" }).click();
  await page.getByTestId("score-trend-chart").getByRole("img").waitFor();
  assert.ok(rec.chartsLoaded(), "the chart code arrives with the Performance charts");
  await context.close();
});

test("a new member on a phone: Hard items stays below the fold while Readiness loads, and nothing on screen moves once it has (CLS)", async () => {
  const { context } = await signedInContext(browser, { viewport: MOBILE });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  // The Readiness view's code held back: Hard items (its data and code already in) shows first.
  const release = await holdRequests(page, /\/assets\/ReadinessView-[\w-]+\.js$/);
  await openPerformance(page);
  await page.getByText(EMPTY, { exact: true }).waitFor();
  const hard = page.getByTestId("hard-items");
  await hard.waitFor();
  const viewport = page.viewportSize();
  const held = await hard.boundingBox();
  assert.ok(held.y >= viewport.height, `Hard items starts below the fold (${held.y} ≥ ${viewport.height})`);
  assert.equal(await page.getByRole("status").filter({ hasText: "Loading your readiness" }).count(), 1);
  release();
  await page.getByTestId("readiness-table").waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="readiness-table-skeleton"]'));
  // Two frames, so a shift from the last render is reported before it is read.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const shifts = await page.evaluate(() => window.__shifts);
  const cls = shifts.reduce((a, b) => a + b, 0);
  assert.ok(cls <= 0.05, `layout shift ${cls.toFixed(3)} ≤ 0.05 (${shifts.map((s) => s.toFixed(3)).join(", ")})`);
  await context.close();
});
