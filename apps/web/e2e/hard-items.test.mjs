import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { api, BASE_URL, browser, DESKTOP, signedInContext, withBrowser } from "./helpers.mjs";
import { questionsOf } from "./study-data.mjs";

withBrowser();

const DAY = 24 * 60 * 60 * 1000;

/** One rating of a question, made `daysAgo` days ago (as a device's outbox replays it). */
async function rate(context, questionId, rating, daysAgo) {
  const res = await context.request.post(`${BASE_URL}/api/review`, {
    data: {
      id: randomUUID(),
      itemType: "question",
      itemId: questionId,
      rating,
      ratedAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
    },
  });
  assert.ok(res.ok(), `POST /api/review: ${res.status()}`);
}

test("a hard item in Review: its explanation first, 'why did I miss it?' kept, then asked again; listed on Performance", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const patched = await context.request.patch(`${BASE_URL}/api/review/settings`, { data: { newPerDay: 0 } });
  assert.ok(patched.ok());
  const [question] = await questionsOf(context.request, 5);
  // Learnt, then forgotten six times over two months: the last lapse ten days ago, due again since.
  await rate(context, question.id, 4, 70);
  for (let k = 1; k <= 6; k++) {
    await rate(context, question.id, 1, 70 - 10 * k);
    if (k < 6) await rate(context, question.id, 4, 70 - 10 * k - 0.01);
  }

  const page = await context.newPage();
  await page.goto("/review");
  const hard = page.getByTestId("hard-item");
  await hard.waitFor();
  assert.equal((await hard.getByTestId("hard-item-explanation").innerText()).trim(), question.explanation.trim());
  await expectNoSeriousA11yViolations(page, "on a hard item in Review");
  await hard.getByRole("button", { name: "I misread the question" }).click();
  await hard.getByRole("status").getByText("Noted").waitFor();
  await hard.getByRole("button", { name: "Ask me again" }).click();
  await page.getByTestId("review-question").waitFor();
  assert.equal((await page.getByTestId("question-text").textContent()).trim(), question.questionText.trim());

  const listed = await api(context, "/review/hard-items");
  assert.deepEqual(listed.sections, [
    {
      sectionNumber: 5,
      items: [{ questionId: question.id, questionText: question.questionText, lapses: 6, lastReason: "misread" }],
    },
  ]);
  await page.goto("/performance");
  const section = page.getByTestId("hard-items");
  await section.getByText(question.questionText).waitFor();
  await section.getByText("I misread the question").waitFor();
  await context.close();
});
