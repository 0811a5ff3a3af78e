/**
 * What a screen reader is given, with the keyboard alone, in Study, Review and a timed practice test:
 * the role and name Chromium's accessibility tree holds for the focused element (what a screen reader
 * speaks when focus lands), and the text that appears in live regions (status, alert, aria-live),
 * which screen readers announce without focus moving. Each step's transcript is printed, and the
 * announcements a member depends on are asserted.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { BASE_URL, browser, DESKTOP, signedInContext, withBrowser } from "./helpers.mjs";
import { answerFor, questionsOf } from "./study-data.mjs";

withBrowser();

/** Records live-region text as it appears: an inserted alert/status, or new text inside a live region. */
function recordLiveRegions() {
  const LIVE = "[aria-live]:not([aria-live='off']), [role='alert'], [role='status'], [role='timer'], [role='log']";
  window.__announced = [];
  const said = (el) => {
    const region = el.closest?.(LIVE);
    // A timer's ticks are not announced (role timer is off by default); hidden regions say nothing.
    if (!region || region.getAttribute("role") === "timer" || !region.checkVisibility()) return;
    const text = region.innerText?.replace(/\s+/g, " ").trim();
    if (text && window.__announced.at(-1) !== text) window.__announced.push(text);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      if (!el) continue;
      said(el);
      for (const n of r.addedNodes)
        if (n.nodeType === 1) for (const live of [n, ...n.querySelectorAll(LIVE)]) said(live);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** A reader for one page: what focus lands on (role and accessible name) and what was announced since. */
async function screenReader(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Accessibility.enable");
  return {
    async focus() {
      const { result } = await cdp.send("Runtime.evaluate", { expression: "document.activeElement" });
      if (!result.objectId) return "";
      const { nodes } = await cdp.send("Accessibility.getPartialAXTree", {
        objectId: result.objectId,
        fetchRelatives: false,
      });
      const node = nodes.find((n) => !n.ignored) ?? nodes[0];
      const clean = (v) => (v ?? "").replace(/\s+/g, " ").trim();
      const description = clean(node?.description?.value);
      return `${node?.role?.value ?? "?"} "${clean(node?.name?.value)}"${description ? ` — ${description}` : ""}`;
    },
    async announced() {
      return page.evaluate(() => window.__announced.splice(0));
    },
  };
}

async function step(reader, what, transcript) {
  const entry = { what, focus: await reader.focus(), announced: await reader.announced() };
  transcript.push(entry);
  return entry;
}

/** Prints the transcript when the test ends, passed or failed, for the write-up. */
function printAfter(t, name, transcript) {
  t.after(() => print(name, transcript));
}

function print(name, transcript) {
  console.log(`\n${name}`);
  for (const t of transcript)
    console.log(
      `- ${t.what}\n    focus: ${t.focus}${t.announced.length ? `\n    announced: ${t.announced.join(" | ")}` : ""}`,
    );
}

test("Study with the keyboard: the question, the choice and the graded feedback are spoken", async (t) => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const questions = await questionsOf(context.request, 26);
  await context.addInitScript(recordLiveRegions);
  const page = await context.newPage();
  const reader = await screenReader(context, page);
  const transcript = [];
  printAfter(t, "Study", transcript);
  await page.goto(`${BASE_URL}/study/26`);
  await page.getByText(`Question 1 of ${questions.length}`, { exact: true }).waitFor();
  await step(reader, "open /study/26", transcript);
  for (let i = 0; i < 2; i++) {
    const text = (await page.getByTestId("question-text").textContent()).trim();
    const q = questions.find((x) => x.questionText === text);
    const value = answerFor(q, i === 0);
    if (q.questionType === "multiple-choice") await page.keyboard.press(String(q.options.indexOf(value) + 1));
    else {
      const field = page.getByPlaceholder("Type your answer here...");
      await field.focus();
      await page.keyboard.type(value);
    }
    const chosen = await step(reader, `answer question ${i + 1} (${i === 0 ? "right" : "wrong"})`, transcript);
    if (q.questionType === "multiple-choice")
      assert.ok(chosen.announced.includes(`Chosen: ${value}`), "the option chosen with a digit is spoken");
    else assert.match(chosen.focus, /^textbox "Your answer"/, "the answer field is named");
    await page.keyboard.press("Enter");
    await page.getByTestId("feedback").waitFor();
    const graded = await step(reader, "Enter: submit", transcript);
    assert.match(
      `${graded.focus} ${graded.announced.join(" ")}`,
      i === 0 ? /Correct/ : /Incorrect/,
      "the grade is spoken",
    );
    await page.keyboard.press("Enter");
    await page.getByText(`Question ${i + 2} of ${questions.length}`, { exact: true }).waitFor();
    const next = await step(reader, "Enter: next question", transcript);
    assert.notEqual(next.focus, "", "focus lands on the next question");
  }
  await context.close();
});

test("Review with the keyboard: the card's answer, the rating and the question's grade are spoken", async (t) => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const settings = await context.request.patch(`${BASE_URL}/api/review/settings`, { data: { newPerDay: 2 } });
  assert.ok(settings.ok());
  const bank = await (await context.request.get(`${BASE_URL}/api/questions`)).json();
  await context.addInitScript(recordLiveRegions);
  const page = await context.newPage();
  const reader = await screenReader(context, page);
  const transcript = [];
  printAfter(t, "Review", transcript);
  await page.goto(`${BASE_URL}/review`);
  await page.getByTestId("review-term").waitFor();
  await step(reader, "open /review (a card first)", transcript);
  await page.keyboard.press("Space");
  await page.getByTestId("review-definition").waitFor();
  const shown = await step(reader, "Space: show the answer", transcript);
  const definition = (await page.getByTestId("review-definition").innerText()).replace(/\s+/g, " ").trim();
  assert.ok(
    `${shown.focus} ${shown.announced.join(" ")}`.includes(definition.slice(0, 40)),
    "the card's answer is spoken when shown",
  );
  await page.keyboard.press("m");
  await page.getByTestId("review-question").waitFor();
  await step(reader, "M: mastered, then the question", transcript);
  const text = (await page.getByTestId("question-text").textContent()).trim();
  const q = bank.find((x) => x.questionText === text);
  if (q.questionType === "multiple-choice") {
    await page.keyboard.press(String(q.options.indexOf(q.correctAnswer) + 1));
    // The choice is spoken a render after the key (a CI run read the live regions before it came):
    // wait for it, at most the test's timeout, then take the step.
    await page.waitForFunction((answer) => window.__announced.some((a) => a.includes(answer)), q.correctAnswer);
    const chosen = await step(reader, "a digit: choose the right option", transcript);
    assert.ok(
      `${chosen.focus} ${chosen.announced.join(" ")}`.includes(q.correctAnswer),
      "the option chosen with a digit is spoken",
    );
  } else {
    await page.getByRole("textbox").fill(q.correctAnswer);
    await step(reader, "type the answer", transcript);
  }
  await page.keyboard.press("Enter");
  await page.getByTestId("feedback").waitFor();
  const graded = await step(reader, "Enter: submit", transcript);
  assert.match(graded.focus, /^region "Correct"/, "focus lands on the grade");
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "All caught up" }).waitFor();
  const done = await step(reader, "Enter: the end of the session", transcript);
  assert.match(`${done.focus} ${done.announced.join(" ")}`, /All caught up/);
  await context.close();
});

