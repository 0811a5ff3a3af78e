import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, viewportShot } from "./checks.mjs";
import { api, browser, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";

withBrowser();

const palette = (page) => page.getByRole("dialog", { name: "Search the contract" });
const box = (page) => page.getByRole("combobox", { name: /^Search questions/ });
const status = (page) => palette(page).getByRole("status");

/** The option the search box points at (aria-activedescendant). */
async function activeOption(page) {
  const id = await box(page).getAttribute("aria-activedescendant");
  assert.ok(id, "an option is active");
  return page.locator(`[id="${id}"]`);
}

test("Ctrl+K, type, arrow down and Enter open the question in Study", async () => {
  const { context } = await signedInContext(browser);
  const query = "partial pairing electronic bulletin board";
  const [first] = await api(context, `/search?q=${encodeURIComponent(query)}`);
  assert.equal(first.kind, "question", "the server's best result is a question");
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Search", exact: true }).waitFor();

  await page.keyboard.press("Control+k");
  await palette(page).waitFor();
  assert.equal(await box(page).evaluate((el) => el === document.activeElement), true, "the box has focus");
  await box(page).fill(query);
  await status(page)
    .filter({ hasText: /\d+ results?/ })
    .waitFor();
  const options = palette(page).getByRole("option");
  assert.ok((await options.count()) > 0, "results are listed");
  // Grouped by section, each with its citation badge and a highlighted snippet.
  const groups = palette(page).getByRole("group");
  assert.match(await groups.first().innerText(), new RegExp(`§${first.sectionNumber} `));
  assert.ok(await options.first().getByTestId("citation").innerText(), "the result shows its citation");
  assert.ok((await palette(page).locator("mark").count()) > 0, "the hits are highlighted");
  await viewportShot(page, "search-palette");
  await expectNoSeriousA11yViolations(page, "search palette");

  await page.keyboard.press("ArrowDown");
  const active = await activeOption(page);
  assert.equal(await active.getAttribute("aria-selected"), "true");
  assert.ok((await active.innerText()).includes(first.title), "the first result is active");
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/study/${first.sectionNumber}\\?question=${first.id}$`));
  await page.getByTestId("question-text").filter({ hasText: first.title }).waitFor();
  assert.equal(await palette(page).count(), 0, "the palette closed");

  // The search is remembered on this device, and Esc closes the palette.
  await page.keyboard.press("Control+k");
  await palette(page).getByRole("option", { name: query }).waitFor();
  await page.keyboard.press("Escape");
  await palette(page).waitFor({ state: "detached" });
  await context.close();
});

test("offline, the same search runs on the device and says so", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  // Online first: the app loads the flashcards screen, and opening the palette keeps the bank and
  // deck on the device.
  // (Within the app, without reloading: loading the app's code offline is the service worker's job.)
  await page.goto("/flashcards");
  await page.getByTestId("flashcard").waitFor();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await page.waitForURL(/\/$/);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await box(page).fill("sick leave bank");
  await status(page)
    .filter({ hasText: /\d+ results?$/ })
    .waitFor();
  await page.keyboard.press("Escape");

  await context.setOffline(true);
  await page.keyboard.press("Control+k");
  await box(page).fill("sick leeve bank");
  await palette(page).getByTestId("device-note").waitFor();
  await status(page)
    .filter({ hasText: /results? from this device/ })
    .waitFor();
  const options = palette(page).getByRole("option");
  const texts = await options.allInnerTexts();
  assert.ok(
    texts.some((t) => t.includes("Sick leave bank")),
    `the card is found on the device: ${texts.join(" | ")}`,
  );
  // Down the list until the card is the active option.
  let activeText = "";
  for (let i = 0; i < texts.length && !activeText.includes("Sick leave bank"); i++) {
    await page.keyboard.press("ArrowDown");
    activeText = await (await activeOption(page)).innerText();
  }
  assert.ok(activeText.includes("Sick leave bank"), "the card became the active option");
  await screenshot(page, "search-offline");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/flashcards\?section=13&card=\d+$/);
  await page.getByTestId("flashcard").filter({ hasText: "Sick leave bank" }).waitFor();
  await context.close();
});

test("the /search page keeps the query in its address and groups results by section", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  await page.goto("/search?q=probationary");
  await page.getByRole("heading", { name: "Search", level: 1 }).waitFor();
  await page
    .getByRole("status")
    .filter({ hasText: /\d+ results?/ })
    .waitFor();
  assert.equal(await page.getByRole("searchbox").inputValue(), "probationary");
  assert.ok((await page.getByRole("heading", { level: 2, name: /^§14 / }).count()) === 1, "a §14 group");
  await page.getByRole("searchbox").fill("§13");
  await page.waitForURL(/\/search\?q=%C2%A713$/);
  await page.getByRole("heading", { level: 2, name: "§13 Sick Leave" }).waitFor();
  await expectNoSeriousA11yViolations(page, "search page");
  await context.close();
});

test("on a phone the header's Search button opens the palette full screen, in dark mode too", async () => {
  const { context } = await signedInContext(browser, { viewport: MOBILE, colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await palette(page).waitFor();
  await box(page).fill("§8");
  await status(page)
    .filter({ hasText: /\d+ results?/ })
    .waitFor();
  const size = await palette(page).boundingBox();
  assert.ok(size && size.width >= MOBILE.width - 1, "the palette fills the screen's width");
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, "search palette on a phone, dark");
  await viewportShot(page, "search-palette-phone-dark");
  await context.close();
});
