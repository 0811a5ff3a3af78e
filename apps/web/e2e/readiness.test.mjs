import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { api, BASE_URL, browser, DESKTOP, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";
import { answerViaApi, holdTrpcCall, isTrpcCall, questionsOf } from "./study-data.mjs";

withBrowser();

const percent = (share) => (share === null ? "—" : `${Math.round(share * 100)}%`);
const DAY = 24 * 60 * 60 * 1000;

/** Waits until chart.js has drawn on the canvas (not an empty box). */
async function drawnOn(page, canvas) {
  await page.waitForFunction(
    (el) => {
      const { data } = el.getContext("2d").getImageData(0, 0, el.width, el.height);
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
      return false;
    },
    await canvas.elementHandle(),
  );
}

/** Two animation frames: chart.js handles pointer events on the next frame, then React shows its tooltip. */
const frames = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Reads until two reads agree: the peers' first-answer rates weigh on every figure, are kept for a
 * minute and refreshed behind a request.
 */
async function settled(read) {
  let last = await read();
  for (let tries = 0; tries < 20; tries++) {
    const again = await read();
    if (JSON.stringify(again) === JSON.stringify(last)) return again;
    last = again;
  }
  return last;
}

/**
 * The screen shows a figure the server gave just before or just after the screen asked: the peers'
 * first-answer rates weigh on every figure, are kept for a minute and may be refreshed between any
 * two reads.
 */
function assertShownOneOf(shown, [before, after]) {
  assert.ok(shown.startsWith(before) || shown.startsWith(after), `${shown} (the server: ${before}, then ${after})`);
}

test("the dashboard's readiness card shows the overall figure and the three weakest sections, as the API predicts", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const questions = await questionsOf(context.request, 4);
  for (const [i, q] of questions.slice(0, 3).entries()) await answerViaApi(context.request, q, i !== 1);
  const expected = await settled(() => api(context, "/readiness"));
  assert.equal(expected.overall.seen, 3);
  const page = await context.newPage();
  await page.goto("/");
  const card = page.getByTestId("readiness-card");
  await card.waitFor();
  const overall = await card.getByTestId("readiness-overall").innerText();
  const items = await card.getByTestId("readiness-weakest").getByRole("listitem").allInnerTexts();
  assert.equal(items.length, 3);
  // The overall figure and the three weakest sections, as the server's figures from just before or
  // just after the card asked give them.
  const cardShows = (r) =>
    overall === percent(r.overall.recall) &&
    r.sections
      .filter((s) => s.recall !== null)
      .sort((a, b) => a.recall - b.recall || a.sectionNumber - b.sectionNumber)
      .slice(0, 3)
      .every((s, i) => items[i].startsWith(`Section ${s.sectionNumber}:`) && items[i].endsWith(percent(s.recall)));
  assert.ok(
    cardShows(expected) || cardShows(await api(context, "/readiness")),
    `the card: ${overall} | ${items.join(" | ")}`,
  );
  await expectNoSeriousA11yViolations(page, "on the dashboard with its readiness card");

  // Performance: the 32 sections, and a forecast a year ahead that the server computes for that day.
  await card.getByRole("link", { name: "See readiness" }).click();
  await page.waitForURL((u) => u.pathname === "/performance");
  const table = page.getByTestId("readiness-table");
  await table.waitFor();
  assert.equal(await table.getByRole("row").count(), 33);
  await page.getByTestId("readiness-chart").getByRole("img").waitFor();
  const day = new Date(Date.now() + 365 * DAY).toISOString().slice(0, 10);
  // Today's figure and the day's read together, so both use the same rates.
  const [today, later] = await settled(async () => [
    await api(context, "/readiness"),
    await api(context, `/readiness?at=${day}`),
  ]);
  assert.ok(later.overall.recall < today.overall.recall, "the forecast falls");
  await page.getByTestId("readiness-date").fill(day);
  await page.getByTestId("readiness-summary").getByText(`predicted recall on ${day}`).waitFor();
  const summary = (r) => `Overall ${percent(r.overall.recall)} predicted recall on ${day}`;
  const shown = await page.getByTestId("readiness-summary").innerText();
  assertShownOneOf(shown, [summary(later), summary(await api(context, `/readiness?at=${day}`))]);
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
  await drawnOn(page, canvas);
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

/** Ratings of questions made days ago (as a device's outbox replays them): a review history to forecast from. */
async function reviewHistory(context, sections) {
  let n = 0;
  for (const section of sections)
    for (const [i, q] of (await questionsOf(context.request, section)).slice(0, 12).entries()) {
      const res = await context.request.post(`${BASE_URL}/api/review`, {
        data: {
          id: randomUUID(),
          itemType: "question",
          itemId: q.id,
          rating: i % 4 === 0 ? 1 : 3,
          ratedAt: new Date(Date.now() - (3 + (n++ % 10)) * DAY).toISOString(),
        },
      });
      assert.ok(res.ok(), `POST /api/review: ${res.status()}`);
    }
  return n;
}

test("Review Settings' workload chart draws the daily reviews the server simulates, and follows the retention asked", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  await reviewHistory(context, [2, 6, 11]);
  const expected = async (retention) => {
    const days = await api(context, `/review/workload?retention=${retention}&days=30`);
    assert.equal(days.length, 30);
    return {
      total: days.reduce((n, d) => n + d.due + d.new, 0),
      label: `Bar chart of the reviews expected each day at ${Math.round(retention * 100)} % retention: ${days
        .map((d) => `${d.date} ${d.due + d.new}`)
        .join(", ")}.`,
    };
  };
  const { desiredRetention } = await api(context, "/review/settings");
  // The server's forecast takes in the history just written before the page asks for it.
  await settled(() => api(context, `/review/workload?retention=${desiredRetention}&days=30`));
  const page = await context.newPage();
  await page.goto("/account/review");
  const chart = page.getByTestId("workload-chart");
  const canvas = chart.locator("canvas");
  await canvas.waitFor();
  // The chart's description is built from the same points chart.js draws: it must be the server's days.
  // The server refits the union's memory model in the background (apps/server/src/review-model), which can
  // change its forecast after the page has read it: the page then keeps its answer, so at the saved
  // retention a page still differing after 5 s is read again, and must then show the server's days.
  const chartShows = async (retention, { readAgain = false } = {}) => {
    let want;
    let readAt = Date.now();
    for (const end = Date.now() + 60_000; ; ) {
      want = await expected(retention);
      const label = await chart.getByRole("img").getAttribute("aria-label");
      if (label === want.label) return want;
      if (Date.now() > end) assert.equal(label, want.label);
      if (readAgain && Date.now() - readAt > 5000) {
        await page.reload();
        await canvas.waitFor();
        readAt = Date.now();
      }
      await page.waitForTimeout(100); // polling for the chart to settle, not an assertion delay
    }
  };
  const atSaved = await chartShows(desiredRetention, { readAgain: true });
  assert.ok(atSaved.total > 0, "the member has reviews to expect");
  await drawnOn(page, canvas);

  // A higher retention asks for more reviews: the chart redraws with the server's figures for it.
  await page.getByLabel("Desired retention (%)").fill("96");
  const atHigher = await chartShows(0.96);
  assert.ok(atHigher.total > atSaved.total, `96 % asks for more reviews (${atHigher.total} > ${atSaved.total})`);
  await expectNoSeriousA11yViolations(page, "on Review Settings with the workload chart");
  await context.close();
});

test("Review Settings shows its form with the memory model and the forecast in place: nothing above a checkbox moves once it shows", async () => {
  const { context } = await signedInContext(browser, { viewport: MOBILE });
  const page = await context.newPage();
  // The forecast is held back: the form must not show before it, or the forecast would push it down.
  const release = await holdTrpcCall(page, "review.workload");
  const asked = page.waitForRequest((r) => isTrpcCall(r.url(), "review.workload"));
  await page.goto("/account/review");
  await asked;
  await page.getByRole("status").filter({ hasText: "Loading your settings" }).waitFor({ state: "attached" });
  assert.equal(await page.getByRole("button", { name: "Save Settings" }).count(), 0, "no form before the forecast");
  assert.equal(await page.getByTestId("memory-model").count(), 0, "no half-filled page before the forecast");
  release();

  const ask = page.locator("label", { hasText: "Ask how sure I am (Sure, Think so, Guess) before each answer" });
  await ask.waitFor();
  const shown = await ask.boundingBox();
  await page.evaluate(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => window.__shifts.push(...list.getEntries().map((e) => e.value))).observe({
      type: "layout-shift",
    });
  });
  assert.match(await page.getByTestId("memory-model").innerText(), /Memory model\n/);
  await page
    .getByTestId("workload")
    .getByText(/reviews a day over the next 30 days/)
    .waitFor();
  const canvas = page.getByTestId("workload-chart").locator("canvas");
  await canvas.waitFor();
  await drawnOn(page, canvas);
  await page.waitForFunction(() => !document.querySelector(".chakra-skeleton"));
  assert.deepEqual(await ask.boundingBox(), shown, "the checkbox stays where it first showed");
  assert.deepEqual(await page.evaluate(() => window.__shifts), [], "no layout shift after the form shows");
  await context.close();
});

