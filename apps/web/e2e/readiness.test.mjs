import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { api, BASE_URL, browser, DESKTOP, signedInContext, withBrowser } from "./helpers.mjs";
import { answerViaApi, questionsOf } from "./study-data.mjs";

withBrowser();

const percent = (share) => (share === null ? "—" : `${Math.round(share * 100)}%`);
const DAY = 24 * 60 * 60 * 1000;

/** Two animation frames: chart.js handles pointer events on the next frame, then React shows its tooltip. */
const frames = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test("the dashboard's readiness card shows the overall figure and the three weakest sections, as the API predicts", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const questions = await questionsOf(context.request, 4);
  for (const [i, q] of questions.slice(0, 3).entries()) await answerViaApi(context.request, q, i !== 1);
  // Other members' first-answer rates are kept for a minute and refreshed behind a request: ask until
  // two answers agree, so the card and this read use the same rates.
  let expected = await api(context, "/readiness");
  for (let tries = 0; tries < 20; tries++) {
    const again = await api(context, "/readiness");
    if (JSON.stringify(again) === JSON.stringify(expected)) break;
    expected = again;
  }
  assert.equal(expected.overall.seen, 3);
  const weakest = expected.sections
    .filter((s) => s.recall !== null)
    .sort((a, b) => a.recall - b.recall || a.sectionNumber - b.sectionNumber)
    .slice(0, 3);

  const page = await context.newPage();
  await page.goto("/");
  const card = page.getByTestId("readiness-card");
  await card.waitFor();
  assert.equal(await card.getByTestId("readiness-overall").innerText(), percent(expected.overall.recall));
  const items = await card.getByTestId("readiness-weakest").getByRole("listitem").allInnerTexts();
  assert.equal(items.length, 3);
  for (const [i, s] of weakest.entries()) {
    assert.ok(items[i].startsWith(`Section ${s.sectionNumber}:`), `weakest #${i + 1}: ${items[i]}`);
    assert.ok(items[i].endsWith(percent(s.recall)), items[i]);
  }
  await expectNoSeriousA11yViolations(page, "on the dashboard with its readiness card");

  // Performance: the 32 sections, and a forecast a year ahead that the server computes for that day.
  await card.getByRole("link", { name: "See readiness" }).click();
  await page.waitForURL((u) => u.pathname === "/performance");
  const table = page.getByTestId("readiness-table");
  await table.waitFor();
  assert.equal(await table.getByRole("row").count(), 33);
  await page.getByTestId("readiness-chart").getByRole("img").waitFor();
  const day = new Date(Date.now() + 365 * DAY).toISOString().slice(0, 10);
  const later = await api(context, `/readiness?at=${day}`);
  assert.ok(later.overall.recall < expected.overall.recall, "the forecast falls");
  await page.getByTestId("readiness-date").fill(day);
  await page.getByTestId("readiness-summary").getByText(`predicted recall on ${day}`).waitFor();
  assert.match(
    await page.getByTestId("readiness-summary").innerText(),
    new RegExp(`^Overall ${percent(later.overall.recall)} predicted recall on ${day}`),
  );
  await expectNoSeriousA11yViolations(page, "on Performance's readiness view");
  await context.close();
});

test("the calibration chart is drawn by chart.js from the member's review log, from 50 reviews", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto("/performance");
  await page.getByTestId("calibration-waiting").waitFor();

  // 25 flashcards rated three times, 20 days apart (a device's outbox may replay choices made long
  // ago): each later rating is a review with a prediction made before it, 50 in all.
  const cards = (await api(context, "/flashcards")).slice(0, 25);
  const now = Date.now();
  for (const [round, daysAgo] of [60, 40, 20].entries())
    for (const [i, c] of cards.entries()) {
      const res = await context.request.post(`${BASE_URL}/api/flashcard-mastery`, {
        data: {
          flashcardId: c.id,
          mastered: round === 0 || i % 3 !== 0,
          chosenAt: new Date(now - daysAgo * DAY).toISOString(),
        },
      });
      assert.ok(res.ok(), `POST /api/flashcard-mastery: ${res.status()}`);
    }
  const calibration = await api(context, "/review/calibration");
  assert.equal(calibration.reviews, 50);

  const scripts = [];
  page.on("response", (res) => scripts.push(new URL(res.url()).pathname));
  await page.reload();
  const chart = page.getByTestId("calibration-chart");
  const canvas = chart.locator("canvas");
  await canvas.waitFor();
  assert.ok(
    scripts.some((p) => /\/assets\/Charts-[\w-]+\.js$/.test(p)),
    "the chart.js chunk was downloaded for the chart",
  );
  // chart.js has drawn on the canvas (not an empty box), described for screen readers.
  await page.waitForFunction(
    (el) => {
      const { data } = el.getContext("2d").getImageData(0, 0, el.width, el.height);
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
      return false;
    },
    await canvas.elementHandle(),
  );
  const label = await chart.getByRole("img").getAttribute("aria-label");
  assert.match(label, /^Line chart of predicted against actual recall: /);
  // Its tooltip gives a bin's prediction and what was recalled, as the API says.
  const filled = calibration.bins.find((b) => b.count > 0);
  const want = `Predicted: ${Math.round(filled.predicted * 100)}% · Recalled: ${Math.round(filled.actual * 100)}%`;
  await chart.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  const seen = [];
  for (let x = box.x + 1; x < box.x + box.width; x += 8) {
    await page.mouse.move(x, box.y + box.height / 2);
    await frames(page);
    const tip = chart.getByTestId("chart-tooltip");
    if ((await tip.count()) > 0) seen.push((await tip.innerText()).replace(/\s+/g, " ").trim());
  }
  assert.ok(
    seen.some((t) => t.endsWith(want)),
    `a tooltip reads "${want}": ${[...new Set(seen)].join(" | ")}`,
  );
  await context.close();
});
