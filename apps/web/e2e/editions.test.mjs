/**
 * Contract editions: a member picks the edition they study in Account, and an edition an admin adds
 * shows its changes on the What changed screen, old and new answers side by side, on a phone too.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./checks.mjs";
import { api, apiPost, BASE_URL, browser, MOBILE, signedInContext, unique, withBrowser } from "./helpers.mjs";

withBrowser();

test("a member picks an edition in Account, and an admin-added edition's changes show on What changed", async () => {
  const admin = await signedInContext(browser, { admin: true });
  const tag = unique();
  const slug = `jcba-e2e-${tag}`;
  const name = `JCBA test ${tag}`;
  const question = await apiPost(admin.context, "/questions", {
    sectionNumber: 30,
    questionType: "multiple-choice",
    questionText: `How many days does it take? ${tag}`,
    options: ["Ten days", "Twelve days", "Fourteen days", "Sixteen days"],
    correctAnswer: "Ten days",
    explanation: "Ten, in the first edition.",
    citation: "30.A.1",
  });
  await apiPost(admin.context, "/admin/editions", { slug, name, effectiveOn: "2040-01-01" });
  const revised = await apiPost(admin.context, `/questions/${question.id}/revise`, {
    edition: slug,
    questionText: `How many days does it take now? ${tag}`,
    correctAnswer: "Fourteen days",
  });
  assert.deepEqual(revised.editions, [slug]);

  // The member's Account → Edition: the edition in force by default, then the new one, saved.
  const member = await signedInContext(browser, { viewport: MOBILE });
  const page = await member.context.newPage();
  await page.goto(`${BASE_URL}/account/edition`);
  const select = page.getByRole("combobox", { name: "Edition you study" });
  await select.waitFor();
  assert.equal(await select.inputValue(), "", "the edition in force is the default");
  await select.selectOption({ value: slug });
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText(`You study ${name}.`).waitFor({ timeout: 30_000 });
  assert.deepEqual(await api(member.context, "/account/edition"), { chosen: slug, edition: slug });

  // What changed, from the first edition to the new one: the paragraph with both answers.
  await page.goto(`${BASE_URL}/changes?from=jcba-2016&to=${slug}`);
  const item = page.getByTestId("changed-item").filter({ hasText: tag });
  await item.waitFor({ timeout: 30_000 });
  await item.getByText("¶ 30.A.1").waitFor();
  await item.getByText("Answer: Ten days", { exact: true }).waitFor();
  await item.getByText("Answer: Fourteen days", { exact: true }).waitFor();
  assert.equal(await page.getByTestId("changed-item").count(), 1, "only the revised question changed");
  await page.getByRole("link", { name: "Study the changed questions" }).waitFor();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, "what changed");

  // The same screen in dark mode.
  const dark = await signedInContext(browser, { colorScheme: "dark" });
  const darkPage = await dark.context.newPage();
  await darkPage.goto(`${BASE_URL}/changes?from=jcba-2016&to=${slug}`);
  await darkPage.getByTestId("changed-item").filter({ hasText: tag }).waitFor({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(darkPage, "what changed, dark");
  await Promise.all([admin.context.close(), member.context.close(), dark.context.close()]);
});
