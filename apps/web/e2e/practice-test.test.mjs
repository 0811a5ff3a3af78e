import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot } from "./checks.mjs";
import { BASE_URL, browser, DESKTOP, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";
import { trpcResult } from "./study-data.mjs";

withBrowser();

const SECTION_NAMES = {
  1: "Recognition, Successorship and Mergers",
  7: "Scheduling",
};

/** The whole question bank with answers, as the REST API gives it (used only to decide right or wrong). */
async function questionBank(context) {
  const res = await context.request.get(`${BASE_URL}/api/questions`);
  assert.equal(res.status(), 200);
  return new Map((await res.json()).map((q) => [q.id, q]));
}

async function attemptsOf(context) {
  const res = await context.request.get(`${BASE_URL}/api/test-attempts`);
  assert.equal(res.status(), 200);
  return res.json();
}

async function openSetup(page) {
  await page.goto(`${BASE_URL}/test`);
  await page.getByRole("heading", { level: 1, name: "Practice Test" }).waitFor();
  await page.getByText(/questions? available for this choice/).waitFor();
}

/**
 * Sets up and starts a test; returns the drawn questions as the browser received them, and the raw
 * draw response body.
 */
async function startTest(page, { length = "10 questions", limit = "No limit", sections } = {}) {
  await openSetup(page);
  if (sections) {
    await choose(page, "Choose sections");
    for (const n of sections) await page.getByRole("checkbox", { name: new RegExp(`^§${n} `) }).check({ force: true });
  }
  await choose(page, length);
  await choose(page, limit);
  const drawn = trpcResult(page, "tests.draw");
  await page.getByRole("button", { name: "Start Test" }).click();
  const { data, body } = await drawn;
  await page.getByText(/^Question 1 of \d+$/).waitFor();
  return { questions: data.questions, body: JSON.stringify(body) };
}

/** Chooses a radio (a set-up card or an answer option) by clicking its label, as a member would. */
async function choose(page, name) {
  await page
    .locator("label")
    .filter({ has: page.getByRole("radio", { name, exact: true }) })
    .click();
  assert.ok(await page.getByRole("radio", { name, exact: true }).isChecked(), `${name} is chosen`);
}

/** Answers the current question right or wrong; `viaKeyboard` uses the 1–4 shortcuts. */
async function answer(page, q, bank, right, { viaKeyboard = false } = {}) {
  const full = bank.get(q.id);
  if (q.questionType === "multiple-choice") {
    const option = right ? full.correctAnswer : q.options.find((o) => o !== full.correctAnswer);
    if (viaKeyboard) await page.keyboard.press(String(q.options.indexOf(option) + 1));
    else await choose(page, option);
    assert.ok(
      await page.getByRole("radio", { name: option, exact: true }).isChecked(),
      "the chosen option is selected",
    );
    return option;
  }
  const text = right ? `  ${full.correctAnswer.toUpperCase()} ` : "definitely not the answer";
  await page.getByPlaceholder("Type your answer here...").fill(text);
  return text;
}

async function expectQuestion(page, n, total) {
  await page.getByText(`Question ${n} of ${total}`, { exact: true }).waitFor();
}

test("set-up shows how many questions are available for the chosen sections", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  const counts = new Map(
    (await (await context.request.get(`${BASE_URL}/api/practice-test/availability`)).json()).map((a) => [
      a.sectionNumber,
      a.questions,
    ]),
  );
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  assert.ok(total > 100, "the real question bank is loaded");

  await openSetup(page);
  await page.getByText(`${total} questions available for this choice`).waitFor();
  assert.ok(
    await page.getByRole("radio", { name: "All sections (comprehensive)" }).isChecked(),
    "comprehensive is the default",
  );

  await choose(page, "Choose sections");
  await page.getByText("0 of 32 sections selected").waitFor();
  await page.getByText("0 questions available for this choice").waitFor();
  await page.getByText("Choose at least one section, or take a comprehensive test.").waitFor();
  await expectNoSeriousA11yViolations(page, "on set-up with sections to choose");
  assert.equal(
    await page.getByRole("button", { name: "Start Test" }).isDisabled(),
    true,
    "Start is disabled with no section chosen",
  );

  await page.getByRole("checkbox", { name: new RegExp(`^§1 ${SECTION_NAMES[1]}`) }).check({ force: true });
  await page.getByText(`${counts.get(1)} questions available for this choice`).waitFor();
  await page.getByRole("checkbox", { name: new RegExp(`^§7 ${SECTION_NAMES[7]}`) }).check({ force: true });
  await page.getByText(`${counts.get(1) + counts.get(7)} questions available for this choice`).waitFor();
  await page.getByText("2 of 32 sections selected").waitFor();
  assert.equal(await page.getByRole("button", { name: "Start Test" }).isEnabled(), true);

  await page.getByRole("button", { name: "Select all" }).click();
  await page.getByText("32 of 32 sections selected").waitFor();
  await page.getByText(`${total} questions available for this choice`).waitFor();
  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByText("0 of 32 sections selected").waitFor();

  // A length longer than the pool says how many the test will really have.
  await page.getByRole("checkbox", { name: /^§27 / }).check({ force: true });
  await choose(page, "50 questions");
  await page.getByText(`(only ${counts.get(27)} available)`).waitFor();
  await context.close();
});

