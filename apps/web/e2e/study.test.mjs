import assert from "node:assert/strict";
import { test } from "node:test";
import {
  boxesOf,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectSameBoxes,
  screenshot,
} from "./checks.mjs";
import { browser, DESKTOP, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";
import {
  answerFor,
  fulfillTrpcWith,
  holdRequests,
  holdTrpcCall,
  isTrpcCall,
  questionCounts,
  questionsOf,
  trpcMutationInput,
} from "./study-data.mjs";

withBrowser();

const SCORE_MESSAGES = {
  high: "Great job! You have a strong understanding of this section.",
  mid: "Good effort! Review the explanations to improve your knowledge.",
  low: "Keep studying! Review this section and try again.",
};
const citationOf = (q) => (q.citation.startsWith("§") ? q.citation : `§${q.citation}`);

/** The question on screen, looked up in the API's list for the section. */
async function currentQuestion(page, questions) {
  const text = (await page.getByTestId("question-text").textContent()).trim();
  const q = questions.find((x) => x.questionText.trim() === text);
  assert.ok(q, `the question on screen comes from GET /api/questions: ${text}`);
  return q;
}

const submitButton = (page) => page.getByRole("button", { name: "Submit Answer" });

/** Answers the question on screen with the mouse, right or wrong, and checks the server's feedback. */
async function answerWithMouse(page, questions, correct, { checkSubmitGate = false } = {}) {
  const q = await currentQuestion(page, questions);
  const value = answerFor(q, correct);
  if (checkSubmitGate) assert.ok(await submitButton(page).isDisabled(), "Submit is disabled before an answer");
  if (q.questionType === "multiple-choice") {
    assert.equal(await page.getByRole("radio").count(), 4, "a multiple-choice question shows 4 options");
    await page.getByRole("radio", { name: value, exact: true }).check({ force: true });
  } else {
    const box = page.getByPlaceholder("Type your answer here...");
    if (checkSubmitGate) {
      await box.fill("   ");
      assert.ok(await submitButton(page).isDisabled(), "Submit stays disabled for blank fill-in text");
    }
    await box.fill(value);
  }
  assert.ok(await submitButton(page).isEnabled(), "Submit is enabled once answered");
  await submitButton(page).click();
  await expectFeedback(page, q, correct);
  return q;
}

async function expectFeedback(page, q, correct) {
  const feedback = page.getByTestId("feedback");
  await feedback.waitFor();
  await feedback.getByRole("heading", { name: correct ? "Correct" : "Incorrect", exact: true }).waitFor();
  const text = await feedback.innerText();
  assert.ok(text.includes(q.explanation), "the feedback shows the explanation");
  assert.ok(text.includes(citationOf(q)), `the feedback shows the citation ${citationOf(q)}`);
  // And the source it rests on, as a link that opens in a new tab.
  assert.ok(q.source && q.sourceLabel, "every shipped question names its source");
  const source = feedback.getByTestId("source").getByRole("link");
  assert.equal(await source.getAttribute("href"), q.source, "the feedback links the source");
  assert.equal(await source.getAttribute("target"), "_blank");
  assert.ok((await source.textContent()).includes(q.sourceLabel), `the source is named: ${q.sourceLabel}`);
  if (correct) assert.ok(!text.includes("Correct answer:"), "no correct-answer line when right");
  else assert.ok(text.includes(`Correct answer: ${q.correctAnswer}`), "the correct answer is shown when wrong");
  // Locked after submitting.
  if (q.questionType === "multiple-choice") {
    for (const radio of await page.getByRole("radio").all())
      assert.ok(await radio.isDisabled(), "options are locked after submit");
  } else {
    assert.equal(
      await page.getByPlaceholder("Type your answer here...").getAttribute("readonly"),
      "",
      "the text box is locked after submit",
    );
  }
  assert.equal(await submitButton(page).count(), 0, "Submit is gone after submitting");
}

async function goOn(page, isLast) {
  await page.getByRole("button", { name: isLast ? "See Results" : "Next Question" }).click();
}

/** Resolves when `condition()` holds, polling briefly; fails after `ms`. */
async function waitUntil(condition, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function recordSaves(page) {
  const saves = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && isTrpcCall(r.url(), "progress.saveSection"))
      saves.push(trpcMutationInput(r, "progress.saveSection"));
  });
  return saves;
}

