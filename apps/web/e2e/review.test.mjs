import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot } from "./checks.mjs";
import { BASE_URL, browser, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";

withBrowser();

/** Sets the member's review settings through the REST API (the session cookie signs the call). */
async function setSettings(context, settings) {
  const res = await context.request.patch(`${BASE_URL}/api/review/settings`, { data: settings });
  assert.ok(res.ok(), `PATCH /api/review/settings: ${res.status()}`);
}

test("a review session from the dashboard's Due today card to 'All caught up'", async () => {
  const { context } = await signedInContext(browser);
  await setSettings(context, { newPerDay: 2 });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  const due = page.getByTestId("due-today-card");
  await due.getByText("1 card, 1 question", { exact: true }).waitFor();
  await due.getByRole("link", { name: "Start Review" }).click();
  await page.waitForURL(`${BASE_URL}/review`);
  await page.getByRole("heading", { level: 1, name: "Review" }).waitFor();
  assert.equal(await page.getByTestId("due-today").textContent(), "Due today: 1 card, 1 question");
  await expectNoSeriousA11yViolations(page, "on /review");

  // First a card: show the answer, then rate it Mastered.
  await page.getByTestId("review-term").waitFor();
  await page.getByRole("button", { name: "Show Answer" }).click();
  await page.getByTestId("review-definition").waitFor();
  // The rating goes through the outbox: stored on the device, then sent.
  const rated = page.waitForResponse((r) => r.url().includes("review.rate"));
  await page.getByRole("button", { name: "Mastered" }).click();
  assert.ok((await rated).ok());

  // Then a question, graded by the server's rules, with its explanation and reference.
  await page.getByTestId("review-question").waitFor();
  const items = await (await context.request.get(`${BASE_URL}/api/review/queue`)).json();
  assert.equal(items.items.length, 1, "the rated card is back in the queue within the day (a learning step)");
  const text = (await page.getByTestId("question-text").textContent()).trim();
  const bank = await (await context.request.get(`${BASE_URL}/api/questions`)).json();
  const q = bank.find((x) => x.questionText === text);
  assert.ok(q, "the question shown is in the bank");
  if (q.questionType === "multiple-choice")
    await page.getByRole("radio", { name: q.correctAnswer, exact: true }).check({ force: true });
  else await page.getByRole("textbox").fill(q.correctAnswer);
  await page.getByRole("button", { name: "Submit Answer" }).click();
  const feedback = page.getByTestId("feedback");
  await feedback.getByRole("heading", { name: "Correct" }).waitFor();
  await feedback.getByText(q.explanation).waitFor();
  await page.getByRole("button", { name: "Finish" }).click();

  await page.getByRole("heading", { name: "All caught up" }).waitFor();
  assert.match(await page.getByTestId("next-due").textContent(), /^Your next review is due in \d+ minutes?\.$/);
  await screenshot(page, "review-caught-up");
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await due.getByText("All caught up", { exact: true }).waitFor();
  await context.close();
});

test("the four-button setting puts Again / Hard / Good / Easy on the flashcards", async () => {
  const { context } = await signedInContext(browser, { viewport: MOBILE });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/account/review`);
  await page.getByRole("heading", { level: 1, name: "Review Settings" }).waitFor();
  await expectNoSeriousA11yViolations(page, "on /account/review");
  await expectNoHorizontalScroll(page);
  await page.getByText("Rate flashcards with four buttons (Again, Hard, Good, Easy)").click();
  const saved = page.waitForResponse((r) => r.url().includes("review.updateSettings"));
  await page.getByRole("button", { name: "Save Settings" }).click();
  assert.ok((await saved).ok());
  await page.getByText("Settings saved").first().waitFor();
  const settings = await (await context.request.get(`${BASE_URL}/api/review/settings`)).json();
  assert.equal(settings.fourButtons, true);

  await page.goto(`${BASE_URL}/flashcards`);
  await page.getByTestId("flashcard").click();
  for (const name of ["Again", "Hard", "Good", "Easy"]) await page.getByRole("button", { name, exact: true }).waitFor();
  assert.equal(await page.getByRole("button", { name: "Mastered" }).count(), 0);
  const rated = page.waitForResponse((r) => r.url().includes("review.rate"));
  await page.getByRole("button", { name: "Easy", exact: true }).click();
  assert.ok((await rated).ok());
  await page.getByText("Mastered: 1 / 164").waitFor();
  await page.reload();
  await page.getByText("Mastered: 1 / 164").waitFor();
  await context.close();
});

test("keyboard only: Space shows the card's answer, M marks it mastered, 1–4 choose and Enter submits and goes on", async () => {
  const { context } = await signedInContext(browser);
  await setSettings(context, { newPerDay: 2 });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/review`);
  await page.getByTestId("review-term").waitFor();
  await page.keyboard.press("Space");
  await page.getByTestId("review-definition").waitFor();
  const rated = page.waitForResponse((r) => r.url().includes("review.rate"));
  await page.keyboard.press("m");
  assert.ok((await rated).ok());

  await page.getByTestId("review-question").waitFor();
  const text = (await page.getByTestId("question-text").textContent()).trim();
  const bank = await (await context.request.get(`${BASE_URL}/api/questions`)).json();
  const q = bank.find((x) => x.questionText === text);
  assert.ok(q, "the question shown is in the bank");
  if (q.questionType === "multiple-choice") {
    await page.keyboard.press(String(q.options.indexOf(q.correctAnswer) + 1));
    assert.ok(await page.getByRole("radio", { name: q.correctAnswer, exact: true }).isChecked());
  } else {
    await page.getByRole("textbox").fill(q.correctAnswer);
  }
  await page.keyboard.press("Enter");
  await page.getByTestId("feedback").getByRole("heading", { name: "Correct" }).waitFor();
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "All caught up" }).waitFor();
  const progress = await (await context.request.get(`${BASE_URL}/api/progress/section`)).json();
  assert.deepEqual(progress, [{ sectionNumber: q.sectionNumber, questionsAttempted: 1, questionsCorrect: 1 }]);
  await context.close();
});
