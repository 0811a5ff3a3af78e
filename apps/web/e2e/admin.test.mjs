import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, viewportShot } from "./checks.mjs";
import {
  api,
  BASE_URL,
  browser,
  DESKTOP,
  MOBILE,
  registerMember,
  signedInContext,
  unique,
  withBrowser,
} from "./helpers.mjs";
import { holdTrpcCall } from "./study-data.mjs";

withBrowser();

/** The one visible toast with this title; checks its style (success or error) and returns it. */
async function expectToast(page, title, type) {
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
  await toast.waitFor();
  assert.equal(await toast.getAttribute("data-type"), type, `toast '${title}' is ${type}`);
  return toast;
}

/** The text of what an input's aria-describedby points at (its helper or error message). */
function describedBy(locator) {
  return locator.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" | "),
  );
}

async function expectFieldError(locator, message) {
  assert.equal(await locator.getAttribute("aria-invalid"), "true", `${message}: field marked invalid`);
  assert.match(
    await describedBy(locator),
    new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    "message is tied to the field",
  );
  // and it is drawn right under the field
  const fieldBox = await locator.boundingBox();
  const msg = locator
    .locator("xpath=ancestor::*[contains(@class,'chakra-field__root')][1]")
    .getByText(message, { exact: true });
  const msgBox = await msg.boundingBox();
  assert.ok(
    msgBox.y >= fieldBox.y + fieldBox.height - 1 && msgBox.y - (fieldBox.y + fieldBox.height) < 40,
    `${message} sits below its field`,
  );
}

async function statValue(page, name) {
  const text = await page.getByTestId(`stat-${name}`).textContent();
  return Number(text.replace(/,/g, ""));
}

/** Waits (up to 5 s) for a stat card to show a value; a stale cached total never changes, so this fails then. */
async function expectStat(page, name, expected, message) {
  const deadline = Date.now() + 5000;
  let value = await statValue(page, name);
  while (value !== expected && Date.now() < deadline) {
    await page.waitForTimeout(100);
    value = await statValue(page, name);
  }
  assert.equal(value, expected, message);
}

/** Client-side navigation through the sidebar and the Content Management card (keeps the query cache). */
async function openAdminFromSidebar(page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
  await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
}

test("the admin dashboard shows the totals, content management and the platform users", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const member = await registerMember((await browser.newContext()).request, "Quinn", "Zephyr");
  const stats = await api(context, "/admin/stats");
  const { total: userTotal } = await api(context, "/admin/users/count");
  const firstPage = await api(context, "/admin/users?limit=50");
  assert.ok(stats.totalQuestions > 700 && stats.totalFlashcards >= 160, "the real bank is loaded");

  const page = await context.newPage();
  // Only the totals are held, and the route stays: taking a route away while the page's other calls
  // pass through it races with them.
  const release = await holdTrpcCall(page, "admin.stats");
  await page.goto(`${BASE_URL}/admin`);
  await page.getByText("Loading admin dashboard...", { exact: true }).waitFor();
  release();
  await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();

  for (const label of ["Total Users", "Total Questions", "Total Flashcards", "Total Attempts"])
    await page.getByText(label, { exact: true }).waitFor();
  assert.equal(await statValue(page, "total-users"), stats.totalUsers);
  assert.equal(await statValue(page, "total-questions"), stats.totalQuestions);
  assert.equal(await statValue(page, "total-flashcards"), stats.totalFlashcards);
  assert.equal(await statValue(page, "total-attempts"), stats.totalAttempts);

  await page.getByRole("heading", { name: "Content Management" }).waitFor();
  const badge = (row) => row.locator(".chakra-badge").filter({ hasText: /^Admin$/ });
  const usersHeading = page.getByRole("heading", { name: /^Platform Users \(\d+\)$/ });
  await usersHeading.waitFor();
  assert.equal(await usersHeading.textContent(), `Platform Users (${userTotal})`);
  const list = page.getByTestId("platform-users");
  assert.equal(await list.evaluate((el) => getComputedStyle(el).maxHeight), "300px");
  assert.equal(await list.evaluate((el) => getComputedStyle(el).overflowY), "auto");
  // The list is paged by the server, 50 to a page.
  assert.equal(await list.getByRole("listitem").count(), firstPage.length);
  const adminRow = list.getByRole("listitem").filter({ hasText: "admin@e2e.test" });
  await badge(adminRow).waitFor();
  // The search finds a member by name however many there are.
  await page.getByTestId("user-search").fill("quinn zeph");
  await page
    .getByTestId("user-matches")
    .filter({ hasText: /^1 match$/ })
    .waitFor();
  await list.getByRole("listitem").filter({ hasText: member.email }).waitFor();
  const quinn = list.getByRole("listitem").filter({ hasText: member.email });
  await quinn.getByText("Quinn Zephyr", { exact: true }).waitFor();
  assert.equal(await badge(quinn).count(), 0, "a member has no Admin badge");

  await expectNoSeriousA11yViolations(page, "on /admin (light)");
  await screenshot(page, "admin-dashboard-desktop-light");

  await page.getByRole("link", { name: "Manage Flashcards" }).click();
  await page.getByRole("heading", { level: 1, name: "Manage Flashcards" }).waitFor();
  await page.goBack();
  await page.getByRole("link", { name: "Manage Questions" }).click();
  await page.getByRole("heading", { level: 1, name: "Manage Questions" }).waitFor();
  await context.close();
});