async function expectSummary(page, correct, total, message) {
  await page.getByRole("heading", { name: "Study Session Complete!" }).waitFor();
  const pct = Math.round((correct / total) * 100);
  await page
    .getByText(`You scored ${correct} out of ${total} questions correctly (${pct}%)`, { exact: true })
    .waitFor();
  await page.getByText(message, { exact: true }).waitFor();
  assert.ok(await page.getByRole("button", { name: "Study Again" }).isVisible());
  assert.ok(await page.getByRole("link", { name: "Back to Dashboard" }).isVisible());
}

test("a section's page paints its first question with the page, where the app then draws it, on a phone and a wide screen", async () => {
  for (const [viewport, colorScheme] of [
    [MOBILE, "light"],
    [{ width: 1440, height: 900 }, "dark"],
  ]) {
    const { context } = await signedInContext(browser, { viewport, colorScheme });
    const page = await context.newPage();
    // The app's code and stylesheet held back: what shows is the page as the server wrote it.
    const release = await holdRequests(page, "**/assets/App-*");
    await page.goto("/study/12");
    const frame = page.locator(".boot-frame");
    await frame.locator(".boot-question").waitFor();
    const framedText = await frame.locator(".boot-question").textContent();
    // The question, the badges' row and the session's bar: in the frame, then in the app's card.
    const framed = await boxesOf(page, { question: ".boot-question", badges: ".boot-badges", bar: ".boot-progress" });
    // The spinner turns in the question's card, and the page's own is there for screen readers only.
    await frame.locator(".boot-panel-spinner").waitFor();
    assert.equal(await page.getByRole("status", { name: "Loading" }).count(), 1);
    // The badges' words are the frame's picture only: the page's text has none of them until the app's.
    assert.equal(await page.getByText(/^Question 1 of \d+$/).count(), 0);
    release();
    const question = page.getByTestId("question-text");
    await question.waitFor();
    await frame.waitFor({ state: "detached" });
    assert.equal(
      (await question.textContent()).trim(),
      framedText.trim(),
      "the app opens on the question the frame showed",
    );
    const card = ".chakra-card__body:has([data-testid=question-text])";
    const drawn = await boxesOf(page, {
      question: `${card} > [data-testid=question-text]`,
      badges: `${card} > :nth-child(1)`,
      bar: `${card} > :nth-child(2)`,
    });
    expectSameBoxes(framed, drawn, `at ${viewport.width} px`);
    await context.close();
  }
});

test("/study lists the 32 sections with their question counts and opens the one picked", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const counts = await questionCounts(context.request);
  const page = await context.newPage();
  await page.goto("/study");
  await page.getByRole("heading", { level: 1, name: "Study Mode" }).waitFor();
  const list = page.getByRole("list", { name: "Sections to study" });
  await list
    .getByText(`${counts.get(32)} questions`)
    .last()
    .waitFor();
  assert.equal(await list.getByRole("link").count(), 32, "one link per section");
  const card26 = page.getByTestId("study-section-26");
  assert.match(await card26.innerText(), new RegExp(`Moving Expenses[\\s\\S]*${counts.get(26)} questions`));
  assert.match(await page.getByTestId("study-section-10").innerText(), /AMC/);
  await expectNoSeriousA11yViolations(page, "on /study (light)");
  await screenshot(page, "study-picker-desktop-light");
  await card26.click();
  await page.waitForURL("**/study/26");
  await page.getByRole("heading", { level: 1, name: "Moving Expenses" }).waitFor();
  await page.getByText(`Question 1 of ${counts.get(26)}`, { exact: true }).waitFor();
  await context.close();
});

test("on a phone /study's cards keep their size while the question counts load: nothing moves when they come", async () => {
  const { context } = await signedInContext(browser, { viewport: MOBILE });
  const counts = await questionCounts(context.request);
  const page = await context.newPage();
  const release = await holdTrpcCall(page, "tests.availability");
  await page.goto("/study");
  const list = page.getByRole("list", { name: "Sections to study" });
  await page.locator('ul[aria-busy="true"]').waitFor();
  const cards = [1, 2, 3, 4, 5, 6].map((n) => page.getByTestId(`study-section-${n}`));
  const boxes = async () => Promise.all(cards.map((card) => card.boundingBox()));
  const loading = await boxes();
  release();
  await list.getByText(`${counts.get(6)} questions`).waitFor();
  const loaded = await boxes();
  loaded.forEach((box, i) => {
    for (const edge of ["y", "height"])
      assert.ok(
        Math.abs(box[edge] - loading[i][edge]) < 0.5,
        `section ${i + 1}'s card: ${edge} ${loading[i][edge]} while loading, ${box[edge]} loaded`,
      );
  });
  await context.close();
});