test("A timed practice test with the keyboard: each question, the choice, the one-minute warning and the result are spoken", async (t) => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const bank = new Map((await (await context.request.get(`${BASE_URL}/api/questions`)).json()).map((q) => [q.id, q]));
  await context.addInitScript(recordLiveRegions);
  const page = await context.newPage();
  await page.clock.install();
  const reader = await screenReader(context, page);
  const transcript = [];
  printAfter(t, "Practice test", transcript);
  await page.goto(`${BASE_URL}/test`);
  await page.getByText(/questions? available for this choice/).waitFor();
  await step(reader, "open /test", transcript);
  for (const name of ["10 questions", "10 minutes"]) {
    await page.getByRole("radio", { name, exact: true }).focus();
    await page.keyboard.press("Space");
    assert.ok(await page.getByRole("radio", { name, exact: true }).isChecked(), `${name} is chosen`);
  }
  await step(reader, "choose 10 questions and 10 minutes", transcript);
  const start = page.getByRole("button", { name: "Start Test" });
  await start.focus();
  await page.keyboard.press("Enter");
  await page.getByText("Question 1 of 10", { exact: true }).waitFor();
  const first = await step(reader, "Enter: Start Test", transcript);
  const text = (await page.locator("#question-text").textContent()).trim();
  assert.equal(first.focus, `heading "${text}"`, "focus lands on the first question");
  assert.ok(first.announced.includes("Question 1 of 10"), "where the member is in the test is spoken");
  const q = [...bank.values()].find((x) => x.questionText === text);
  if (q?.questionType === "multiple-choice") {
    await page.keyboard.press(String(q.options.indexOf(q.correctAnswer) + 1));
    const chosen = await step(reader, "a digit: choose an option", transcript);
    assert.ok(
      `${chosen.focus} ${chosen.announced.join(" ")}`.includes(q.correctAnswer),
      "the option chosen with a digit is spoken",
    );
  }
  await page.clock.fastForward("09:01");
  await page.getByRole("alert").filter({ hasText: "1 minute left" }).waitFor();
  const warned = await step(reader, "nine minutes later", transcript);
  assert.ok(
    warned.announced.some((t) => t.includes("1 minute left")),
    "the one-minute warning is announced",
  );
  await page.clock.fastForward("01:05");
  await page.getByRole("heading", { level: 1, name: "Test Results" }).waitFor();
  const results = await step(reader, "time is up", transcript);
  assert.ok(results.announced.includes("Time's up! Submitting your test…"), "the hand-in is announced");
  assert.equal(results.focus, 'heading "Test Results"', "focus lands on the results' title");
  await context.close();
});
