/**
 * What a page looks like to a member: screenshots, axe checks, no sideways scrolling, and the page's
 * frame standing where the app then draws.
 */

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), "screenshots");

export async function screenshot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Colours are only meaningful once enter animations (dialogs fading in) have finished. */
async function animationsSettled(page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 3000 },
    )
    .catch(() => {});
}

/** Fails on any serious or critical axe violation. */
export async function expectNoSeriousA11yViolations(page, label = "") {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  if (bad.length > 0) {
    const detail = bad
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
            .slice(0, 3)
            .map(
              (n) =>
                `${n.target.join(" ")} ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 240)}`,
            )
            .join("\n    ")}`,
      )
      .join("\n");
    throw new Error(`axe found ${bad.length} serious/critical violation(s) ${label}:\n${detail}`);
  }
}

/** The WCAG 2.2 AA rules (the A, AA, 2.1 AA and 2.2 AA tags of axe-core). */
export const WCAG22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Fails on any axe violation of the WCAG 2.2 AA rules, whatever its impact. */
export async function expectWcag22AA(page, label = "") {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG22_AA).analyze();
  if (violations.length > 0)
    throw new Error(
      `axe found ${violations.length} WCAG 2.2 AA violation(s) ${label}:\n${violations
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
              .slice(0, 3)
              .map(
                (n) =>
                  `${n.target.join(" ")} ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 240)}`,
              )
              .join("\n    ")}`,
        )
        .join("\n")}`,
    );
}

/** Checks that the page does not scroll sideways. */
export async function expectNoHorizontalScroll(page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 1) throw new Error(`page scrolls horizontally by ${overflow}px`);
}

/** A dialog is drawn over the viewport: capture what the user sees, not the whole page. */
export async function viewportShot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Where each named part stands on the page, as { x, y, width, height }: `parts` maps a name to a selector. */
export function boxesOf(page, parts) {
  return page.evaluate(
    (parts) =>
      Object.fromEntries(
        Object.entries(parts).map(([name, selector]) => {
          const r = document.querySelector(selector).getBoundingClientRect();
          return [name, { x: r.x, y: r.y, width: r.width, height: r.height }];
        }),
      ),
    parts,
  );
}

/**
 * The app drew each part where the page's frame had it, within a pixel (sub-pixel font metrics): the
 * frame's words and the app's replaced each other in place.
 */
export function expectSameBoxes(framed, drawn, where, edges = ["x", "y", "width", "height"]) {
  for (const part of Object.keys(framed))
    for (const edge of edges)
      assert.ok(
        Math.abs(drawn[part][edge] - framed[part][edge]) <= 1,
        `${where}, the ${part}'s ${edge}: ${framed[part][edge]} in the frame, ${drawn[part][edge]} in the app`,
      );
}
