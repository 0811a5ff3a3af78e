/**
 * Question versions in the admin screens: an edit that changes the correct answer asks what becomes of
 * past answers (keep, by default), a member's test review still shows the version they answered, and
 * the item's history restores the old version as a new one.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot } from "./checks.mjs";
import { api, BASE_URL, browser, MOBILE, signedInContext, unique, withBrowser } from "./helpers.mjs";
import { submitTest } from "./study-data.mjs";

withBrowser();

const SECTION = 31;

async function createQuestion(context, text) {
  const res = await context.request.post(`${BASE_URL}/api/questions`, {
    data: {
      sectionNumber: SECTION,
      questionType: "multiple-choice",
      questionText: text,
      options: ["Alpha choice", "Bravo choice", "Charlie choice", "Delta choice"],
      correctAnswer: "Bravo choice",
      explanation: "Bravo, as first written.",
      citation: null,
    },
  });
  assert.ok(res.ok(), `create: ${res.status()} ${await res.text()}`);
  return res.json();
}

test("an admin changes a question's answer keeping past grades, the member's review shows what they saw, and the admin restores the old version", async () => {
  const admin = await signedInContext(browser, { admin: true });
  const text = `Which choice is right? ${unique()}`;
  const question = await createQuestion(admin.context, text);
  assert.equal(question.version, 1);

  // A member answers it in a practice test, right under version 1.
  const member = await signedInContext(browser);
  const attempt = await submitTest(member.context.request, [{ q: question, correct: true }], 30);
  assert.equal(attempt.score, 100);

  // The admin changes the correct answer: the dialog asks about past answers, 'keep' chosen by default.
  const page = await admin.context.newPage();
  await page.goto(`${BASE_URL}/admin/questions?section=${SECTION}`);
  let card = page.getByTestId("question-card").filter({ hasText: text });
  await card.getByText("Version 1", { exact: true }).waitFor();
  await card.getByRole("button", { name: "Edit question" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Question" });
  await dialog.waitFor();
  assert.equal(await dialog.getByTestId("past-answers").count(), 0, "no choice before the answer changes");
  await dialog.getByRole("combobox", { name: "Correct answer" }).selectOption({ label: "D. Delta choice" });
  const choice = dialog.getByRole("group", { name: /past answers to this question/ });
  await choice.waitFor();
  const keep = choice.getByRole("radio", { name: /Keep past answers as graded/ });
  assert.equal(await keep.isChecked(), true, "keep is the default");
  assert.equal(await choice.getByRole("radio", { name: /Regrade past answers/ }).isChecked(), false);
  // Keyboard: the arrow keys move between the two choices, and back.
  await keep.focus();
  await page.keyboard.press("ArrowDown");
  assert.equal(await choice.getByRole("radio", { name: /Regrade past answers/ }).isChecked(), true);
  await page.keyboard.press("ArrowUp");
  assert.equal(await keep.isChecked(), true);
  await dialog.getByRole("button", { name: "Update" }).click();
  await dialog.waitFor({ state: "detached" });
  card = page.getByTestId("question-card").filter({ hasText: text });
  await card.getByText("Answer: Delta choice", { exact: true }).waitFor();
  await card.getByText("Version 2", { exact: true }).waitFor();

  // The member's review: still right, with the answer of the version they were asked.
  const review = await member.context.newPage();
  await review.goto(`${BASE_URL}/test?review=${attempt.id}`);
  const item = review.getByTestId("review-item");
  await item.getByText("Correct", { exact: true }).waitFor();
  assert.equal(await item.getByTestId("your-answer").textContent(), "Bravo choice");
  assert.equal(await item.getByTestId("correct-answer").textContent(), "Bravo choice");
  await review.getByText("1 of 1 correct").waitFor();

  // The history: both versions, who made the edit, and the answer's change before and after.
  await card.getByRole("button", { name: "History of question" }).click();
  const history = page.getByRole("dialog", { name: `History of question ${question.id}` });
  await history.waitFor();
  const versions = history.getByTestId("item-version");
  await versions.nth(1).waitFor();
  assert.equal(await versions.count(), 2);
  const latest = versions.nth(0);
  await latest.getByRole("heading", { name: "Version 2" }).waitFor();
  await latest.getByText("Current", { exact: true }).waitFor();
  await latest.getByText("Answer changed", { exact: true }).waitFor();
  const answerChange = latest.locator('[data-field="correctAnswer"]');
  assert.equal(await answerChange.getByTestId("change-before").textContent(), "Bravo choice");
  assert.equal(await answerChange.getByTestId("change-after").textContent(), "Delta choice");
  assert.equal(await latest.getByTestId("version-change").count(), 1, "only the answer changed");
  assert.equal(await latest.getByRole("button", { name: /Restore this version/ }).count(), 0);

  // Restore version 1: a new version 3 with the old content.
  await versions
    .nth(1)
    .getByRole("button", { name: /Restore this version/ })
    .click();
  await history.getByRole("heading", { name: "Version 3" }).waitFor();
  // The outcome is said beside Close, in the dialog, where nothing covers it.
  const outcome = history.getByRole("status").filter({ hasText: "Version 1 restored" });
  await outcome.getByText("It is now version 3, the one members study.").waitFor();
  assert.equal(await outcome.getAttribute("data-testid"), "restore-outcome");
  assert.equal(await versions.count(), 3);
  await versions.nth(0).getByText("Current", { exact: true }).waitFor();
  await card.getByText("Answer: Bravo choice", { exact: true }).waitFor();
  await card.getByText("Version 3", { exact: true }).waitFor();
  const stored = await api(admin.context, `/admin/questions/${question.id}/versions`);
  assert.deepEqual(
    stored.map((v) => [v.version, v.content.correctAnswer, v.latest]),
    [
      [3, "Bravo choice", true],
      [2, "Delta choice", false],
      [1, "Bravo choice", false],
    ],
  );
  await history.getByRole("button", { name: "Close" }).first().click();
  await history.waitFor({ state: "detached" });

  // The member's review is unchanged by the edit and the restore.
  await review.reload();
  await review.getByText("1 of 1 correct").waitFor();
  assert.equal(await review.getByTestId("correct-answer").textContent(), "Bravo choice");
  await admin.context.close();
  await member.context.close();
});

test("an item's history on a phone in dark mode: no sideways scroll, no serious a11y violations, Esc closes it", async () => {
  const { context } = await signedInContext(browser, { admin: true, viewport: MOBILE, colorScheme: "dark" });
  const text = `Phone history ${unique()}`;
  const question = await createQuestion(context, text);
  const res = await context.request.patch(`${BASE_URL}/api/questions/${question.id}`, {
    data: { explanation: "Bravo, explained again." },
  });
  assert.ok(res.ok(), `edit: ${res.status()}`);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/admin/questions?section=${SECTION}`);
  const card = page.getByTestId("question-card").filter({ hasText: text });
  await card.getByRole("button", { name: "History of question" }).click();
  const history = page.getByRole("dialog", { name: `History of question ${question.id}` });
  await history.getByRole("heading", { name: "Version 2" }).waitFor();
  await history.getByRole("heading", { name: "Version 1" }).waitFor();
  await history.locator('[data-field="explanation"]').getByTestId("change-after").waitFor();
  await history.getByRole("button", { name: /Restore this version/ }).click();
  await history.getByTestId("restore-outcome").getByText("Version 1 restored").waitFor();
  await history.getByRole("heading", { name: "Version 3" }).waitFor();
  // The footer's Close stays whole on screen beside the outcome.
  const close = history.getByRole("button").filter({ hasText: "Close" });
  const box = await close.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= MOBILE.width, `Close on screen: ${JSON.stringify(box)}`);
  await expectNoHorizontalScroll(page, "item history on a phone");
  await expectNoSeriousA11yViolations(page, "item history on a phone in dark mode");
  await screenshot(page, "admin-item-history-mobile-dark");
  await page.keyboard.press("Escape");
  await history.waitFor({ state: "detached" });
  await context.close();
});