test("the draw sends questions without their answers", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  const { questions, body } = await startTest(page, { length: "25 questions", sections: [1, 7] });
  assert.equal(questions.length, 25);
  assert.ok(
    questions.every((q) => q.sectionNumber === 1 || q.sectionNumber === 7),
    "only the chosen sections",
  );
  for (const field of ["correctAnswer", "explanation", "citation"])
    assert.ok(!body.includes(`"${field}":`), `the draw response has no ${field}`);
  assert.ok(
    questions.every(
      (q) => Object.keys(q).sort().join() === "id,options,questionText,questionType,sectionNumber,version",
    ),
    "each drawn question has only what the member may see",
  );
  // The REST twin of the same procedure is answer-free too.
  const rest = await (
    await context.request.get(`${BASE_URL}/api/practice-test/questions?sections=1,7&count=25`)
  ).json();
  assert.equal(rest.questions.length, 25);
  assert.ok(rest.questions.every((q) => !("correctAnswer" in q) && !("explanation" in q)));
  // Nothing on the taking screen says whether an answer is right.
  const bank = await questionBank(context);
  await answer(page, questions[0], bank, true);
  assert.equal(await page.getByText(/^(Correct|Incorrect)!?$/).count(), 0, "no feedback before submit");
  await context.close();
});

