/**
 * A page's first date, number or collation format makes the browser load its locale data: one piece
 * of 130–190 ms of main thread on a slow phone. The screens a member opens first format nothing until
 * the member acts (decision 0023), so a change that brings a format back to a first screen fails here
 * with the stack of the call, rather than as a slower phone nobody measures.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { browser, MOBILE, signedInContext, withBrowser } from "./helpers.mjs";

withBrowser();

/** Records each Intl object made and each locale method called, with where it came from. */
function recordLocaleUse() {
  const used = [];
  Object.defineProperty(window, "__localeUse", { value: used });
  const note = (what) => used.push(`${what}\n${new Error().stack?.split("\n").slice(2, 6).join("\n")}`);
  for (const name of [
    "DateTimeFormat",
    "NumberFormat",
    "Collator",
    "PluralRules",
    "RelativeTimeFormat",
    "ListFormat",
  ]) {
    const Original = Intl[name];
    if (!Original) continue;
    // Callable with and without `new`, as the originals are.
    // biome-ignore lint/complexity/useArrowFunction: an arrow function cannot be called with `new`
    const wrapped = function (...args) {
      note(`Intl.${name}`);
      return new Original(...args);
    };
    wrapped.prototype = Original.prototype;
    wrapped.supportedLocalesOf = Original.supportedLocalesOf.bind(Original);
    Intl[name] = wrapped;
  }
  const methods = [
    [Date.prototype, "Date", "toLocaleString"],
    [Date.prototype, "Date", "toLocaleDateString"],
    [Date.prototype, "Date", "toLocaleTimeString"],
    [Number.prototype, "Number", "toLocaleString"],
    [String.prototype, "String", "localeCompare"],
  ];
  for (const [proto, type, method] of methods) {
    const original = proto[method];
    proto[method] = function (...args) {
      note(`${type}.${method}`);
      return original.apply(this, args);
    };
  }
}

/** The screens a member opens first, each with what shows once its first screen is drawn. */
const SCREENS = [
  ["/", { role: "heading", name: "Welcome back, Maria!" }],
  ["/study/7", { role: "heading", name: "Scheduling" }],
  ["/test", { role: "heading", name: "Practice Test" }],
  ["/flashcards", { role: "heading", name: "Flashcard Study Mode" }],
  ["/performance", { role: "heading", name: "Performance Analytics" }],
  ["/search", { role: "heading", name: "Search" }],
];

test("the first screens a member opens load no locale data: no date, number or collation format until the member acts", async () => {
  const { context } = await signedInContext(browser, { viewport: MOBILE });
  await context.addInitScript(recordLocaleUse);
  const page = await context.newPage();
  for (const [path, heading] of SCREENS) {
    await page.goto(path);
    await page.getByRole(heading.role, { level: 1, name: heading.name }).waitFor();
    // The screen's later parts (Performance's charts, the dashboard's cards, the bank's download)
    // come without the member doing anything: they count too.
    await page.waitForLoadState("networkidle");
    // The dashboard still says when the device last heard from the server, in words.
    if (path === "/") await page.getByTestId("sync-note").getByText("Last synced just now").waitFor();
    const used = await page.evaluate(() => window.__localeUse);
    assert.deepEqual(used, [], `${path} formatted with the locale data on its own:\n${used.join("\n\n")}`);
  }
  // The recorder itself works: a format the member's action would make is seen.
  assert.deepEqual(
    await page.evaluate(() => {
      new Date().toLocaleDateString();
      return window.__localeUse.map((u) => u.split("\n")[0]);
    }),
    ["Date.toLocaleDateString"],
  );
  await context.close();
});
