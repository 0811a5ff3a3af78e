/**
 * Issue 12 in Chromium: a member reports a problem from Study and Flashcards, sees it under My Reports;
 * an admin answers it from the Reports queue (open count on the dashboard, link to the edit dialog);
 * the decision shows in the Audit screen with its before and after; the directory makes and unmakes
 * an admin.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot } from "./checks.mjs";
import { api, BASE_URL, browser, MOBILE, signedInContext, unique, withBrowser } from "./helpers.mjs";

withBrowser();

async function expectToast(page, title) {
  await page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title }).waitFor();
}

/** Answers the study question on screen (any answer) so its feedback and the report button show. */
async function answerOne(page) {
  await page.getByTestId("question-text").waitFor();
  const radios = page.getByRole("radio");
  if ((await radios.count()) > 0) await radios.first().check({ force: true });
  else await page.getByPlaceholder("Type your answer here...").fill("an answer");
  await page.getByRole("button", { name: "Submit Answer" }).click();
  await page.getByTestId("feedback").waitFor();
  return (await page.getByTestId("question-text").textContent()).trim();
}

test("a member reports a question from Study; an admin fixes it with a reply; the member sees it; the audit has it", async () => {
  const member = await signedInContext(browser, { first: "Rita", last: `Reporter${unique()}` });
  const page = await member.context.newPage();
  await page.goto(`${BASE_URL}/study/12`);
  const questionText = await answerOne(page);

  await page.getByRole("button", { name: "Report a problem" }).click();
  const dialog = page.getByRole("dialog", { name: "Report a problem with this question" });
  await dialog.waitFor();
  // A category is required.
  await dialog.getByRole("button", { name: "Send Report" }).click();
  await dialog.getByText("Choose what is wrong.", { exact: true }).waitFor();
  await dialog.getByText("Wrong answer", { exact: true }).click();
  const comment = `The answer should be B ${unique()}`;
  await dialog.getByLabel("Comment (optional)").fill(comment);
  await expectNoSeriousA11yViolations(page, "report dialog");
  await screenshot(page, "report-dialog");
  await dialog.getByRole("button", { name: "Send Report" }).click();
  await expectToast(page, "Thank you: your report was sent");
  await dialog.waitFor({ state: "hidden" });

  // A second report of the same question while the first is open is refused with a reason.
  await page.getByRole("button", { name: "Report a problem" }).click();
  const again = page.getByRole("dialog", { name: "Report a problem with this question" });
  await again.getByText("Typo", { exact: true }).click();
  await again.getByRole("button", { name: "Send Report" }).click();
  await again.getByRole("alert").filter({ hasText: "You already reported this item" }).waitFor();
  await again.getByRole("button", { name: "Cancel" }).click();

  await page.goto(`${BASE_URL}/account/reports`);
  await page.getByRole("heading", { level: 1, name: "My Reports" }).waitFor();
  const mine = page.getByTestId("my-report").filter({ hasText: questionText });
  await mine.getByTestId("report-status").filter({ hasText: "Open" }).waitFor();

  // The admin: the open count on the dashboard, the queue, a reply, Mark Fixed.
  const admin = await signedInContext(browser, { admin: true });
  const { open } = await api(admin.context, "/admin/reports/open-count");
  assert.ok(open >= 1);
  const adminPage = await admin.context.newPage();
  await adminPage.goto(`${BASE_URL}/admin`);
  await adminPage
    .getByTestId("open-reports")
    .filter({ hasText: `${open} open` })
    .waitFor();
  await adminPage.getByRole("link", { name: /Reports/ }).click();
  await adminPage.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
  const card = adminPage.getByTestId("admin-report").filter({ hasText: comment });
  await card.waitFor();
  await expectNoSeriousA11yViolations(adminPage, "reports queue");
  await screenshot(adminPage, "admin-reports");
  const reply = `Corrected, thank you ${unique()}`;
  await card.getByLabel("Reply to the member").fill(reply);
  await card.getByRole("button", { name: "Mark Fixed" }).click();
  await expectToast(adminPage, "Report marked fixed");
  await card.waitFor({ state: "detached" });
  await adminPage.getByRole("tab", { name: "Fixed" }).click();
  const fixed = adminPage.getByTestId("admin-report").filter({ hasText: comment });
  await fixed.waitFor();
  // The link opens the question's edit dialog.
  await fixed.getByRole("link", { name: "Edit question" }).click();
  const edit = adminPage.getByRole("dialog", { name: "Edit Question" });
  await edit.waitFor();
  assert.equal(await edit.getByLabel("Question text").inputValue(), questionText);
  await edit.getByRole("button", { name: "Cancel" }).click();

  // The member sees the decision and the reply.
  await page.reload();
  await mine.getByTestId("report-status").filter({ hasText: "Fixed" }).waitFor();
  assert.match(await mine.getByTestId("report-reply").innerText(), new RegExp(reply));

  // The Audit screen: filter by kind, then open the before and after.
  await adminPage.goto(`${BASE_URL}/admin/audit`);
  await adminPage.getByRole("heading", { level: 1, name: "Audit Trail" }).waitFor();
  await adminPage.getByLabel("Who (e-mail)").fill("admin@e2e.test");
  await adminPage.getByTestId("audit-kind").selectOption("report.decided");
  await adminPage.getByRole("button", { name: "Apply Filters" }).click();
  const event = adminPage.getByTestId("audit-event").first();
  await event.filter({ hasText: "report.decided" }).waitFor();
  await event.getByText("Before and after").click();
  await event.getByText(reply, { exact: false }).waitFor();
  assert.equal(
    await adminPage.getByRole("button", { name: /Delete|Edit/ }).count(),
    0,
    "audit records cannot be changed",
  );
  await expectNoSeriousA11yViolations(adminPage, "audit screen");
  await screenshot(adminPage, "admin-audit");
  await member.context.close();
  await admin.context.close();
});