test("a session answered right, then again wrong: badges, submit gate, feedback with explanation and citation, locked inputs, summaries, one save per session", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const questions = await questionsOf(context.request, 26);
  const total = questions.length;
  assert.ok(total >= 3 && total <= 10, `section 26 is small (${total})`);
  const page = await context.newPage();
  const saves = recordSaves(page);
  await page.goto("/study/26");
  await page.getByText(`Question 1 of ${total}`, { exact: true }).waitFor();
  await page.getByText("Section 26", { exact: true }).waitFor();
  assert.ok(await page.getByRole("link", { name: "Back to Dashboard" }).isVisible(), "Back to Dashboard is offered");
  await expectNoSeriousA11yViolations(page, "on a study question (light)");
  await screenshot(page, "study-question-desktop-light");

  for (let i = 0; i < total; i++) {
    await page.getByText(`Question ${i + 1} of ${total}`, { exact: true }).waitFor();
    await answerWithMouse(page, questions, true, { checkSubmitGate: true });
    if (i === 0) {
      await expectNoSeriousA11yViolations(page, "on study feedback (light)");
      await screenshot(page, "study-feedback-correct-desktop-light");
    }
    await goOn(page, i === total - 1);
  }
  await expectSummary(page, total, total, SCORE_MESSAGES.high);
  await expectNoSeriousA11yViolations(page, "on the study summary (light)");
  await screenshot(page, "study-summary-desktop-light");
  await waitUntil(() => saves.length >= 1);
  assert.equal(saves.length, 1, "progress.saveSection is called once after the last answer");
  assert.deepEqual(saves[0], { sectionNumber: 26, questionsAttempted: total, questionsCorrect: total });

  await page.getByRole("button", { name: "Study Again" }).click();
  await page.getByText(`Question 1 of ${total}`, { exact: true }).waitFor();
  for (let i = 0; i < total; i++) {
    await page.getByText(`Question ${i + 1} of ${total}`, { exact: true }).waitFor();
    await answerWithMouse(page, questions, false);
    if (i === 1) await screenshot(page, "study-feedback-incorrect-desktop-light");
    await goOn(page, i === total - 1);
  }
  await expectSummary(page, 0, total, SCORE_MESSAGES.low);
  await waitUntil(() => saves.length >= 2);
  assert.equal(saves.length, 2, "each session saves once");
  assert.deepEqual(saves[1], { sectionNumber: 26, questionsAttempted: total, questionsCorrect: 0 });

  // The server's record follows the latest answers.
  const progress = await (await context.request.get("/api/progress/section")).json();
  assert.deepEqual(
    progress.find((p) => p.sectionNumber === 26),
    { sectionNumber: 26, questionsAttempted: total, questionsCorrect: 0 },
  );
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  await context.close();
});

test("keyboard only in dark mode: 1–4 choose, Enter submits and moves on, focus follows; a 60% session says 'Good effort!'", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP, colorScheme: "dark" });
  const questions = await questionsOf(context.request, 26);
  const total = questions.length;
  assert.equal(total, 5, "section 26 has 5 questions");
  const page = await context.newPage();
  await page.goto("/study/26");
  await page.getByText(`Question 1 of ${total}`, { exact: true }).waitFor();
  const plan = [true, false, true, false, true]; // 3 of 5 = 60 %
  const focused = () =>
    page.evaluate(
      () =>
        document.activeElement?.getAttribute("data-testid") ??
        document.activeElement?.getAttribute("placeholder") ??
        document.activeElement?.tagName,
    );

  for (let i = 0; i < total; i++) {
    await page.getByText(`Question ${i + 1} of ${total}`, { exact: true }).waitFor();
    const q = await currentQuestion(page, questions);
    const value = answerFor(q, plan[i]);
    if (i > 0)
      assert.equal(
        await focused(),
        q.questionType === "multiple-choice" ? "question-text" : "Type your answer here...",
        "focus moved to the next question",
      );
    if (q.questionType === "multiple-choice") {
      await page.keyboard.press("Enter");
      assert.ok(await submitButton(page).isDisabled(), "Enter does nothing before an answer is chosen");
      const other = (q.options.indexOf(value) + 1) % 4;
      await page.keyboard.press(String(other + 1));
      assert.ok(
        await page.getByRole("radio", { name: q.options[other], exact: true }).isChecked(),
        `key ${other + 1} picks option ${other + 1}`,
      );
      await page.keyboard.press(String(q.options.indexOf(value) + 1));
      assert.ok(
        await page.getByRole("radio", { name: value, exact: true }).isChecked(),
        "the digit key picks its option",
      );
    } else {
      // The first question of a session gets no focus move; Tab reaches the field from the page.
      const field = page.getByPlaceholder("Type your answer here...");
      while (!(await field.evaluate((el) => el === document.activeElement))) await page.keyboard.press("Tab");
      await page.keyboard.type(value);
    }
    await page.keyboard.press("Enter");
    await expectFeedback(page, q, plan[i]);
    assert.equal(await focused(), "feedback", "focus moves to the feedback");
    if (i === 1) {
      await expectNoSeriousA11yViolations(page, "on study feedback (dark)");
      await screenshot(page, "study-feedback-incorrect-desktop-dark");
    }
    if (q.questionType === "multiple-choice") {
      await page.keyboard.press("1");
      assert.ok(
        await page.getByRole("radio").nth(q.options.indexOf(value)).isChecked(),
        "keys no longer change a submitted answer",
      );
      if (value !== q.options[0])
        assert.ok(!(await page.getByRole("radio").nth(0).isChecked()), "key 1 did not pick option 1 after submit");
    }
    await page.keyboard.press("Enter");
  }
  await expectSummary(page, 3, 5, SCORE_MESSAGES.mid);
  assert.equal(await focused(), "H2", "focus moves to the summary heading");
  await expectNoSeriousA11yViolations(page, "on the study summary (dark)");
  await screenshot(page, "study-summary-desktop-dark");
  await context.close();
});

