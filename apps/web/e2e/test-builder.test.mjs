import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { BASE_URL, browser, signedInContext, withBrowser } from "./helpers.mjs";
import { isTrpcCall, trpcResult } from "./study-data.mjs";

withBrowser();

async function bankOf(context) {
  const res = await context.request.get(`${BASE_URL}/api/questions`);
  assert.ok(res.ok());
  return new Map((await res.json()).map((q) => [q.id, q]));
}

async function choose(page, name) {
  await page
    .locator("label")
    .filter({ has: page.getByRole("radio", { name, exact: true }) })
    .click();
  assert.ok(await page.getByRole("radio", { name, exact: true }).isChecked(), `${name} is chosen`);
}

/** The set-up is on screen with its pool counted. */
async function setupShown(page) {
  await page.getByRole("heading", { level: 1, name: "Practice Test" }).waitFor();
  await page.getByText(/questions? available for this choice/).waitFor();
}

async function openSetup(page) {
  await page.goto(`${BASE_URL}/test`);
  await setupShown(page);
}

test("Tutor mode checks each answer with its explanation and locks it", async () => {
  const { context } = await signedInContext(browser);
  const bank = await bankOf(context);
  const page = await context.newPage();
  await openSetup(page);
  await choose(page, "10 questions");
  await choose(page, "Tutor");
  await expectNoSeriousA11yViolations(page, "on the test set-up with pools and modes");
  const response = trpcResult(page, "tests.draw");
  await page.getByRole("button", { name: "Start Test" }).click();
  const { questions } = (await response).data;
  await page.getByText("Question 1 of 10", { exact: true }).waitFor();

  const q = bank.get(questions[0].id);
  assert.equal(await page.getByRole("button", { name: "Check Answer" }).isDisabled(), true, "nothing to check yet");
  if (q.questionType === "multiple-choice")
    await choose(
      page,
      q.options.find((o) => o !== q.correctAnswer),
    );
  else await page.getByPlaceholder("Type your answer here...").fill("definitely not the answer");
  await page.getByRole("button", { name: "Check Answer" }).click();
  const feedback = page.getByTestId("feedback");
  await feedback.getByRole("heading", { name: "Incorrect" }).waitFor();
  await feedback.getByText(q.explanation).waitFor();
  await feedback.getByText(`Correct answer: ${q.correctAnswer}`).waitFor();
  if (q.questionType === "multiple-choice")
    for (const radio of await page.getByRole("radio").all())
      assert.ok(await radio.isDisabled(), "the answer is locked");
  await expectNoSeriousA11yViolations(page, "with tutor feedback");
  // Checking records nothing: the test is recorded when it is submitted.
  const progress = await (await context.request.get(`${BASE_URL}/api/progress/section`)).json();
  assert.deepEqual(progress, []);
  await context.close();
});

test("a shared test code offers the same questions in the same order to another member", async () => {
  const first = await signedInContext(browser);
  const page = await first.context.newPage();
  await openSetup(page);
  await choose(page, "10 questions");
  const response = trpcResult(page, "tests.draw");
  await page.getByRole("button", { name: "Start Test" }).click();
  const drawn = (await response).data;
  const code = (await page.getByTestId("test-code").textContent()).trim();
  assert.equal(code, drawn.code);

  const second = await signedInContext(browser, { first: "Ana", last: "Ruiz" });
  const other = await second.context.newPage();
  await other.goto(`${BASE_URL}/test?code=${encodeURIComponent(code)}`);
  await other.getByRole("heading", { name: "Shared practice test" }).waitFor();
  assert.equal((await other.getByTestId("shared-code").textContent()).trim(), code);
  const again = trpcResult(other, "tests.draw");
  await other.getByRole("button", { name: "Start Shared Test" }).click();
  const redrawn = (await again).data;
  assert.deepEqual(
    redrawn.questions.map((q) => q.id),
    drawn.questions.map((q) => q.id),
  );
  await other.getByText("Question 1 of 10", { exact: true }).waitFor();
  await other.getByRole("heading", { level: 2, name: drawn.questions[0].questionText }).waitFor();
  await first.context.close();
  await second.context.close();
});

/** The ids of the questions the member flagged (GET /api/question-flags). */
async function flagsOf(context) {
  const res = await context.request.get(`${BASE_URL}/api/question-flags`);
  assert.ok(res.ok(), `GET /api/question-flags: ${res.status()}`);
  return res.json();
}