test("an admin creates, edits and deletes a question, with the exact toasts and the list and totals refreshed", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/admin`);
  await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
  const before = await statValue(page, "total-questions");

  await page.getByRole("link", { name: "Manage Questions" }).click();
  await page.getByRole("heading", { level: 1, name: "Manage Questions" }).waitFor();
  const count = page.getByTestId("question-count");
  const section1 = (await api(context, "/questions?section=1")).length;
  assert.equal(await count.textContent(), `${section1} questions in Section 1`, "the list opens on Section 1");
  assert.equal(await page.getByTestId("question-card").count(), section1);
  const firstCard = page.getByTestId("question-card").first();
  await firstCard.getByText(/^Section 1: /).waitFor();
  await firstCard.getByText(/^Type: (multiple-choice|fill-in-blank)$/).waitFor();
  await firstCard.getByText(/^Answer:/).waitFor();
  await firstCard.getByText(/^Explanation:/).waitFor();
  await screenshot(page, "admin-questions-desktop-light");

  await page.getByLabel("Filter by Section").selectOption("32");
  const section32 = (await api(context, "/questions?section=32")).length;
  await page.getByText(`${section32} questions in Section 32`, { exact: true }).waitFor();

  // Create
  const text = `Which e2e question ${unique()} is this?`;
  await page.getByRole("button", { name: "Add Question" }).click();
  let dialog = page.getByRole("dialog", { name: "Add New Question" });
  await dialog.waitFor();
  assert.equal(await dialog.getByLabel(/^Section\*?$/).inputValue(), "32", "the dialog starts on the filtered section");
  await dialog.getByLabel("Question text").fill(text);
  for (const [i, o] of ["Alpha choice", "Bravo choice", "Charlie choice", "Delta choice"].entries())
    await dialog.getByLabel(`Option ${i + 1}`).fill(o);
  await dialog.getByLabel("Correct answer").selectOption({ label: "B. Bravo choice" });
  await dialog.getByLabel("Explanation").fill("Because Bravo is right.");
  await dialog.getByLabel("Citation (optional)").fill("32.A");
  await viewportShot(page, "admin-question-dialog-desktop-light");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Question created successfully", "success");
  await dialog.waitFor({ state: "detached" });
  let card = page.getByTestId("question-card").filter({ hasText: text });
  await card.getByText(`Section 32: ${text}`, { exact: true }).waitFor();
  await card.getByText("Type: multiple-choice", { exact: true }).waitFor();
  await card.getByText("Answer: Bravo choice", { exact: true }).waitFor();
  await card.getByText("Explanation: Because Bravo is right.", { exact: true }).waitFor();
  await card.getByText("JCBA §32.A", { exact: true }).waitFor();
  assert.deepEqual(await card.getByRole("list", { name: "Options" }).getByRole("listitem").allTextContents(), [
    "A.Alpha choice",
    "B.Bravo choice(correct answer)",
    "C.Charlie choice",
    "D.Delta choice",
  ]);
  await page.getByText(`${section32 + 1} questions in Section 32`, { exact: true }).waitFor();

  // The form is blank again next time.
  await page.getByRole("button", { name: "Add Question" }).click();
  dialog = page.getByRole("dialog", { name: "Add New Question" });
  assert.equal(await dialog.getByLabel("Question text").inputValue(), "");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });

  await openAdminFromSidebar(page);
  await expectStat(page, "total-questions", before + 1, "the totals were refreshed after create");
  await page.getByRole("link", { name: "Manage Questions" }).click();
  await page.getByLabel("Filter by Section").selectOption("32");

  // Edit: to fill-in-blank, which hides the options and sends options: null.
  card = page.getByTestId("question-card").filter({ hasText: text });
  await card.getByRole("button", { name: "Edit question" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Question" });
  await dialog.waitFor();
  assert.equal(await dialog.getByLabel("Question text").inputValue(), text);
  assert.equal(await dialog.getByLabel("Option 2").inputValue(), "Bravo choice");
  await dialog.getByLabel("Question type").selectOption("fill-in-blank");
  assert.equal(await dialog.getByLabel("Option 1").count(), 0, "no options for fill-in-blank");
  await dialog.getByLabel("Question text").fill(`${text} (edited)`);
  await dialog.getByLabel("Correct answer").fill("Seven");
  await viewportShot(page, "admin-question-dialog-edit-desktop-light");
  await dialog.getByRole("button", { name: "Update" }).click();
  await expectToast(page, "Question updated successfully", "success");
  await dialog.waitFor({ state: "detached" });
  card = page.getByTestId("question-card").filter({ hasText: `${text} (edited)` });
  await card.getByText("Type: fill-in-blank", { exact: true }).waitFor();
  await card.getByText("Answer: Seven", { exact: true }).waitFor();
  assert.equal(await card.getByRole("list", { name: "Options" }).count(), 0);
  const stored = (await api(context, "/questions?section=32")).find((q) => q.questionText === `${text} (edited)`);
  assert.equal(stored.options, null, "options were sent as null");
  assert.equal(stored.correctAnswer, "Seven");

  // Delete: asks first; Cancel keeps it.
  await card.getByRole("button", { name: "Delete question" }).click();
  let confirm = page.getByRole("alertdialog");
  await confirm.getByText("Are you sure you want to delete this question?", { exact: true }).waitFor();
  await viewportShot(page, "admin-question-delete-desktop-light");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
  assert.equal(await card.count(), 1);
  await card.getByRole("button", { name: "Delete question" }).click();
  confirm = page.getByRole("alertdialog");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Question deleted successfully", "success");
  await card.waitFor({ state: "detached" });
  await page.getByText(`${section32} questions in Section 32`, { exact: true }).waitFor();
  await openAdminFromSidebar(page);
  await expectStat(page, "total-questions", before, "the totals were refreshed after delete");
  await context.close();
});

test("an invalid question is refused with messages next to the fields, and nothing is created", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const before = (await api(context, "/questions")).length;
  const page = await context.newPage();
  const creates = [];
  page.on("request", (r) => {
    if (r.url().includes("questions.create")) creates.push(r.url());
  });
  await page.goto(`${BASE_URL}/admin/questions`);
  await page.getByRole("button", { name: "Add Question" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Question" });
  await dialog.getByLabel(/^Section\*?$/).fill("40");
  await dialog.getByLabel("Question text").fill("A question with a missing option?");
  await dialog.getByLabel("Option 1").fill("One");
  await dialog.getByLabel("Option 2").fill("Two");
  await dialog.getByLabel("Option 4").fill("Four");
  await dialog.getByRole("button", { name: "Create" }).click();

  await expectFieldError(dialog.getByLabel(/^Section\*?$/), "Section must be from 1 to 32.");
  await expectFieldError(dialog.getByLabel("Option 3"), "Option 3 is required.");
  await expectFieldError(dialog.getByLabel("Correct answer"), "Correct answer is required.");
  await expectFieldError(dialog.getByLabel("Explanation"), "Explanation is required.");
  assert.equal(
    await dialog.getByLabel(/^Section\*?$/).evaluate((el) => el === document.activeElement),
    true,
    "focus moves to the first problem",
  );
  await expectNoSeriousA11yViolations(page, "on the question dialog with errors");
  await viewportShot(page, "admin-question-dialog-errors-desktop-light");

  // Duplicate options are refused too.
  await dialog.getByLabel(/^Section\*?$/).fill("3");
  await dialog.getByLabel("Option 3").fill("one");
  await dialog.getByLabel("Explanation").fill("Some explanation.");
  await dialog.getByRole("button", { name: "Create" }).click();
  await dialog.getByText("The options must all be different.", { exact: true }).waitFor();
  assert.equal(
    await dialog.getByLabel(/^Section\*?$/).getAttribute("aria-invalid"),
    null,
    "a fixed field loses its message",
  );
  assert.equal(creates.length, 0, "nothing was sent");

  // A server refusal (data.issues) lands next to its field: the real server's answer to an answer
  // that is not among the options, which the form itself cannot produce.
  const refused = await context.request.post(`${BASE_URL}/api/trpc/questions.create?batch=1`, {
    data: {
      0: {
        sectionNumber: 3,
        questionType: "multiple-choice",
        questionText: "Q?",
        options: ["a", "b", "c", "d"],
        correctAnswer: "e",
        explanation: "x",
      },
    },
  });
  assert.equal(refused.status(), 400);
  const body = await refused.text();
  assert.match(body, /The correct answer must be one of the options\./);
  await page.route("**/api/trpc/questions.create**", (route) =>
    route.fulfill({ status: 400, contentType: "application/json", body }),
  );
  await dialog.getByLabel("Option 3").fill("Three");
  await dialog.getByLabel("Correct answer").selectOption({ label: "C. Three" });
  await dialog.getByRole("button", { name: "Create" }).click();
  const toast = await expectToast(page, "Failed to create question", "error");
  await toast.getByText("400: The correct answer must be one of the options.", { exact: true }).waitFor();
  await expectFieldError(dialog.getByLabel("Correct answer"), "The correct answer must be one of the options.");
  assert.equal(creates.length, 1);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  assert.equal((await api(context, "/questions")).length, before, "no question was created");
  await context.close();
});

test("an admin creates, edits and deletes a flashcard, with the exact toasts and the grid and totals refreshed", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/admin`);
  await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
  const before = await statValue(page, "total-flashcards");
  await page.getByRole("link", { name: "Manage Flashcards" }).click();
  await page.getByRole("heading", { level: 1, name: "Manage Flashcards" }).waitFor();
  const all = await api(context, "/flashcards");
  await page.getByText(`${all.length} flashcards in all sections`, { exact: true }).waitFor();
  assert.equal(await page.getByTestId("flashcard-card").count(), all.length);
  const first = page.getByTestId("flashcard-card").first();
  await first.getByText(`Section ${all[0].sectionNumber}`, { exact: true }).waitFor();
  await first.getByText(all[0].term, { exact: true }).waitFor();
  await first.getByText(all[0].definition, { exact: true }).waitFor();
  await screenshot(page, "admin-flashcards-desktop-light");

  await page.getByLabel("Filter by Section").selectOption("27");
  const in27 = all.filter((c) => c.sectionNumber === 27).length;
  await page.getByText(`${in27} flashcards in Section 27`, { exact: true }).waitFor();

  // Invalid: term and definition required.
  await page.getByRole("button", { name: "Add Flashcard" }).click();
  let dialog = page.getByRole("dialog", { name: "Add New Flashcard" });
  assert.equal(await dialog.getByLabel(/^Section\*?$/).inputValue(), "27");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectFieldError(dialog.getByLabel("Term"), "Term is required.");
  await expectFieldError(dialog.getByLabel("Definition"), "Definition is required.");
  await dialog.getByLabel(/^Section\*?$/).fill("0");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectFieldError(dialog.getByLabel(/^Section\*?$/), "Section must be from 1 to 32.");
  await viewportShot(page, "admin-flashcard-dialog-errors-desktop-light");

  // Create
  const term = `E2E term ${unique()}`;
  await dialog.getByLabel(/^Section\*?$/).fill("27");
  await dialog.getByLabel("Term").fill(term);
  await dialog.getByLabel("Definition").fill("What the e2e term means.");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Flashcard created successfully", "success");
  await dialog.waitFor({ state: "detached" });
  let card = page.getByTestId("flashcard-card").filter({ hasText: term });
  await card.getByText("Section 27", { exact: true }).waitFor();
  await card.getByText("What the e2e term means.", { exact: true }).waitFor();
  await page.getByText(`${in27 + 1} flashcards in Section 27`, { exact: true }).waitFor();
  await openAdminFromSidebar(page);
  await expectStat(page, "total-flashcards", before + 1, "the totals were refreshed after create");
  await page.getByRole("link", { name: "Manage Flashcards" }).click();
  await page.getByLabel("Filter by Section").selectOption("27");

  // Edit
  card = page.getByTestId("flashcard-card").filter({ hasText: term });
  await card.getByRole("button", { name: "Edit flashcard" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Flashcard" });
  assert.equal(await dialog.getByLabel("Term").inputValue(), term);
  await dialog.getByLabel("Term").fill(`${term} (edited)`);
  await viewportShot(page, "admin-flashcard-dialog-edit-desktop-light");
  await dialog.getByRole("button", { name: "Update" }).click();
  await expectToast(page, "Flashcard updated successfully", "success");
  await dialog.waitFor({ state: "detached" });
  card = page.getByTestId("flashcard-card").filter({ hasText: `${term} (edited)` });
  await card.waitFor();

  // A failed delete says so, in the destructive style, and keeps the card.
  await page.route("**/api/trpc/flashcards.delete**", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify([
        {
          error: {
            message: "Database unavailable",
            code: -32603,
            data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 },
          },
        },
      ]),
    }),
  );
  await card.getByRole("button", { name: "Delete flashcard" }).click();
  let confirm = page.getByRole("alertdialog");
  await confirm.getByText("Are you sure you want to delete this flashcard?", { exact: true }).waitFor();
  await confirm.getByRole("button", { name: "Delete" }).click();
  const failure = await expectToast(page, "Failed to delete flashcard", "error");
  await failure.getByText("500: Database unavailable", { exact: true }).waitFor();
  await viewportShot(page, "admin-flashcard-delete-failed-desktop-light");
  assert.equal(await card.count(), 1);
  await page.unroute("**/api/trpc/flashcards.delete**");

  // Delete
  await card.getByRole("button", { name: "Delete flashcard" }).click();
  confirm = page.getByRole("alertdialog");
  await confirm.getByText("Are you sure you want to delete this flashcard?", { exact: true }).waitFor();
  await viewportShot(page, "admin-flashcard-delete-desktop-light");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Flashcard deleted successfully", "success");
  await card.waitFor({ state: "detached" });
  await page.getByText(`${in27} flashcards in Section 27`, { exact: true }).waitFor();
  await openAdminFromSidebar(page);
  await expectStat(page, "total-flashcards", before, "the totals were refreshed after delete");
  await context.close();
});

