import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, expectSameBoxes, screenshot } from "./checks.mjs";
import { BASE_URL, browser, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";
import { holdRequests } from "./study-data.mjs";

withBrowser();

const sidebar = (page) => page.getByTestId("sidebar");

test("the sidebar lists the main items and all 32 sections; Admin only for admins", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Dashboard", "Study Mode", "Practice Test", "Flashcards", "Performance"])
    await nav.getByRole("link", { name, exact: true }).waitFor();
  assert.equal(await nav.getByRole("link", { name: "Admin", exact: true }).count(), 0);
  assert.equal(await nav.locator('a[href^="/study/"]').count(), 32);
  assert.equal(await nav.getByRole("link", { name: "7. Scheduling" }).getAttribute("href"), "/study/7");
  assert.equal(await nav.getByRole("link", { name: "10. AMC" }).getAttribute("href"), "/study/10");
  await page.getByText("AFA-CWA Contract 2016–2021").waitFor();
  await page.getByText("United Airlines – AFA-CWA Flight Attendant Agreement").waitFor();
  await context.close();

  const admin = await signedInContext(browser, { admin: true });
  const adminPage = await admin.context.newPage();
  await adminPage.goto(`${BASE_URL}/`);
  await adminPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin", exact: true }).waitFor();
  await admin.context.close();
});

test("Ctrl+B collapses the sidebar to icons, the state survives a reload, and collapsed items have tooltips", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  assert.equal(await sidebar(page).getAttribute("data-state"), "expanded");
  assert.equal(Math.round((await sidebar(page).boundingBox()).width), 256); // 16rem
  await page.keyboard.press("Control+b");
  await page.waitForFunction(
    () => document.querySelector('[data-testid="sidebar"]')?.getAttribute("data-state") === "collapsed",
  );
  // The width animates: wait until it has settled at the icon rail's 3rem.
  await page.waitForFunction(
    () => Math.round(document.querySelector('[data-testid="sidebar"]').getBoundingClientRect().width) === 48,
  );
  assert.equal(Math.round((await sidebar(page).boundingBox()).width), 48); // 3rem
  const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
  assert.equal(cookie?.value, "false");
  assert.ok(cookie.expires * 1000 - Date.now() > 6.9 * 24 * 3600 * 1000, "kept for 7 days");
  await page.reload();
  await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  assert.equal(await sidebar(page).getAttribute("data-state"), "collapsed");
  await sidebar(page).getByRole("link", { name: "Performance" }).hover();
  await page.getByRole("tooltip").filter({ hasText: "Performance" }).waitFor({ timeout: 5000 });
  await screenshot(page, "shell-collapsed-desktop-light");
  await page.getByRole("button", { name: "Toggle Sidebar" }).click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="sidebar"]')?.getAttribute("data-state") === "expanded",
  );
  await context.close();
});

test("the theme toggle switches to dark, is saved in local storage and survives a reload", async () => {
  const { context } = await signedInContext(browser, { colorScheme: "light" });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains("dark")), false);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
  assert.equal(await page.evaluate(() => localStorage.getItem("theme")), "dark");
  await page.reload();
  await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains("dark")), true);
  await expectNoSeriousA11yViolations(page, "on the dashboard in dark mode");
  await screenshot(page, "shell-dark-desktop");
  await context.close();
});

test("the theme follows the system preference until a choice is saved", async () => {
  const { context } = await signedInContext(browser, { colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains("dark")), true);
  await context.close();
});

test("on a phone the sidebar is a slide-in sheet that closes after navigating", async () => {
  const { context } = await signedInContext(browser, { viewport: MOBILE });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  assert.equal(await sidebar(page).count(), 0);
  await expectNoHorizontalScroll(page);
  await page.getByRole("button", { name: "Toggle Sidebar" }).click();
  const sheet = page.getByTestId("sidebar-sheet");
  await sheet.waitFor();
  // The sheet slides in: wait until it has settled at 18rem.
  await page.waitForFunction(
    () => Math.round(document.querySelector('[data-testid="sidebar-sheet"]').getBoundingClientRect().width) === 288,
  );
  assert.equal(Math.round((await sheet.boundingBox()).width), 288); // 18rem
  await screenshot(page, "shell-sheet-mobile-light");
  await sheet.getByRole("link", { name: "Flashcards", exact: true }).click();
  await page.waitForURL("**/flashcards");
  await sheet.waitFor({ state: "hidden" });
  await context.close();
});

