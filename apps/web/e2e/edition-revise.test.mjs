/**
 * An admin revises a question for the newer contract edition from Manage Questions, by keyboard only,
 * on a phone in dark mode: the question's own edit dialog, filled in, with the edition chosen first.
 * What changed then pairs the old and the new text; the dialog and the screen pass axe.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./checks.mjs";
import {
  api,
  apiDelete,
  apiPost,
  BASE_URL,
  browser,
  MOBILE,
  signedInContext,
  unique,
  withBrowser,
} from "./helpers.mjs";

withBrowser();

/** Presses Tab until the focused element matches, as a keyboard user would (at most 40 presses). */
async function tabTo(page, matches, what) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(matches)) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

test("an admin revises a question for the newer edition by keyboard, and What changed shows it", async () => {
  const admin = await signedInContext(browser, { admin: true, viewport: MOBILE, colorScheme: "dark" });
  const tag = unique();
  const slug = `jcba-rev-${tag}`;
  const name = `JCBA revised ${tag}`;
  const question = await apiPost(admin.context, "/questions", {
    sectionNumber: 29,
    questionType: "multiple-choice",
    questionText: `Who approves the trip trade? ${tag}`,
    options: ["Crew scheduling", "The purser", "The captain", "Nobody"],
    correctAnswer: "Crew scheduling",
    explanation: "Crew scheduling approves it in the first edition.",
    citation: "29.B.1",
  });
  // The new edition carries every item in force over: the question is true for both.
  await apiPost(admin.context, "/admin/editions", { slug, name, effectiveOn: "2041-01-01" });

  const page = await admin.context.newPage();
  await page.goto(`${BASE_URL}/admin/questions?section=29`);
  // (Every card names the new edition, whose slug holds the tag: find the question by its text.)
  const card = page.getByTestId("question-card").filter({ hasText: `Who approves the trip trade? ${tag}` });
  await card.waitFor({ timeout: 60_000 });
  await card.getByText(`Editions: jcba-2016, ${slug}`).waitFor({ timeout: 30_000 });

  // From the card's Edit button, Tab reaches Delete, then 'Revise for a new edition'; Enter opens it.
  await card.getByRole("button", { name: "Edit question" }).focus();
  await tabTo(page, () => document.activeElement?.textContent?.trim() === "Revise for a new edition", "Revise");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Revise Question for a New Edition" });
  await dialog.waitFor({ timeout: 30_000 });
  const edition = dialog.getByRole("combobox", { name: "Edition of the new text" });
  assert.equal(await edition.inputValue(), slug, "the newest edition is chosen first");
  assert.equal(await dialog.getByRole("textbox", { name: "Question text" }).inputValue(), question.questionText);
  await expectNoSeriousA11yViolations(page, "revise dialog, dark, phone");

  // The new text and answer, typed: the question text, then the correct answer picked with the arrows.
  await tabTo(page, () => document.activeElement?.getAttribute("name") === "questionText", "Question text");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(`Who approves the trip trade now? ${tag}`);
  await tabTo(page, () => document.activeElement?.getAttribute("name") === "correctAnswer", "Correct answer");
  await page.keyboard.press("ArrowDown");
  assert.equal(await dialog.getByRole("combobox", { name: "Correct answer" }).inputValue(), "1");
  await tabTo(page, () => document.activeElement?.textContent?.trim() === "Save for this edition", "Save");
  await page.keyboard.press("Enter");
  await page.getByText(`Question revised for ${name}`).waitFor({ timeout: 30_000 });
  await dialog.waitFor({ state: "detached", timeout: 30_000 });

  // Both questions are in the list now: the old one for the first edition, the new one for the next.
  const revised = page.getByTestId("question-card").filter({ hasText: `now? ${tag}` });
  await revised.getByText(`Editions: ${slug}`).waitFor({ timeout: 30_000 });
  await card.getByText("Editions: jcba-2016", { exact: true }).waitFor();
  const kept = (await api(admin.context, `/questions?section=29&edition=jcba-2016`)).find((q) => q.id === question.id);
  assert.equal(kept.correctAnswer, "Crew scheduling", "the first edition keeps its text");

  // What changed pairs them, with both answers.
  await page.goto(`${BASE_URL}/changes?from=jcba-2016&to=${slug}`);
  const item = page.getByTestId("changed-item").filter({ hasText: `trip trade now? ${tag}` });
  await item.waitFor({ timeout: 30_000 });
  await item.getByText("Changed", { exact: true }).waitFor();
  await item.getByText("Answer: Crew scheduling", { exact: true }).waitFor();
  await item.getByText("Answer: The purser", { exact: true }).waitFor();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, "what changed after a revise, dark, phone");

  // The e2e server's bank is shared by every file: the two questions go, newest first (it replaces the other).
  const newer = (await api(admin.context, `/questions?section=29&edition=${slug}`)).find(
    (q) => q.questionText === `Who approves the trip trade now? ${tag}`,
  );
  await apiDelete(admin.context, `/questions/${newer.id}`);
  await apiDelete(admin.context, `/questions/${question.id}`);
  await admin.context.close();
});

test("What changed links the changed cards as a deck the member studies in Flashcards", async () => {
  const admin = await signedInContext(browser, { admin: true });
  const tag = unique();
  const slug = `jcba-deck-${tag}`;
  const card = await apiPost(admin.context, "/flashcards", {
    sectionNumber: 28,
    term: `Trip trade window ${tag}`,
    definition: "Seven days before the trip.",
    citation: "28.C.1",
  });
  await apiPost(admin.context, "/admin/editions", { slug, name: `JCBA deck ${tag}`, effectiveOn: "2042-01-01" });
  const revised = await apiPost(admin.context, `/flashcards/${card.id}/revise`, {
    edition: slug,
    definition: "Ten days before the trip.",
  });

  // A member who studies the edition in force still opens the later edition's changed cards from the link.
  const member = await signedInContext(browser, { viewport: MOBILE });
  const page = await member.context.newPage();
  await page.goto(`${BASE_URL}/changes?from=jcba-2016&to=${slug}`);
  const link = page.getByRole("link", { name: "Study the changed cards" });
  await link.waitFor({ timeout: 30_000 });
  const changes = await api(member.context, `/editions/jcba-2016/changes/${slug}`);
  assert.ok(changes.flashcardIds.includes(revised.id), "the revised card is in the deck");
  await link.click();
  await page.waitForURL(/\/flashcards\?deck=/, { timeout: 30_000 });
  await page.getByTestId("chosen-deck").waitFor({ timeout: 30_000 });
  await page.getByText(`A deck of ${changes.flashcardIds.length} chosen card`).waitFor();
  await page.getByText(`Trip trade window ${tag}`).first().waitFor({ timeout: 30_000 });
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, "a deck of changed cards");

  // The shared bank keeps the shipped deck's 164 cards for the files that count them.
  await apiDelete(admin.context, `/flashcards/${revised.id}`);
  await apiDelete(admin.context, `/flashcards/${card.id}`);
  await Promise.all([admin.context.close(), member.context.close()]);
});