test("a full 10-question test ends on the review screen with the exact score and section breakdown", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  const bank = await questionBank(context);
  const { questions } = await startTest(page);
  assert.equal(questions.length, 10);
  assert.equal(new Set(questions.map((q) => q.sectionNumber)).size, 10, "a comprehensive draw spreads across sections");
  await page.getByRole("progressbar").first().waitFor();
  await expectNoSeriousA11yViolations(page, "while taking a test");
  await screenshot(page, "test-taking-desktop-light");

  // Plan: 6 right, 2 wrong, 2 left blank (numbers 5 and 9); question 3 flagged.
  const plan = ["right", "right", "wrong", "right", "skip", "right", "wrong", "right", "skip", "right"];
  const given = [];
  for (let i = 0; i < 10; i++) {
    await expectQuestion(page, i + 1, 10);
    const q = questions[i];
    given[i] =
      plan[i] === "skip" ? null : await answer(page, q, bank, plan[i] === "right", { viaKeyboard: i % 2 === 0 });
    if (i === 2) {
      // Shortcuts are off while typing: leave a fill-in answer's text box first, as a member would.
      await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : null));
      await page.locator("body").press("f");
      await page.getByRole("button", { name: "Flag for review", pressed: true }).waitFor();
    }
    if (i < 9) {
      if (i % 2 === 0) {
        await page.getByRole("button", { name: "Next" }).focus();
        await page.getByRole("button", { name: "Next" }).click();
      } else {
        await page
          .getByPlaceholder("Type your answer here...")
          .or(page.getByRole("heading", { level: 2, name: q.questionText }))
          .first()
          .click();
        await page.keyboard.press("Enter");
      }
    }
  }
  // The navigator knows what is answered and flagged.
  await page.getByRole("button", { name: "Question 3, answered, flagged for review" }).waitFor();
  await page.getByRole("button", { name: "Question 5, unanswered" }).waitFor();
  await page.getByText("8 answered · 2 unanswered · 1 flagged").waitFor();

  const submits = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/trpc/tests.submit")) submits.push(r);
  });
  await page.getByRole("button", { name: "Submit Test" }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByText("You have 2 unanswered questions. Submit anyway?").waitFor();
  await expectNoSeriousA11yViolations(page, "on the submit dialog");
  await screenshot(page, "test-confirm-desktop-light");
  await dialog.getByRole("button", { name: "Keep Working" }).click();
  await dialog.waitFor({ state: "hidden" });
  assert.equal(submits.length, 0, "Keep Working does not submit");
  await page.getByRole("button", { name: "Submit Test" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Submit Anyway" }).click();

  await page.getByRole("heading", { level: 1, name: "Test Results" }).waitFor();
  await page.getByText("60%").first().waitFor();
  assert.match(await page.getByTestId("score").textContent(), /60%/);
  await page.getByText("6 of 10 correct").waitFor();
  await page.getByText("Good effort! Review the explanations to improve your knowledge.").waitFor();
  await page.getByText(/^Time taken: \d+m \d+s$/).waitFor();
  assert.match(page.url(), /\/test\?review=[0-9a-f-]{36}$/);

  // Per-section breakdown: one row per section, correct/total and percent.
  const expected = new Map();
  questions.forEach((q, i) => {
    const e = expected.get(q.sectionNumber) ?? { c: 0, t: 0 };
    e.t++;
    if (plan[i] === "right") e.c++;
    expected.set(q.sectionNumber, e);
  });
  const rows = await page
    .getByRole("table")
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.innerText.trim())));
  const wanted = [...expected.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, e]) => [s, `${e.c}/${e.t}`, `${Math.round((e.c / e.t) * 100)}%`]);
  assert.deepEqual(
    rows.map((r) => [Number(r[0].match(/^§(\d+) /)[1]), r[1], r[2]]),
    wanted,
  );

  // The review: every question, the member's answer or 'Not answered', the right answer, a verdict and the explanation.
  const items = page.getByTestId("review-item");
  assert.equal(await items.count(), 10);
  for (let i = 0; i < 10; i++) {
    const item = items.nth(i);
    const full = bank.get(questions[i].id);
    assert.equal((await item.getByTestId("correct-answer").innerText()).trim(), full.correctAnswer);
    const yours = (await item.getByTestId("your-answer").innerText()).trim();
    assert.equal(yours, given[i] === null ? "Not answered" : given[i].trim());
    await item.getByText(plan[i] === "right" ? "Correct" : "Incorrect", { exact: true }).waitFor();
    await item.getByText(full.explanation, { exact: true }).waitFor();
    if (full.citation) await item.getByText(/^Contract reference: JCBA §/).waitFor();
  }
  await expectNoSeriousA11yViolations(page, "on the results");
  await screenshot(page, "test-results-desktop-light");
  await page.getByText("Show only missed").click();
  assert.equal(await items.count(), 4, "only the 2 wrong and 2 blank remain");
  await screenshot(page, "test-review-missed-desktop-light");

  const attempts = await attemptsOf(context);
  assert.equal(attempts.length, 1);
  assert.equal(attempts[0].score, 60);
  assert.equal(attempts[0].totalQuestions, 10);
  assert.equal(submits.length, 1);
  // The saved attempt is gone: a reload of /test offers no resume.
  await page.goto(`${BASE_URL}/test`);
  await page.getByText(/questions available for this choice/).waitFor();
  assert.equal(await page.getByText("Resume your practice test?").count(), 0);
  await context.close();
});

test("a timed test warns at one minute left and is submitted automatically at zero", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  await page.clock.install();
  const bank = await questionBank(context);
  const { questions } = await startTest(page, { limit: "10 minutes" });
  const timer = page.getByRole("timer");
  await timer.getByText(/^(10:00|9:5\d)$/).waitFor();
  assert.match(await timer.getAttribute("aria-label"), /^Time left: /);
  await answer(page, questions[0], bank, true);

  await page.clock.fastForward("09:01");
  await page.getByRole("alert").filter({ hasText: "1 minute left" }).waitFor();
  await timer.getByText(/^0:5\d$/).waitFor();
  await screenshot(page, "test-taking-timer-warning-desktop-light");

  await page.clock.fastForward("01:05");
  await page.getByRole("heading", { level: 1, name: "Test Results" }).waitFor();
  await page.getByText("1 of 10 correct").waitFor();
  await page.getByText("Time taken: 10m 0s").waitFor();
  const attempts = await attemptsOf(context);
  assert.equal(attempts.length, 1);
  assert.equal(attempts[0].timeSpentSeconds, 600);
  assert.equal(attempts[0].score, 10);
  await context.close();
});

