/**
 * A new version of the app: its service worker waits while the member studies, the header offers
 * 'A new version is available', and Reload switches to it.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { BASE_URL, browser, signedInContext, unique, until, withBrowser } from "./helpers.mjs";
import { answerFor, questionsOf } from "./study-data.mjs";

withBrowser();

/** What the worker controlling the page says its version is (only the new version answers). */
function controllerVersion() {
  return new Promise((resolve) => {
    const worker = navigator.serviceWorker.controller;
    if (!worker) return resolve(null);
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => resolve(e.data);
    worker.postMessage("which-version", [channel.port2]);
    setTimeout(() => resolve(null), 1000); // an older worker never answers; the caller polls again
  });
}

// run.mjs serves the build from WEB_DIST; against another server there is no file to change.
const swFile = process.env.WEB_DIST ? join(process.env.WEB_DIST, "sw.js") : null;
let original;
before(() => {
  if (swFile) original = readFileSync(swFile, "utf8");
});
after(() => {
  if (swFile) writeFileSync(swFile, original);
});

test("a new version waits for the member's Reload, and Reload switches to it", {
  skip: swFile ? false : "needs WEB_DIST, the build the server serves (run through e2e/run.mjs)",
}, async () => {
  const { context } = await signedInContext(browser);
  const section = 7;
  const questions = await questionsOf(context.request, section);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/study/${section}`);
  await page.getByText(`Question 1 of ${questions.length}`, { exact: true }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.getByText(`Question 1 of ${questions.length}`, { exact: true }).waitFor();
  await until(page, () => navigator.serviceWorker.controller !== null, undefined, "the worker to control the page");

  // Mid-session: a question answered, its feedback on screen, not moved on.
  const text = (await page.getByTestId("question-text").textContent()).trim();
  const q = questions.find((x) => x.questionText.trim() === text);
  assert.ok(q, `question on screen is from the bank: ${text}`);
  if (q.questionType === "multiple-choice")
    await page.getByRole("radio", { name: answerFor(q, true), exact: true }).check({ force: true });
  else await page.getByPlaceholder("Type your answer here...").fill(answerFor(q, true));
  await page.getByRole("button", { name: "Submit Answer" }).click();
  const feedback = page.getByTestId("feedback");
  await feedback.getByRole("heading", { name: "Correct", exact: true }).waitFor();
  // Gone if the document is replaced (a reload): proves the page was not swapped out.
  await page.evaluate(() => {
    window.sameDocument = true;
  });

  // The server now has a new version: the same worker plus a listener that answers which version it is.
  // (Chromium fetches a worker update in the browser process, out of reach of context.route, so the
  // file the server serves is changed; it is put back when the test ends.)
  const version = `v-${unique()}`;
  writeFileSync(
    swFile,
    `${original}\n;self.addEventListener("message", (e) => { if (e.data === "which-version") e.ports[0].postMessage(${JSON.stringify(version)}); });\n`,
  );
  // The member comes back to the app: it looks for a new version.
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));

  const prompt = page.getByTestId("update-available");
  await prompt.getByText("A new version is available", { exact: true }).waitFor();
  // The new worker waits; the old one still controls the page, and the answered question stays.
  const workers = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return { waiting: r.waiting?.state ?? null, active: r.active?.state ?? null };
  });
  assert.deepEqual(workers, { waiting: "installed", active: "activated" }, "the new version waits");
  assert.equal(await page.evaluate(() => window.sameDocument), true, "the page was not reloaded");
  assert.equal((await page.getByTestId("question-text").textContent()).trim(), text);
  assert.ok(await feedback.getByRole("heading", { name: "Correct", exact: true }).isVisible(), "the feedback stays");

  await expectNoSeriousA11yViolations(page, "with the new-version prompt in the header");

  const reloaded = page.waitForEvent("load");
  await prompt.getByRole("button", { name: "Reload" }).click();
  await reloaded;
  assert.equal(await page.evaluate(() => window.sameDocument), undefined, "the page reloaded");
  await until(page, controllerVersion, undefined, "the new version to control the page");
  assert.equal(await page.evaluate(controllerVersion), version);
  await page.getByText(`of ${questions.length}`, { exact: false }).first().waitFor();
  await context.close();
});
