import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { BASE_URL, browser, signedInContext, withBrowser } from "./helpers.mjs";

withBrowser();

/** The result of a tRPC GET as the browser received it. */
const trpcData = (body) => {
  const parsed = JSON.parse(body);
  return (Array.isArray(parsed) ? parsed[0] : parsed).result.data;
};

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

async function openSetup(page) {
  await page.goto(`${BASE_URL}/test`);
  await page.getByRole("heading", { level: 1, name: "Practice Test" }).waitFor();
  await page.getByText(/questions? available for this choice/).waitFor();
}

test("Tutor mode checks each answer with its explanation and locks it", async () => {
  const { context } = await signedInContext(browser);
  const bank = await bankOf(context);
  const page = await context.newPage();
  await openSetup(page);
  await choose(page, "10 questions");
  await choose(page, "Tutor");
  await expectNoSeriousA11yViolations(page, "on the test set-up with pools and modes");
  const response = page.waitForResponse((r) => r.url().includes("/api/trpc/tests.draw"));
  await page.getByRole("button", { name: "Start Test" }).click();
  const { questions } = trpcData(await (await response).text());
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
  const response = page.waitForResponse((r) => r.url().includes("/api/trpc/tests.draw"));
  await page.getByRole("button", { name: "Start Test" }).click();
  const drawn = trpcData(await (await response).text());
  const code = (await page.getByTestId("test-code").textContent()).trim();
  assert.equal(code, drawn.code);

  const second = await signedInContext(browser, { first: "Ana", last: "Ruiz" });
  const other = await second.context.newPage();
  await other.goto(`${BASE_URL}/test?code=${encodeURIComponent(code)}`);
  await other.getByRole("heading", { name: "Shared practice test" }).waitFor();
  assert.equal((await other.getByTestId("shared-code").textContent()).trim(), code);
  const again = other.waitForResponse((r) => r.url().includes("/api/trpc/tests.draw"));
  await other.getByRole("button", { name: "Start Shared Test" }).click();
  const redrawn = trpcData(await (await again).text());
  assert.deepEqual(
    redrawn.questions.map((q) => q.id),
    drawn.questions.map((q) => q.id),
  );
  await other.getByText("Question 1 of 10", { exact: true }).waitFor();
  await other.getByRole("heading", { level: 2, name: drawn.questions[0].questionText }).waitFor();
  await first.context.close();
  await second.context.close();
});