test("a test in progress is offered back after a reload, with its answers, flags and place", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  const bank = await questionBank(context);
  const { questions } = await startTest(page);
  const a1 = await answer(page, questions[0], bank, true);
  await page.getByRole("button", { name: "Next" }).click();
  // On the second question before answering it: a fresh-clone run once looked for its option for 30 s.
  await expectQuestion(page, 2, 10);
  const a2 = await answer(page, questions[1], bank, false);
  await page.getByRole("button", { name: "Flag for review" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expectQuestion(page, 3, 10);
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith("jcba:practice-test:")),
  );
  assert.equal(stored.length, 1, "the attempt is kept in localStorage");

  await page.reload();
  await page.getByRole("heading", { name: "Resume your practice test?" }).waitFor();
  await page.getByText(/2 of 10 answered/).waitFor();
  await expectNoSeriousA11yViolations(page, "on the resume prompt");
  await screenshot(page, "test-resume-desktop-light");
  await page.getByRole("button", { name: "Resume" }).click();
  await expectQuestion(page, 3, 10);
  await page.getByRole("button", { name: "Question 1, answered" }).waitFor();
  await page.getByRole("button", { name: "Question 2, answered, flagged for review" }).waitFor();
  await page.getByRole("button", { name: "Question 3, unanswered" }).waitFor();
  await page.getByRole("button", { name: "Question 1, answered" }).click();
  await expectQuestion(page, 1, 10);
  if (questions[0].questionType === "multiple-choice")
    assert.ok(await page.getByRole("radio", { name: a1, exact: true }).isChecked());
  else assert.equal(await page.getByPlaceholder("Type your answer here...").inputValue(), a1);
  await page.getByRole("button", { name: "Question 2, answered, flagged for review" }).click();
  if (questions[1].questionType === "multiple-choice")
    assert.ok(await page.getByRole("radio", { name: a2, exact: true }).isChecked());
  else assert.equal(await page.getByPlaceholder("Type your answer here...").inputValue(), a2);
  await page.getByRole("button", { name: "Flag for review", pressed: true }).waitFor();

  // Also after closing the tab: a new page in the same session offers it again; Discard forgets it.
  await page.close();
  const page2 = await context.newPage();
  await page2.goto(`${BASE_URL}/test`);
  await page2.getByRole("heading", { name: "Resume your practice test?" }).waitFor();
  await page2.getByRole("button", { name: "Discard" }).click();
  await page2.getByText(/questions available for this choice/).waitFor();
  await page2.reload();
  await page2.getByText(/questions available for this choice/).waitFor();
  assert.equal(await page2.getByText("Resume your practice test?").count(), 0);
  assert.equal((await attemptsOf(context)).length, 0, "nothing was submitted");
  await context.close();
});