test("a member reports a flashcard on a phone", async () => {
  const member = await signedInContext(browser, { viewport: MOBILE });
  const page = await member.context.newPage();
  await page.goto(`${BASE_URL}/flashcards`);
  await page.getByRole("button", { name: "Flip Card" }).click();
  await page.getByRole("button", { name: "Report a problem" }).click();
  const dialog = page.getByRole("dialog", { name: "Report a problem with this flashcard" });
  await dialog.waitFor();
  await expectNoHorizontalScroll(page);
  await dialog.getByText("Unclear", { exact: true }).click();
  await dialog.getByRole("button", { name: "Send Report" }).click();
  await expectToast(page, "Thank you: your report was sent");
  const [report] = await api(member.context, "/reports");
  assert.deepEqual([report.itemType, report.category, report.status], ["flashcard", "unclear", "open"]);
  await member.context.close();
});

test("an admin makes a member an admin and takes it away from the directory", async () => {
  const last = `Promote${unique()}`;
  const member = await signedInContext(browser, { first: "Pat", last });
  const admin = await signedInContext(browser, { admin: true });
  const page = await admin.context.newPage();
  await page.goto(`${BASE_URL}/admin`);
  await page.getByTestId("user-search").fill(last);
  const row = page.getByTestId("platform-user").filter({ hasText: member.account.email });
  await row.waitFor();
  await row.getByRole("button", { name: `Make admin: ${member.account.email}` }).click();
  await row
    .locator(".chakra-badge")
    .filter({ hasText: /^Admin$/ })
    .waitFor();
  // The new admin is an admin now, and must pass a second factor before any admin call.
  assert.equal((await api(member.context, "/second-factor")).required, true, "the new admin needs a second factor");
  const stats = await member.context.request.get(`${BASE_URL}/api/admin/stats`);
  assert.equal((await stats.json()).code, "SECOND_FACTOR_REQUIRED");
  await row.getByRole("button", { name: `Remove admin from ${member.account.email}` }).click();
  await row
    .locator(".chakra-badge")
    .filter({ hasText: /^Admin$/ })
    .waitFor({ state: "detached" });
  await row.getByRole("button", { name: `Disable ${member.account.email}` }).click();
  await row
    .locator(".chakra-badge")
    .filter({ hasText: /^Disabled$/ })
    .waitFor();
  const refused = await member.context.request.get(`${BASE_URL}/api/auth/user`);
  assert.equal(refused.status(), 401, "the disabled member's session has ended");
  await member.context.close();
  await admin.context.close();
});
