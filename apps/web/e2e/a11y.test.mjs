/**
 * WCAG 2.2 AA on every signed-in screen a member uses, in both themes, at a phone's and a desktop's
 * width: axe-core with the wcag2a/2aa/21a/21aa/22aa rules finds nothing, and no screen scrolls sideways.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectWcag22AA } from "./checks.mjs";
import { BASE_URL, browser, DESKTOP, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";

withBrowser();

/** Each screen and what shows once its content is in (its h1, then no loading state left). */
const SCREENS = [
  ["/", /Welcome back/],
  ["/study", "Study Mode"],
  ["/study/7", null],
  ["/test", "Practice Test"],
  ["/flashcards", "Flashcard Study Mode"],
  ["/review", null],
  ["/performance", "Performance"],
  ["/search?q=reserve", "Search"],
  ["/account/password", null],
  ["/account/tokens", null],
  ["/account/reports", null],
  ["/account/devices", null],
  ["/account/passkeys", null],
  ["/account/review", null],
  ["/account/reminders", null],
  ["/account/edition", null],
  ["/account/data", null],
  ["/changes", null],
  ["/plan", "Study plan"],
];

for (const [viewport, width] of [
  [MOBILE, "phone"],
  [DESKTOP, "desktop"],
])
  for (const colorScheme of ["light", "dark"])
    test(`every signed-in screen meets WCAG 2.2 AA (axe) on a ${width} in the ${colorScheme} theme`, async () => {
      const { context } = await signedInContext(browser, { viewport, colorScheme });
      const page = await context.newPage();
      // Every screen is checked before the test fails, so one run lists all that is wrong.
      const problems = [];
      for (const [path, title] of SCREENS) {
        await page.goto(`${BASE_URL}${path}`);
        await page
          .getByRole("heading", { level: 1, ...(title ? { name: title } : {}) })
          .first()
          .waitFor();
        // The screen's data is in: no skeleton, spinner or busy region left.
        await page.waitForFunction(
          () => !document.querySelector(".chakra-skeleton, .chakra-spinner, .boot-spinner, [aria-busy='true']"),
          null,
          { timeout: 30_000 },
        );
        for (const check of [
          () => expectWcag22AA(page, `on ${path} (${width}, ${colorScheme})`),
          () => expectNoHorizontalScroll(page),
        ])
          await check().catch((error) => problems.push(`${path}: ${error.message}`));
      }
      await context.close();
      assert.deepEqual(problems, []);
    });