test("a submission that cannot reach the server is graded on the device, then recorded once by the server", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  const bank = await questionBank(context);
  const { questions } = await startTest(page);
  for (let i = 0; i < 10; i++) {
    await answer(page, questions[i], bank, i < 7);
    if (i < 9) await page.getByRole("button", { name: "Next" }).click();
  }
  // Offline: the test waits in the outbox and its results are graded on this device, clearly marked.
  await context.setOffline(true);
  await page.getByRole("button", { name: "Submit Test" }).click();
  const marker = page.getByTestId("device-graded");
  await marker.getByText("Graded on this device, confirmed when synced").waitFor();
  await page.getByText("7 of 10 correct").waitFor();
  assert.match(await page.getByTestId("score").textContent(), /70%/);
  await expectNoSeriousA11yViolations(page, "with results graded on the device");
  await screenshot(page, "test-device-graded-desktop-light");
  const id = new URL(page.url()).searchParams.get("review");
  assert.match(id, /^[0-9a-f-]{36}$/);

  // The connection returns but drops after the server recorded the test: the outbox keeps it, the
  // device's grading stays on screen, and the next replay gets the first record back.
  let dropped = 0;
  await page.route("**/api/trpc/tests.submit**", async (route) => {
    await route.fetch();
    await route.abort("connectionreset");
    dropped++;
  });
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  for (const end = Date.now() + 30_000; !(dropped > 0 && (await attemptsOf(context)).length === 1); ) {
    if (Date.now() > end) throw new Error("timed out waiting for the server to record the test");
    await page.waitForTimeout(100); // polling the server's record, not an assertion delay
  }
  await marker.waitFor();
  // The outbox may be sending it again meanwhile: let that handler finish before the route goes.
  await page.unrouteAll({ behavior: "wait" });
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await marker.waitFor({ state: "hidden" });
  await page.getByText("7 of 10 correct").waitFor();
  const attempts = await attemptsOf(context);
  assert.equal(attempts.length, 1, "one attempt despite two submissions");
  assert.equal(attempts[0].id, id);
  assert.equal(attempts[0].score, 70);
  // A reload shows the server's record; nothing is offered back to resume.
  await page.reload();
  await page.getByText("7 of 10 correct").waitFor();
  assert.equal(await marker.count(), 0);
  await openSetup(page);
  assert.equal(await page.getByText("Resume your practice test?").count(), 0);
  await context.close();
});

test("a test the server refuses (a question removed meanwhile) can be discarded", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  const { questions } = await startTest(page);
  await page.route("**/api/trpc/tests.submit**", (route) =>
    route.fulfill({
      status: 404,
      contentType: "application/json",
      body: JSON.stringify([
        {
          error: {
            message: `Question ${questions[3].id} does not exist.`,
            code: -32004,
            data: { code: "NOT_FOUND", httpStatus: 404, path: "tests.submit" },
          },
        },
      ]),
    }),
  );
  await page.getByRole("button", { name: "Submit Test" }).click();
  await page.getByRole("button", { name: "Submit Anyway" }).click();
  const problem = page.getByRole("alert").filter({ hasText: "The server did not accept this test" });
  await problem.waitFor();
  await problem.getByText(`Details: 404: Question ${questions[3].id} does not exist.`).waitFor();
  await problem.getByRole("button", { name: "Discard this test" }).click();
  await page.getByText(/questions available for this choice/).waitFor();
  await page.reload();
  await page.getByText(/questions available for this choice/).waitFor();
  assert.equal(await page.getByText("Resume your practice test?").count(), 0, "the refused test is gone");
  await context.close();
});

test("the attempt shows in Test History on /performance and its view link opens the review", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  const bank = await questionBank(context);
  const { questions } = await startTest(page);
  for (let i = 0; i < 10; i++) {
    await answer(page, questions[i], bank, i < 9);
    if (i < 9) await page.getByRole("button", { name: "Next" }).click();
  }
  await page.getByRole("button", { name: "Submit Test" }).click(); // all answered, none flagged: no dialog
  await page.getByRole("heading", { level: 1, name: "Test Results" }).waitFor();
  const id = new URL(page.url()).searchParams.get("review");
  await page.getByText("9 of 10 correct").waitFor();
  await page.getByText("Great job! You have a strong understanding of this section.").waitFor();

  await page.getByRole("link", { name: "View Performance" }).click();
  await page.getByRole("heading", { level: 1, name: "Performance Analytics" }).waitFor();
  const view = page.getByRole("link", { name: /^View test 1 from .*score 90%$/ });
  await view.waitFor();
  await view.click();
  await page.waitForURL(`**/test?review=${id}`);
  await page.getByRole("heading", { level: 1, name: "Test Results" }).waitFor();
  await page.getByText("9 of 10 correct").waitFor();

  // A fresh load of the review address works too; an unknown id says so.
  await page.goto(`${BASE_URL}/test?review=${id}`);
  await page.getByText("9 of 10 correct").waitFor();
  assert.equal(await page.getByTestId("review-item").count(), 10);
  await page.goto(`${BASE_URL}/test?review=00000000-0000-4000-8000-000000000000`);
  await page.getByRole("heading", { name: "Test attempt not found" }).waitFor();
  await page.getByRole("button", { name: "New Test" }).click();
  await page.getByText(/questions available for this choice/).waitFor();
  await context.close();
});