test("'All Sections' pages the question bank, 20 to a page", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const total = (await api(context, "/questions")).length;
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/admin/questions`);
  await page.getByTestId("question-count").waitFor();
  await page.getByLabel("Filter by Section").selectOption("all");
  await page.getByText(`${total} questions in all sections`, { exact: true }).waitFor();
  assert.equal(await page.getByTestId("question-card").count(), 20);
  const pages = Math.ceil(total / 20);
  const pager = page.getByRole("navigation", { name: "Question pages" });
  await pager.getByText(`Page 1 of ${pages}`).waitFor();
  const firstText = await page.getByTestId("question-card").first().locator("h2").textContent();
  await pager.getByRole("button", { name: "Next page" }).click();
  await pager.getByText(`Page 2 of ${pages}`).waitFor();
  assert.notEqual(await page.getByTestId("question-card").first().locator("h2").textContent(), firstText);
  await context.close();
});

test("a member opening the admin pages sees 'Not authorized'", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  for (const path of ["/admin", "/admin/questions", "/admin/flashcards"]) {
    await page.goto(BASE_URL + path);
    await page.getByRole("heading", { name: "Not authorized" }).waitFor();
    assert.equal(
      await page.getByRole("heading", { name: /Admin Dashboard|Manage Questions|Manage Flashcards/ }).count(),
      0,
    );
    assert.equal(await page.getByRole("button", { name: /Add (Question|Flashcard)/ }).count(), 0);
  }
  assert.equal(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).count(), 0);
  await context.close();
});

test("admin screens and dialogs in dark mode and on a phone: no serious axe violations, no sideways scroll", async () => {
  for (const [viewport, scheme, name] of [
    [DESKTOP, "dark", "desktop-dark"],
    [MOBILE, "light", "mobile-light"],
    [MOBILE, "dark", "mobile-dark"],
  ]) {
    const { context } = await signedInContext(browser, { admin: true, viewport, colorScheme: scheme });
    const page = await context.newPage();
    const check = async (label, shot) => {
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page, `${label} (${name})`);
      await (shot.includes("dialog") || shot.includes("delete") ? viewportShot : screenshot)(page, `${shot}-${name}`);
    };
    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
    await check("on /admin", "admin-dashboard");

    await page.goto(`${BASE_URL}/admin/questions`);
    await page.getByTestId("question-card").first().waitFor();
    await check("on /admin/questions", "admin-questions");
    if (viewport === MOBILE) {
      const box = await page
        .getByTestId("question-card")
        .first()
        .getByRole("button", { name: "Edit question" })
        .boundingBox();
      assert.ok(box.width >= 44 && box.height >= 44, `edit button is ${box.width}x${box.height}`);
    }
    await page.getByRole("button", { name: "Add Question" }).click();
    const qDialog = page.getByRole("dialog", { name: "Add New Question" });
    await qDialog.getByRole("button", { name: "Create" }).click();
    await qDialog.getByText("Question text is required.", { exact: true }).waitFor();
    await check("on the question dialog", "admin-question-dialog");
    await qDialog.getByRole("button", { name: "Cancel" }).click();
    await qDialog.waitFor({ state: "detached" });
    await page.getByTestId("question-card").first().getByRole("button", { name: "Delete question" }).click();
    await page.getByRole("alertdialog").waitFor();
    await check("on the delete confirmation", "admin-question-delete");
    await page.keyboard.press("Escape");
    await page.getByRole("alertdialog").waitFor({ state: "detached" });

    await page.goto(`${BASE_URL}/admin/flashcards`);
    await page.getByTestId("flashcard-card").first().waitFor();
    await check("on /admin/flashcards", "admin-flashcards");
    await page.getByTestId("flashcard-card").first().getByRole("button", { name: "Edit flashcard" }).click();
    const fDialog = page.getByRole("dialog", { name: "Edit Flashcard" });
    await fDialog.getByLabel("Term").waitFor();
    await check("on the flashcard dialog", "admin-flashcard-dialog");
    await page.keyboard.press("Escape");
    await fDialog.waitFor({ state: "detached" });
    await context.close();
  }
});
