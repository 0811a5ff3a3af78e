/** Shared e2e helpers: a browser, signed-in pages, screenshots and axe checks. */

import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { chromium } from "playwright-core";

export const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:3000";
export const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? "admin@e2e.test",
  password: process.env.ADMIN_PASSWORD ?? "admin-password-1",
};
const SHOTS = join(dirname(fileURLToPath(import.meta.url)), "screenshots");
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** The test file's browser (a live binding): launched before its tests and closed after them by withBrowser(). */
export let browser;
export function withBrowser() {
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
}

let counter = 0;
/** A new member account with a unique e-mail; returns its credentials. */
export async function registerMember(request, first = "Maria", last = "Lopez") {
  const email = `member${Date.now()}${counter++}@e2e.test`;
  const res = await request.post(`${BASE_URL}/api/register`, {
    data: { email, password: "member-password-1", firstName: first, lastName: last },
  });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  // Sign-up answers alike for new and taken addresses, so it never signs in: sign in now.
  const login = await request.post(`${BASE_URL}/api/login`, { data: { email, password: "member-password-1" } });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  return { email, password: "member-password-1", firstName: first, lastName: last };
}

/** A browser context signed in as a new member (or as the admin), with the given viewport and theme. */
export async function signedInContext(
  browser,
  { admin = false, viewport = DESKTOP, colorScheme = "light", first, last } = {},
) {
  const context = await browser.newContext({ viewport, colorScheme, baseURL: BASE_URL });
  let account = ADMIN;
  if (!admin) account = await registerMember(context.request, first, last);
  else {
    const res = await context.request.post(`${BASE_URL}/api/login`, { data: ADMIN });
    if (!res.ok()) throw new Error(`admin login failed: ${res.status()}`);
  }
  if (!admin) {
    // registerMember already set the session cookie on this context.
  }
  return { context, account };
}

export async function screenshot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Fails on any serious or critical axe violation. */
export async function expectNoSeriousA11yViolations(page, label = "") {
  // Colours are only meaningful once enter animations (dialogs fading in) have finished.
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

/** A short value no other test run will produce, for names of items a test creates. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** GET /api{path} with the context's session, failing the test on a non-2xx answer. */
export async function api(context, path) {
  const res = await context.request.get(`${BASE_URL}/api${path}`);
  assert.ok(res.ok(), `GET /api${path}: ${res.status()}`);
  return res.json();
}