test("invalid sections show the 404 card", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  for (const bad of ["0", "33", "abc", "7.5"]) {
    await page.goto(`/study/${bad}`);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    assert.equal(await page.getByTestId("question-text").count(), 0, `/study/${bad} shows no question`);
  }
  await context.close();
});

test("a first visit asks for the section's questions beside the app's start, each of its first calls once", async () => {
  const { context } = await signedInContext(browser, { viewport: MOBILE });
  const page = await context.newPage();
  // When the app takes the page over (the first script sets data-auth="in" once the app's code has
  // run), timed on the page's clock as its requests are.
  await page.addInitScript(() => {
    // Before the page is parsed there is no <html> yet: the document is watched, and its subtree.
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.auth !== "in") return;
      window.__appStartedAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-auth"] });
  });
  // Each tRPC request's procedures, in the order sent.
  const batches = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/trpc/"))
      batches.push(decodeURIComponent(url.pathname.slice("/api/trpc/".length)).split(","));
  });
  await page.goto("/study/7");
  await page.getByText(/^Question 1 of \d+$/).waitFor();
  const { startedAt, questionsAt } = await page.evaluate(() => ({
    startedAt: window.__appStartedAt,
    questionsAt: performance.getEntriesByType("resource").find((e) => e.name.includes("/api/trpc/questions.list"))
      ?.startTime,
  }));
  assert.ok(startedAt > 0 && questionsAt > 0, "the app started and the questions were asked for");
  assert.ok(questionsAt < startedAt, `asked at ${questionsAt} ms, before the app started at ${startedAt} ms`);
  // What the first screen asked for: everything before the offline copy of the bank starts downloading
  // (after the first screen, several sections to a request: bankDownload.ts).
  const bankStart = batches.findIndex((b) => b.filter((p) => p === "questions.list").length > 1);
  const asked = batches.slice(0, bankStart === -1 ? undefined : bankStart).flat();
  // The screen's loader joined the first script's call: nothing is asked for twice (the confidence
  // setting, review.settings, is read again as the session mounts, on purpose: useConfidence.ts).
  for (const procedure of ["questions.list", "account.studyEdition", "flags.list"])
    assert.equal(asked.filter((p) => p === procedure).length, 1, `${procedure} once (asked: ${asked.join(", ")})`);
  await context.close();
});

