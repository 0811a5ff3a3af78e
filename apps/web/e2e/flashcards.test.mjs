import assert from "node:assert/strict";
import { test } from "node:test";
import { FLASHCARD_COUNTS } from "../../../packages/content/src/check.mjs";
import {
  boxesOf,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectSameBoxes,
  screenshot,
} from "./checks.mjs";
import { BASE_URL, browser, DESKTOP, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";
import { holdRequests } from "./study-data.mjs";

// Cards in the sections these tests walk through, as shipped (the deck's split changes with the content).
const S2 = FLASHCARD_COUNTS[2];
const S4 = FLASHCARD_COUNTS[4];

withBrowser();

/** The deck as the server has it, to compare the screen with. */
async function deck(context) {
  const res = await context.request.get(`${BASE_URL}/api/flashcards`);
  assert.ok(res.ok(), `GET /api/flashcards: ${res.status()}`);
  return res.json();
}

const filter = (page) => page.getByRole("combobox", { name: "Filter by Section" });
const card = (page) => page.getByTestId("flashcard");
const mastered = (page) => page.getByTestId("mastered-count");

async function chooseSection(page, label) {
  await filter(page).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

/** Waits for the mastery save of one click, so a reload afterwards reads it back. */
async function clickAndWaitForSave(page, name) {
  const saved = page.waitForResponse((r) => r.url().includes("mastery.save") && r.request().method() === "POST");
  await page.getByRole("button", { name, exact: true }).click();
  assert.ok((await saved).ok(), "the mastery save succeeded");
}

test("the flashcards screen shows its title, the mastered line, the section filter and the first card", async () => {
  const { context } = await signedInContext(browser);
  const cards = await deck(context);
  assert.equal(cards.length, 164, "the shipped deck has 164 cards");
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/flashcards`);
  await page.getByRole("heading", { level: 1, name: "Flashcard Study Mode" }).waitFor();
  await page.getByText("Review key definitions and terms from the JCBA", { exact: true }).waitFor();
  assert.equal(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href"), "/");
  assert.equal(await mastered(page).textContent(), "Mastered: 0 / 164");
  assert.equal(
    (await filter(page).textContent()).trim(),
    "All Sections",
    "the placeholder shows while no section is chosen",
  );
  await page.getByText("Card 1 of 164", { exact: true }).waitFor();
  assert.equal(await card(page).getAttribute("data-side"), "term");
  assert.equal((await page.getByTestId("flashcard-term").textContent()).trim(), cards[0].term);
  assert.match(
    (await page.getByTestId("section-badge").textContent()).trim(),
    new RegExp(`^§${cards[0].sectionNumber} \\S`),
  );
  await expectNoSeriousA11yViolations(page, "on /flashcards (light)");
  await screenshot(page, "flashcards-desktop-light");

  await filter(page).click();
  const options = page.getByRole("option");
  await options.first().waitFor();
  const labels = (await options.allTextContents()).map((t) => t.trim());
  assert.equal(labels.length, 33);
  assert.equal(labels[0], "All Sections (164 cards)");
  assert.equal(labels[1], "§1 Recognition, Successorship and Mergers");
  assert.equal(labels[10], "§10 Uniforms");
  assert.equal(labels[11], "§11 Relocation Allowance");
  assert.equal(labels[29], "§29 Investigations and Discipline");
  assert.equal(labels[30], "§30 Check Airman Program");
  assert.equal(labels[31], "§31 General");
  assert.equal(labels[32], "§32 Duration of Agreement");
  await screenshot(page, "flashcards-desktop-light-filter-open");
  await page.keyboard.press("Escape");
  await context.close();
});

test("the deck opens on its first card at once; a turned card and the next one fade in", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__paints = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__paints.push(e.element?.getAttribute("data-testid") ?? e.element?.className);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(`${BASE_URL}/flashcards?section=4`);
  await page.getByText(`Card 1 of ${S4}`, { exact: true }).waitFor();
  const animation = () => page.getByTestId("card-side").evaluate((el) => getComputedStyle(el).animationName);
  assert.equal(await animation(), "none", "the side the deck opens on is not faded in");
  // The page's frame painted the term, the screen's largest text, with the page; the app's own term
  // takes its place at the same size, so nothing the app draws is a later largest paint (faded in, the
  // app's line under the heading was one, and the term came frames later). Read after two frames:
  // the app's first paint has been reported by then.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const paints = await page.evaluate(() => window.__paints);
  assert.equal(paints.at(-1), "boot-term", `the frame's term is the largest paint: ${paints.join(", ")}`);
  assert.deepEqual(
    paints.filter((p) => !String(p).startsWith("boot")),
    [],
    "no largest paint after the frame's",
  );

  await card(page).click();
  assert.equal(await card(page).getAttribute("data-side"), "definition");
  assert.match(await animation(), /fade-in/, "the turned card's side fades in");
  await page.getByRole("button", { name: "Next card" }).click();
  await page.getByText(`Card 2 of ${S4}`, { exact: true }).waitFor();
  assert.match(await animation(), /fade-in/, "the next card fades in");
  await context.close();
});

test("the deck's first card paints with the page, where the app then draws it, on a phone and a wide screen", async () => {
  for (const [viewport, colorScheme, path] of [
    [MOBILE, "light", "/flashcards"],
    [{ width: 1440, height: 900 }, "dark", "/flashcards?section=4"],
  ]) {
    const { context } = await signedInContext(browser, { viewport, colorScheme });
    const page = await context.newPage();
    // The app's code and stylesheet held back: what shows is the page as the server wrote it.
    const release = await holdRequests(page, "**/assets/App-*");
    await page.goto(`${BASE_URL}${path}`);
    const frame = page.locator(".boot-frame");
    await frame.locator(".boot-term").waitFor();
    const framedTerm = await frame.locator(".boot-term").textContent();
    const framed = await boxesOf(page, {
      term: ".boot-term",
      card: ".boot-flashcard",
      "deck's place and badges": ".boot-deck-row",
      filter: ".boot-select-trigger",
      count: ".boot-mastered-count",
    });
    // The deck's words other than the term are the frame's picture only: the page's text has none of them.
    assert.equal(await page.getByText(/^Card 1 of \d+$/).count(), 0);
    release();
    const term = page.getByTestId("flashcard-term");
    await term.waitFor();
    await frame.waitFor({ state: "detached" });
    assert.equal((await term.textContent()).trim(), framedTerm.trim(), "the app opens on the card the frame showed");
    const drawn = await boxesOf(page, {
      term: "[data-testid=flashcard-term]",
      card: "[data-testid=flashcard]",
      "deck's place and badges": "[data-testid=flashcard-viewer] > :first-child",
      filter: ".chakra-select__trigger",
      count: "[data-testid=mastered-count]",
    });
    expectSameBoxes(framed, drawn, `${path} at ${viewport.width} px`);
    await context.close();
  }
});

test("choosing a section changes the address without a reload, and back/forward re-read it", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/flashcards`);
  await page.getByText("Card 1 of 164", { exact: true }).waitFor();
  await page.evaluate(() => {
    window.__noReload = "still here";
  });

  await chooseSection(page, "§2 Definitions");
  await page.waitForURL((u) => u.pathname === "/flashcards" && u.search === "?section=2");
  await page.getByText(`Card 1 of ${S2}`, { exact: true }).waitFor();
  assert.equal(await mastered(page).textContent(), `Mastered: 0 / ${S2}`);
  assert.equal((await page.getByTestId("section-badge").textContent()).trim(), "§2 Definitions");
  assert.equal((await filter(page).textContent()).trim(), "§2 Definitions");

  await chooseSection(page, "§4 Compensation");
  await page.waitForURL((u) => u.search === "?section=4");
  await page.getByText(`Card 1 of ${S4}`, { exact: true }).waitFor();

  await page.goBack();
  await page.waitForURL((u) => u.search === "?section=2");
  await page.getByText(`Card 1 of ${S2}`, { exact: true }).waitFor();
  await page.goBack();
  await page.waitForURL((u) => u.pathname === "/flashcards" && u.search === "");
  await page.getByText("Card 1 of 164", { exact: true }).waitFor();
  await page.goForward();
  await page.waitForURL((u) => u.search === "?section=2");
  await page.getByText(`Card 1 of ${S2}`, { exact: true }).waitFor();

  await chooseSection(page, "All Sections (164 cards)");
  await page.waitForURL((u) => u.pathname === "/flashcards" && u.search === "");
  await page.getByText("Card 1 of 164", { exact: true }).waitFor();
  assert.equal(await page.evaluate(() => window.__noReload), "still here", "the page was never reloaded");
  await context.close();
});

test("a section that is not a whole number from 1 to 32 shows the empty state", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  for (const raw of ["abc", "99", "0", "1.5"]) {
    await page.goto(`${BASE_URL}/flashcards?section=${raw}`);
    await page.getByRole("heading", { name: "No Flashcards Available" }).waitFor();
    await page.getByText(`No flashcards found for Section ${raw}.`, { exact: true }).waitFor();
    assert.equal(await card(page).count(), 0, `no card viewer for section=${raw}`);
    assert.equal(await page.getByRole("link", { name: "Return to Dashboard" }).getAttribute("href"), "/");
  }
  await expectNoSeriousA11yViolations(page, "on the flashcards empty state");
  await screenshot(page, "flashcards-desktop-light-empty");
  await page.getByRole("link", { name: "View All Flashcards" }).click();
  await page.waitForURL((u) => u.pathname === "/flashcards" && u.search === "");
  await page.getByText("Card 1 of 164", { exact: true }).waitFor();
  assert.equal(await page.getByRole("link", { name: "View All Flashcards" }).count(), 0);
  await context.close();
});

test("cards flip by click, Enter and Space; Mastered and Needs Review change the count, advance, and persist", async () => {
  const { context } = await signedInContext(browser);
  const section4 = (await deck(context)).filter((c) => c.sectionNumber === 4);
  assert.equal(section4.length, S4);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/flashcards?section=4`);
  await page.getByText(`Card 1 of ${S4}`, { exact: true }).waitFor();
  assert.equal(await mastered(page).textContent(), `Mastered: 0 / ${S4}`);
  assert.equal(
    await page.getByRole("button", { name: "Mastered", exact: true }).count(),
    0,
    "no marking before flipping",
  );

  // Click flips to the definition (with its citation); Space anywhere flips back; Enter on the focused card flips.
  await card(page).click();
  assert.equal(await card(page).getAttribute("data-side"), "definition");
  assert.equal((await page.getByTestId("flashcard-definition").textContent()).trim(), section4[0].definition);
  const cite = section4[0].citation;
  if (cite)
    await card(page)
      .getByText(`JCBA ${cite.startsWith("§") ? cite : `§${cite}`}`, { exact: true })
      .waitFor();
  // The back also names the source the card rests on, opening in a new tab.
  const source = page.getByTestId("source").getByRole("link");
  assert.equal((await source.textContent()).replace("(opens in a new tab)", "").trim(), section4[0].sourceLabel);
  assert.equal(await source.getAttribute("href"), section4[0].source);
  assert.equal(await source.getAttribute("target"), "_blank");
  await page.getByRole("button", { name: "Needs Review", exact: true }).waitFor();
  await screenshot(page, "flashcards-desktop-light-definition");
  await page.getByRole("heading", { level: 1, name: "Flashcard Study Mode" }).click();
  await page.keyboard.press("Space");
  assert.equal(await card(page).getAttribute("data-side"), "term");
  await card(page).focus();
  await page.keyboard.press("Enter");
  assert.equal(await card(page).getAttribute("data-side"), "definition");
  await page.keyboard.press("Space");
  assert.equal(await card(page).getAttribute("data-side"), "term");
  await page.getByRole("button", { name: "Flip Card" }).click();
  assert.equal(await card(page).getAttribute("data-side"), "definition");

  // Mastered: the count goes up and the next card shows its term.
  await clickAndWaitForSave(page, "Mastered");
  await page.getByText(`Card 2 of ${S4}`, { exact: true }).waitFor();
  assert.equal(await mastered(page).textContent(), `Mastered: 1 / ${S4}`);
  assert.equal(await card(page).getAttribute("data-side"), "term");
  assert.equal((await page.getByTestId("flashcard-term").textContent()).trim(), section4[1].term);

  // Keyboard: Space flips, M marks mastered.
  await page.keyboard.press("Space");
  assert.equal(await card(page).getAttribute("data-side"), "definition");
  const saved = page.waitForResponse((r) => r.url().includes("mastery.save"));
  await page.keyboard.press("m");
  await saved;
  await page.getByText(`Card 3 of ${S4}`, { exact: true }).waitFor();
  assert.equal(await mastered(page).textContent(), `Mastered: 2 / ${S4}`);

  // After a reload the device's copy shows first, then the server's list: it settles on the saved count.
  await page.reload();
  await page.getByText(`Card 1 of ${S4}`, { exact: true }).waitFor();
  await mastered(page)
    .filter({ hasText: `Mastered: 2 / ${S4}` })
    .waitFor();

  // Needs Review takes card 1 back out of the mastered list.
  await card(page).click();
  await clickAndWaitForSave(page, "Needs Review");
  await page.getByText(`Card 2 of ${S4}`, { exact: true }).waitFor();
  assert.equal(await mastered(page).textContent(), `Mastered: 1 / ${S4}`);
  assert.equal(await card(page).getAttribute("data-side"), "term");
  // R works too (on a card that is not mastered the count stays).
  await page.keyboard.press("Space");
  const saved2 = page.waitForResponse((r) => r.url().includes("mastery.save"));
  await page.keyboard.press("r");
  await saved2;
  await page.getByText(`Card 3 of ${S4}`, { exact: true }).waitFor();
  assert.equal(await mastered(page).textContent(), `Mastered: 0 / ${S4}`);

  // The last card stays put after marking.
  for (let n = 4; n <= S4; n++) await page.getByRole("button", { name: "Next card" }).click();
  await page.getByText(`Card ${S4} of ${S4}`, { exact: true }).waitFor();
  await card(page).click();
  await clickAndWaitForSave(page, "Mastered");
  await page.getByText(`Card ${S4} of ${S4}`, { exact: true }).waitFor();
  assert.equal(await mastered(page).textContent(), `Mastered: 1 / ${S4}`);
  await page.getByText("This is the last card.").waitFor();

  await page.reload();
  await page.getByText(`Card 1 of ${S4}`, { exact: true }).waitFor();
  await mastered(page)
    .filter({ hasText: `Mastered: 1 / ${S4}` })
    .waitFor();
  await page.goto(`${BASE_URL}/flashcards`);
  await page.getByText("Card 1 of 164", { exact: true }).waitFor();
  await mastered(page).filter({ hasText: "Mastered: 1 / 164" }).waitFor(); // the count covers the current deck
  await context.close();
});