test("on a 320 px phone the header fits: the name whole, sync and Search at hand, theme, Account and Logout in the avatar's sheet", async () => {
  const { context } = await signedInContext(browser, { viewport: { width: 320, height: 640 }, first: "Alexandrina" });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  await expectNoHorizontalScroll(page);
  const header = page.locator("#root header");
  const name = header.getByText("JCBA Study Hub", { exact: true });
  await name.waitFor();
  assert.equal(
    await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 320),
    true,
    "the app's name is shown whole",
  );
  // Every control shown in the header is on screen and at least 24 × 24 px (WCAG 2.5.8).
  for (const box of await header
    .locator("button, a")
    .evaluateAll((els) =>
      els.filter((el) => el.getClientRects().length > 0).map((el) => el.getBoundingClientRect().toJSON()),
    )) {
    assert.ok(box.left >= 0 && box.right <= 320, `a header control is off screen: ${JSON.stringify(box)}`);
    assert.ok(box.width >= 24 && box.height >= 24, `a header control is under 24 px: ${JSON.stringify(box)}`);
  }
  await header.getByTestId("sync-status").waitFor();
  await header.getByRole("button", { name: "Search" }).waitFor();
  assert.equal(await header.getByRole("link", { name: "Logout" }).count(), 0);

  await header.getByRole("button", { name: /account menu/ }).click();
  const sheet = page.getByTestId("account-sheet");
  await sheet.getByText("Alexandrina", { exact: false }).waitFor();
  await expectNoSeriousA11yViolations(page, "with the account sheet open at 320 px");
  await screenshot(page, "shell-account-sheet-320");
  await sheet.getByRole("button", { name: "Switch to dark theme" }).click();
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains("dark")), true);
  await sheet.getByRole("link", { name: "Account" }).click();
  await page.waitForURL("**/account/password");
  await sheet.waitFor({ state: "hidden" });
  await expectNoHorizontalScroll(page);
  await header.getByRole("button", { name: /account menu/ }).click();
  await sheet.getByRole("link", { name: "Logout" }).click();
  await page.getByRole("link", { name: "Sign In" }).waitFor();
  await context.close();
});