test("a spinner shows while questions load, and a section without questions shows the empty state", async () => {
  let { context } = await signedInContext(browser, { viewport: DESKTOP });
  let page = await context.newPage();
  // Slow answer: the spinner is visible meanwhile.
  const release = await holdTrpcCall(page, "questions.list");
  await page.goto("/study/5");
  await page.getByRole("status").filter({ hasText: "Loading questions" }).waitFor();
  release();
  await page.getByText(/^Question 1 of \d+$/).waitFor();
  await page.unrouteAll({ behavior: "wait" });

  // No section is empty in the real bank and emptying one would disturb other tests, so the
  // server's answer for this one request is replaced with an empty list.
  await page.route(
    (u) => isTrpcCall(u, "questions.list"),
    (route) => fulfillTrpcWith(route, "questions.list", []),
  );
  await page.goto("/study/12");
  await page.getByRole("heading", { name: "No Questions Available" }).waitFor();
  await page.getByText("There are no questions available for this section yet.", { exact: true }).waitFor();
  await expectNoSeriousA11yViolations(page, "on the study empty state");
  await screenshot(page, "study-empty-desktop-light");
  await page.getByRole("link", { name: "Return to Dashboard" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  await page.unrouteAll({ behavior: "wait" });

  // A failed load on a device with no copy of the bank says so and offers a retry.
  await context.close();
  ({ context } = await signedInContext(browser, { viewport: DESKTOP }));
  page = await context.newPage();
  await page.route(
    (u) => isTrpcCall(u, "questions.list"),
    (route) => route.abort("connectionreset"),
  );
  await page.goto("/study/14");
  await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
  await page.unrouteAll({ behavior: "wait" });
  await page.getByRole("button", { name: "Try Again" }).click();
  await page.getByText(/^Question 1 of \d+$/).waitFor();
  await context.close();
});

test("an answer whose response is lost is graded on the device at once, then resent with the same id and recorded once", async () => {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const questions = await questionsOf(context.request, 26);
  const page = await context.newPage();
  await page.goto("/study/26");
  await page.getByText(`Question 1 of ${questions.length}`, { exact: true }).waitFor();
  const ids = [];
  let dropNext = true;
  await page.route(
    (u) => isTrpcCall(u, "progress.questionAttempt"),
    async (route) => {
      ids.push(trpcMutationInput(route.request(), "progress.questionAttempt").id);
      if (dropNext) {
        // The server records it, but the answer never reaches the device.
        dropNext = false;
        await route.fetch();
        await route.abort("connectionreset");
      } else await route.continue();
    },
  );
  const q = await currentQuestion(page, questions);
  if (q.questionType === "multiple-choice")
    await page.getByRole("radio", { name: q.correctAnswer, exact: true }).check({ force: true });
  else await page.getByPlaceholder("Type your answer here...").fill(q.correctAnswer);
  await submitButton(page).click();
  await expectFeedback(page, q, true);
  // The outbox tries again by itself and the header ends at 'All changes saved'.
  await waitUntil(() => ids.length === 2, 30_000);
  await page.getByTestId("sync-status").getByText("All changes saved", { exact: true }).waitFor();
  assert.match(
    ids[0],
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    "a client-generated UUID",
  );
  assert.equal(ids[1], ids[0], "the retry sends the same id");
  const progress = await (await context.request.get("/api/progress/section")).json();
  assert.deepEqual(progress, [{ sectionNumber: 26, questionsAttempted: 1, questionsCorrect: 1 }]);
  await context.close();
});

test("on a 375-px phone the question, feedback and summary fit without sideways scrolling (light and dark)", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const { context } = await signedInContext(browser, { viewport: MOBILE, colorScheme });
    const questions = await questionsOf(context.request, 26);
    const page = await context.newPage();
    await page.goto("/study/26");
    await page.getByText(`Question 1 of ${questions.length}`, { exact: true }).waitFor();
    await expectNoHorizontalScroll(page);
    const box = await submitButton(page).boundingBox();
    assert.ok(box.height >= 44, `Submit is a 44-px touch target (${box.height})`);
    for (const radio of await page
      .locator("label")
      .filter({ has: page.getByRole("radio") })
      .all()) {
      assert.ok((await radio.boundingBox()).height >= 44, "each option is at least 44 px tall");
    }
    await screenshot(page, `study-question-mobile-${colorScheme}`);
    for (let i = 0; i < questions.length; i++) {
      await page.getByText(`Question ${i + 1} of ${questions.length}`, { exact: true }).waitFor();
      await answerWithMouse(page, questions, i % 2 === 0);
      if (i === 1) {
        await expectNoHorizontalScroll(page);
        await expectNoSeriousA11yViolations(page, `on mobile study feedback (${colorScheme})`);
        await screenshot(page, `study-feedback-mobile-${colorScheme}`);
      }
      await goOn(page, i === questions.length - 1);
    }
    await expectSummary(page, 3, 5, SCORE_MESSAGES.mid);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `study-summary-mobile-${colorScheme}`);
    await page.goto("/study");
    await page.getByRole("heading", { level: 1, name: "Study Mode" }).waitFor();
    await page
      .getByText(/^\d+ questions$/)
      .first()
      .waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, `on /study mobile (${colorScheme})`);
    await screenshot(page, `study-picker-mobile-${colorScheme}`);
    await context.close();
  }
});