test("Performance's forecast beside 'if you keep your daily reviews': the two figures the server computes, kept higher", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  await reviewHistory(context, [3, 8, 14, 20, 25]);
  const day = new Date(Date.now() + 120 * DAY).toISOString().slice(0, 10);
  const plain = await settled(() => api(context, `/readiness?at=${day}`));
  const kept = await settled(() => api(context, `/readiness?at=${day}&reviews=kept`));
  assert.ok(kept.overall.recall > plain.overall.recall, "keeping the reviews keeps more in memory");
  assert.notEqual(percent(kept.overall.recall), percent(plain.overall.recall), "a difference the member can see");

  const page = await context.newPage();
  await page.goto("/performance");
  await page.getByTestId("readiness-table").waitFor();
  assert.equal(await page.getByTestId("readiness-kept").count(), 0, "no kept-reviews line for today");
  await page.getByTestId("readiness-date").fill(day);
  await page.getByTestId("readiness-summary").getByText(`predicted recall on ${day}`).waitFor();
  const summary = (r) => `Overall ${percent(r.overall.recall)} predicted recall on ${day}`;
  assertShownOneOf(await page.getByTestId("readiness-summary").innerText(), [
    summary(plain),
    summary(await api(context, `/readiness?at=${day}`)),
  ]);
  const keptLine = page.getByTestId("readiness-kept");
  await keptLine.waitFor();
  const keptText = (r) =>
    `If you keep your daily reviews: ${percent(r.overall.recall)} on ${day} (each reviewed question seen again whenever it falls due).`;
  assertShownOneOf(await keptLine.innerText(), [
    keptText(kept),
    keptText(await api(context, `/readiness?at=${day}&reviews=kept`)),
  ]);
  await context.close();
});