test("signed-in users get the 404 card on an unknown path, and Logout returns to the landing page", async () => {
  const { context } = await signedInContext(browser);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/no/such/page`);
  await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  await page.getByRole("link", { name: "Return to Dashboard" }).click();
  await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  await page.getByRole("link", { name: "Logout" }).click();
  await page.getByRole("link", { name: "Sign In" }).waitFor();
  assert.equal(new URL(page.url()).pathname, "/");
  await context.close();
});

test("the landing page downloads no app code; signed-in members see a spinner and the dashboard's opening words while the app loads", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(r.url());
  });
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("heading", { level: 1, name: "JCBA Study Hub" }).waitFor();
  assert.ok(
    scripts.every((u) => !/App-|react-dom/.test(u)),
    `no app chunk on the landing page: ${scripts.join(", ")}`,
  );
  await context.close();

  const member = await signedInContext(browser, { first: "Siobhán", last: "O'Neill" });
  const slow = await member.context.newPage();
  const release = await holdRequests(slow, "**/assets/App-*.js");
  await slow.goto(`${BASE_URL}/`);
  await slow.getByRole("status", { name: "Loading" }).waitFor();
  // Before any of the app's code has run, the page's frame already says the dashboard's opening words,
  // and the app's own heading then takes their place.
  const frame = slow.locator(".boot-frame");
  assert.equal(await frame.locator(".boot-heading").textContent(), "Welcome back, Siobhán!");
  assert.equal(await frame.locator(".boot-intro").textContent(), "Continue your JCBA study journey.");
  release();
  await slow.getByRole("heading", { level: 1, name: "Welcome back, Siobhán!" }).waitFor();
  await frame.waitFor({ state: "detached" });
  await member.context.close();
});

test("the practice test's set-up, Study Mode, Search and Review: the frame says their heading and line where the app then draws them, on a phone and a wide screen", async () => {
  for (const [path, title, introText] of [
    ["/test", "Practice Test", /^Test yourself the way the contract quiz will/],
    ["/study", "Study Mode", /^Choose a section of the JCBA\./],
    ["/search", "Search", /^Type words, a question, or a contract reference/],
    ["/review", "Review", /^Today's cards and questions: what you remember/],
  ])
    for (const viewport of [MOBILE, { width: 1440, height: 900 }]) {
      const member = await signedInContext(browser, { viewport });
      const page = await member.context.newPage();
      const release = await holdRequests(page, "**/assets/App-*.js");
      await page.goto(`${BASE_URL}${path}`);
      await page.getByRole("status", { name: "Loading" }).waitFor();
      const frame = page.locator(".boot-frame");
      assert.equal(await frame.locator(".boot-heading").textContent(), title);
      const framed = {
        heading: await frame.locator(".boot-heading").boundingBox(),
        intro: await frame.locator(".boot-intro").boundingBox(),
      };
      release();
      const heading = page.getByRole("heading", { level: 1, name: title });
      await heading.waitFor();
      await frame.waitFor({ state: "detached" });
      const intro = page.getByText(introText);
      const drawn = { heading: await heading.boundingBox(), intro: await intro.boundingBox() };
      // Where the words stood, and how much room they took in height.
      expectSameBoxes(framed, drawn, `${path} at ${viewport.width} px`, ["x", "y", "height"]);
      await member.context.close();
    }
  // Opening a shared test's code, or a search's results, the same address shows no words in its frame.
  const member = await signedInContext(browser, { viewport: MOBILE });
  const page = await member.context.newPage();
  await page.route("**/assets/App-*.js", () => undefined);
  for (const path of ["/test?code=ABC123", "/search?q=seniority"]) {
    await page.goto(`${BASE_URL}${path}`);
    await page.getByRole("status", { name: "Loading" }).waitFor();
    assert.equal(await page.locator(".boot-frame .boot-heading").count(), 0, path);
  }
  await member.context.close();
});

test("toasts: one at a time, F8 moves focus to them, a short swipe keeps one and a swipe right of 50 px dismisses it", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/admin/flashcards`);
  await page.getByRole("heading", { level: 1, name: "Manage Flashcards" }).waitFor();
  const exportOnce = async () => {
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export", exact: true }).click();
    await downloading;
  };
  await exportOnce();
  await exportOnce();
  const toast = page.getByTestId("toast");
  await toast.first().waitFor();
  // Both exports have finished and asked for a toast; let React paint before counting.
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  assert.equal(await toast.count(), 1, "only one toast is visible at a time");

  await page.keyboard.press("F8");
  assert.equal(
    await page.evaluate(() => Boolean(document.activeElement?.closest("[data-scope='toast']"))),
    true,
    "F8 focuses the toast region",
  );

  const firstId = await toast.first().getAttribute("id");
  assert.ok(firstId, "the toast has an id");
  // The toast slides in; measure it only once its entry animation has finished, or the pointer can
  // land beside it on a busy machine.
  await page.waitForFunction(
    (id) =>
      document
        .getElementById(id)
        ?.getAnimations({ subtree: true })
        .every((a) => a.playState === "finished"),
    firstId,
  );
  const box = await toast.first().boundingBox();
  const y = box.y + box.height / 2;
  const translateOf = () => page.evaluate((id) => document.getElementById(id)?.style.translate, firstId);

  await page.mouse.move(box.x + 40, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 70, y, { steps: 5 });
  assert.equal(await translateOf(), "30px", "the toast follows the pointer");
  await page.mouse.up();
  // The toast springs back on release (and would be dismissed in the same handler if it went far enough).
  assert.equal(await translateOf(), "", "a short swipe springs back");
  assert.equal(await page.locator(`[id="${firstId}"]`).count(), 1, "a 30 px swipe does not dismiss");
  assert.equal(await page.locator(`[id="${firstId}"]`).getAttribute("data-state"), "open");

  await page.mouse.move(box.x + 40, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, y, { steps: 8 });
  assert.equal(await translateOf(), "80px", "the toast follows the pointer");
  await page.mouse.up();
  await page.mouse.move(5, 5);
  // Well inside the 5 s the toast would last on its own; the second, queued toast takes its place.
  await page.locator(`[id="${firstId}"]`).waitFor({ state: "detached", timeout: 2500 });
  await context.close();
});