/** Picks the Flagged pool and checks the count it shows and the questions available. */
async function chooseFlagged(page, flagged) {
  const pool = page.getByTestId("pool-flagged");
  await pool.getByText(`Flagged (${flagged})`, { exact: true }).waitFor();
  await pool.click();
  assert.ok(await pool.getByRole("radio").isChecked(), "Flagged is chosen");
  await page.getByTestId("available").getByText(`${flagged} questions available for this choice`).waitFor();
}

/** Leaves the drawn test: on a reload the set-up offers to resume it; Discard goes back to the set-up. */
async function discardDrawnTest(page) {
  await page.reload();
  await page.getByRole("heading", { name: "Resume your practice test?" }).waitFor();
  await page.getByRole("button", { name: "Discard" }).click();
  await setupShown(page);
}

test("a test built from Flagged questions keeps the flags unless the member chooses to clear them", async () => {
  const { context } = await signedInContext(browser);
  const bank = await bankOf(context);
  const page = await context.newPage();

  // One flag from Study's flag toggle, eleven more from across the bank through the API, so a
  // 10-question test leaves two flags behind.
  await page.goto(`${BASE_URL}/study/7`);
  const shown = (await page.getByTestId("question-text").textContent()).trim();
  const studied = [...bank.values()].find((q) => q.questionText.trim() === shown);
  assert.ok(studied, `question on screen is from the bank: ${shown}`);
  const flagSet = page.waitForResponse((r) => isTrpcCall(r.url(), "flags.set"));
  await page.getByRole("button", { name: "Flag", pressed: false }).click();
  assert.ok((await flagSet).ok(), "the flag was saved");
  await page.getByRole("button", { name: "Flagged", pressed: true }).waitFor();
  const others = [...bank.keys()].filter((id) => id !== studied.id);
  const byApi = Array.from({ length: 11 }, (_, i) => others[Math.floor((i * others.length) / 11)]);
  for (const questionId of byApi) {
    const res = await context.request.post(`${BASE_URL}/api/question-flags`, { data: { questionId, flagged: true } });
    assert.ok(res.ok(), `flag ${questionId}: ${res.status()}`);
  }
  const flagged = [studied.id, ...byApi].sort((a, b) => a - b);
  assert.deepEqual(await flagsOf(context), flagged);

  let clearCalls = 0;
  page.on("request", (r) => {
    if (isTrpcCall(r.url(), "flags.clear")) clearCalls++;
  });

  // First test: the clear choice left off.
  await openSetup(page);
  await chooseFlagged(page, 12);
  const clear = page.getByRole("checkbox", { name: "Clear the flags of the questions in this test" });
  assert.equal(await clear.isChecked(), false, "clearing the flags is off unless the member asks");
  await choose(page, "10 questions");
  await expectNoSeriousA11yViolations(page, "on the set-up with the Flagged pool");
  let response = trpcResult(page, "tests.draw");
  await page.getByRole("button", { name: "Start Test" }).click();
  const first = (await response).data;
  await page.getByText("Question 1 of 10", { exact: true }).waitFor();
  assert.equal(first.questions.length, 10);
  for (const q of first.questions) assert.ok(flagged.includes(q.id), `question ${q.id} is one of the flagged`);
  assert.deepEqual(await flagsOf(context), flagged, "the flags are kept");

  await discardDrawnTest(page);
  assert.equal(clearCalls, 0, "no flags were cleared");
  assert.deepEqual(await flagsOf(context), flagged, "the flags are still kept");

  // Second test: the member chooses to clear the flags of the questions drawn.
  await chooseFlagged(page, 12);
  await clear.check({ force: true });
  assert.ok(await clear.isChecked());
  await choose(page, "10 questions");
  response = trpcResult(page, "tests.draw");
  const cleared = page.waitForResponse((r) => isTrpcCall(r.url(), "flags.clear"));
  await page.getByRole("button", { name: "Start Test" }).click();
  const second = (await response).data;
  await page.getByText("Question 1 of 10", { exact: true }).waitFor();
  assert.ok((await cleared).ok(), "the flags were cleared");
  const drawn = second.questions.map((q) => q.id);
  const left = flagged.filter((id) => !drawn.includes(id));
  assert.equal(left.length, 2, "two flagged questions were not drawn");
  assert.deepEqual(await flagsOf(context), left, "only the drawn questions lost their flags");

  await discardDrawnTest(page);
  await chooseFlagged(page, 2);
  await context.close();
});
