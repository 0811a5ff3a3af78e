import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { api, browser, DESKTOP, signedInContext, withBrowser } from "./helpers.mjs";
import { questionsOf, wrongAnswer } from "./study-data.mjs";

withBrowser();

test("Study asks how sure the member is (keys S / T / G), stores it, and names a wrong 'sure' a misconception; a setting hides it", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const questions = await questionsOf(context.request, 26);
  const page = await context.newPage();
  await page.goto("/study/26");
  const picker = page.getByTestId("confidence");
  await picker.waitFor();
  const shown = await page.getByTestId("question-text").innerText();
  const q = questions.find((x) => x.questionText === shown);
  assert.ok(q, "the question on screen is one of section 26's");
  const sure = picker.getByRole("button", { name: /^Sure/ });
  assert.equal(await sure.getAttribute("aria-pressed"), "false");
  await page.keyboard.press("s");
  assert.equal(await sure.getAttribute("aria-pressed"), "true", "S picks Sure");
  await page.keyboard.press("g");
  assert.equal(
    await picker.getByRole("button", { name: /^Guess/ }).getAttribute("aria-pressed"),
    "true",
    "G picks Guess",
  );
  await page.keyboard.press("s");
  await expectNoSeriousA11yViolations(page, "on a study question with the confidence picker");

  if (q.questionType === "multiple-choice")
    await page.getByRole("radio", { name: wrongAnswer(q), exact: true }).check({ force: true });
  else await page.getByPlaceholder("Type your answer here...").fill(wrongAnswer(q));
  await page.getByRole("button", { name: "Submit Answer" }).click();
  const alert = page.getByTestId("misconception");
  await alert.waitFor();
  assert.match(
    await alert.innerText(),
    /You were sure, and it was wrong: a misconception to look at\.[\s\S]*Certainty mark -6/,
  );
  // The server stored the confidence with the answer and lists the misconception.
  const report = await api(context, "/progress/confidence");
  assert.deepEqual(report.certainty, { answered: 1, marks: -6, maxMarks: 3, sure: 1, sureRight: 0 });
  assert.deepEqual(
    report.misconceptions.map((m) => m.questionId),
    [q.id],
  );

  // Performance shows the marks, how often "sure" was right and the misconception.
  await page.goto("/performance");
  const card = page.getByTestId("confidence-report");
  await card.waitFor();
  assert.equal(await card.getByTestId("certainty-marks").innerText(), "Certainty marks: -6 of 3 over 1 answer.");
  assert.equal(await card.getByTestId("sure-right").innerText(), 'How often "sure" was right: 0 of 1 (0%)');
  await card.getByText(`Section 26: ${q.questionText}`).waitFor();

  // Turned off in Review Settings: no question asked, and answers go without a confidence.
  await page.goto("/account/review");
  await page.getByText("Ask how sure I am (Sure, Think so, Guess) before each answer").click();
  await page.getByRole("button", { name: "Save Settings" }).click();
  await page.getByText("Settings saved").first().waitFor();
  assert.equal((await api(context, "/review/settings")).askConfidence, false);
  await page.goto("/study/26");
  await page.getByTestId("question-text").waitFor();
  await page.getByRole("button", { name: "Submit Answer" }).waitFor();
  // The device's saved copy of the settings may show first; the member's current ones follow.
  await page.getByTestId("confidence").waitFor({ state: "detached" });
  await context.close();
});