test("shortcuts are ignored while the section filter is in use", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/flashcards?section=4`);
  await page.getByText(`Card 1 of ${S4}`, { exact: true }).waitFor();
  await card(page).click();
  assert.equal(await card(page).getAttribute("data-side"), "definition");
  await filter(page).focus();
  await page.keyboard.press("m");
  await page.keyboard.press("r");
  assert.equal(await card(page).getAttribute("data-side"), "definition", "nothing was marked");
  await page.getByText(`Card 1 of ${S4}`, { exact: true }).waitFor();
  assert.equal(await mastered(page).textContent(), `Mastered: 0 / ${S4}`);
  // Away from the filter the same key marks the card.
  await page.getByRole("heading", { level: 1, name: "Flashcard Study Mode" }).click();
  await page.keyboard.press("m");
  await page.getByText(`Card 2 of ${S4}`, { exact: true }).waitFor();
  assert.equal(await mastered(page).textContent(), `Mastered: 1 / ${S4}`);
  await context.close();
});

test("a spinner shows while loading and a failed list says 'Failed to fetch flashcards'", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  let release;
  const gate = new Promise((r) => {
    release = r;
  });
  // The server's answer, with the flashcards.list part replaced by a server error (calls may be batched).
  await page.route("**/api/trpc/**", async (route) => {
    const url = new URL(route.request().url());
    const procedures = url.pathname.replace("/api/trpc/", "").split(",");
    if (!procedures.includes("flashcards.list")) return route.continue();
    await gate;
    const real = await (await route.fetch()).json();
    const body = procedures.map((p, i) =>
      p === "flashcards.list"
        ? {
            error: {
              message: "The database is unavailable.",
              code: -32603,
              data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, path: p },
            },
          }
        : real[i],
    );
    return route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify(body) });
  });
  await page.goto(`${BASE_URL}/flashcards`);
  await page.getByRole("status").filter({ hasText: "Loading flashcards" }).waitFor();
  release();
  await page.getByRole("heading", { name: "Failed to fetch flashcards" }).waitFor();
  await page.getByText("500: The database is unavailable.", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Try Again" }).waitFor();
  await screenshot(page, "flashcards-desktop-light-error");
  // A call the app makes meanwhile (a refetch) may still be in the handler: let it end with the page.
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.close();
});

test("flashcards in dark mode and on a phone: no serious axe violations, no sideways scroll", async () => {
  for (const [viewport, scheme, name] of [
    [DESKTOP, "dark", "desktop-dark"],
    [MOBILE, "light", "mobile-light"],
    [MOBILE, "dark", "mobile-dark"],
  ]) {
    const { context } = await signedInContext(browser, { viewport, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/flashcards?section=2`);
    await page.getByText(`Card 1 of ${S2}`, { exact: true }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, `on /flashcards (${name})`);
    await screenshot(page, `flashcards-${name}`);
    await card(page).click();
    await page.getByRole("button", { name: "Mastered", exact: true }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, `on a flipped card (${name})`);
    await screenshot(page, `flashcards-${name}-definition`);
    if (viewport === MOBILE) {
      const box = await page.getByRole("button", { name: "Mastered", exact: true }).boundingBox();
      assert.ok(box.height >= 44, `touch target ${box.height}px`);
      await filter(page).click();
      await page.getByRole("option").first().waitFor();
      await screenshot(page, `flashcards-${name}-filter-open`);
      await page.keyboard.press("Escape");
    }
    await page.goto(`${BASE_URL}/flashcards?section=abc`);
    await page.getByRole("heading", { name: "No Flashcards Available" }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, `on the empty state (${name})`);
    await screenshot(page, `flashcards-${name}-empty`);
    await context.close();
  }
});