test("Retake missed questions starts a test of just the missed ones", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  const bank = await questionBank(context);
  const { questions } = await startTest(page);
  const wrong = new Set([1, 4, 8]);
  for (let i = 0; i < 10; i++) {
    await answer(page, questions[i], bank, !wrong.has(i));
    if (i < 9) await page.getByRole("button", { name: "Next" }).click();
  }
  await page.getByRole("button", { name: "Submit Test" }).click();
  await page.getByText("7 of 10 correct").waitFor();

  const submitted = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/trpc/tests.submit")) submitted.push(JSON.parse(r.postData()));
  });
  await page.getByRole("button", { name: "Retake missed questions" }).click();
  await expectQuestion(page, 1, 3);
  assert.equal(await page.getByRole("navigation", { name: "Question navigator" }).getByRole("button").count(), 3);
  const missed = [...wrong].map((i) => questions[i]);
  const seen = [];
  for (let k = 0; k < 3; k++) {
    const text = (await page.locator("#question-text").innerText()).trim();
    const q = missed.find((m) => m.questionText === text);
    assert.ok(q, `question ${k + 1} is one of the missed ones`);
    seen.push(q.id);
    await answer(page, q, bank, true);
    if (k < 2) await page.getByRole("button", { name: "Next" }).click();
  }
  assert.deepEqual([...seen].sort(), missed.map((q) => q.id).sort());
  await page.getByRole("button", { name: "Submit Test" }).click();
  await page.getByText("3 of 3 correct").waitFor();
  await page.getByText("100%").first().waitFor();
  assert.equal(
    await page.getByRole("button", { name: "Retake missed questions" }).count(),
    0,
    "nothing left to retake",
  );
  const body = submitted[0]["0"] ?? submitted[0];
  assert.deepEqual(body.answers.map((a) => a.questionId).sort(), missed.map((q) => q.id).sort());
  assert.equal((await attemptsOf(context)).length, 2);
  await context.close();
});

for (const [label, viewport, colorScheme] of [
  ["desktop-light", DESKTOP, "light"],
  ["desktop-dark", DESKTOP, "dark"],
  ["mobile-light", MOBILE, "light"],
  ["mobile-dark", MOBILE, "dark"],
]) {
  test(`every practice-test screen passes axe and fits (${label})`, async () => {
    const { context } = await signedInContext(browser, { viewport, colorScheme });
    const page = await context.newPage();
    const bank = await questionBank(context);
    await openSetup(page);
    await choose(page, "Choose sections");
    await page.getByRole("checkbox", { name: /^§7 / }).check({ force: true });
    await choose(page, "20 minutes");
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, `on set-up (${label})`);
    await screenshot(page, `test-setup-${label}`);

    const { questions } = await startTest(page);
    await answer(page, questions[0], bank, true);
    await page.getByRole("button", { name: "Flag for review" }).click();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, `while taking (${label})`);
    await screenshot(page, `test-taking-${label}`);
    if (viewport === MOBILE) {
      const small = await page
        .locator("main button:visible")
        .evaluateAll(
          (els) => els.map((e) => e.getBoundingClientRect()).filter((r) => r.height < 43.5 || r.width < 43.5).length,
        );
      assert.equal(small, 0, "every button is at least 44 px");
    }
    for (let i = 1; i < 4; i++) {
      await page.getByRole("button", { name: "Next" }).click();
      await answer(page, questions[i], bank, i % 2 === 0);
    }
    await page.getByRole("button", { name: "Submit Test" }).click();
    await page.getByRole("alertdialog").getByText("You have 6 unanswered questions. Submit anyway?").waitFor();
    await expectNoSeriousA11yViolations(page, `on the submit dialog (${label})`);
    await screenshot(page, `test-confirm-${label}`);
    await page.getByRole("button", { name: "Submit Anyway" }).click();
    await page.getByRole("heading", { level: 1, name: "Test Results" }).waitFor();
    await page.getByText("2 of 10 correct").waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, `on the results (${label})`);
    await screenshot(page, `test-results-${label}`);

    await page.goto(page.url());
    await page.getByText("2 of 10 correct").waitFor();
    await page.getByText("Show only missed").click();
    assert.equal(await page.getByTestId("review-item").count(), 8);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, `on the review (${label})`);
    await screenshot(page, `test-review-${label}`);
    await context.close();
  });
}
