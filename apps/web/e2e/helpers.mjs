/** Shared e2e helpers: a browser, signed-in pages and the REST API (screenshots and axe checks: checks.mjs). */

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import { Secret, TOTP } from "otpauth";
import { chromium } from "playwright-core";

export const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:3000";
export const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? "admin@e2e.test",
  password: process.env.ADMIN_PASSWORD ?? "admin-password-1",
};
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
  // registerMember sets the new member's session cookie on this context.
  if (!admin) account = await registerMember(context.request, first, last);
  else if (!(await reuseAdminSession(context))) {
    const signedInAt = Date.now();
    const res = await context.request.post(`${BASE_URL}/api/login`, { data: ADMIN });
    if (!res.ok()) throw new Error(`admin login failed: ${res.status()}`);
    await completeSecondFactor(context.request, (await res.json()).secondFactor);
    writeFileSync(adminSessionFile, JSON.stringify({ signedInAt, cookies: await context.cookies(BASE_URL) }));
  }
  return { context, account };
}

/** Where the e2e run keeps its files about the admin: beside the server's data, or by server address. */
const stateFile = (name) =>
  process.env.DATA_DIR
    ? join(process.env.DATA_DIR, `e2e-admin-${name}.json`)
    : join(tmpdir(), `jcba-e2e-${name}-${createHash("sha256").update(BASE_URL).digest("hex").slice(0, 12)}.json`);

/**
 * The admin's session from an earlier sign-in of this run, as the admin's browser keeps it. Each
 * sign-in takes a fresh authenticator code and the server takes each 30-second step once, so signing
 * in anew for every test mostly waits for a new step. Role changes, imports and the other sharp tools
 * need a sign-in from the last 15 minutes (the server's re-authentication window), so a session is
 * reused only while it is younger than 8 minutes: the longest admin test then still ends inside it.
 */
const adminSessionFile = stateFile("session");
const ADMIN_SESSION_REUSE_MS = 8 * 60_000;

/** Puts the kept admin session on `context` if it is young enough and the server still takes it. */
async function reuseAdminSession(context) {
  if (!existsSync(adminSessionFile)) return false;
  const { signedInAt, cookies } = JSON.parse(readFileSync(adminSessionFile, "utf8"));
  if (!(Date.now() - signedInAt < ADMIN_SESSION_REUSE_MS)) return false;
  await context.addCookies(cookies);
  // An admin-only read: a session signed out, revoked or without its second factor fails it.
  if ((await context.request.get(`${BASE_URL}/api/admin/stats`)).ok()) return true;
  await context.clearCookies();
  return false;
}

/**
 * The admin's authenticator, as the admin's phone would keep it: the secret from enrolment and the
 * time steps already used (the server takes each code once). Every test file runs in its own process,
 * so it lives in a file beside the server's data (or in the temp folder, by server address).
 */
const authenticatorFile = stateFile("authenticator");

const readAuthenticator = () =>
  existsSync(authenticatorFile) ? JSON.parse(readFileSync(authenticatorFile, "utf8")) : { secret: null, usedSteps: [] };

/** Keeps the secret the enrolment screen or route showed. */
export function keepAuthenticatorSecret(secret) {
  writeFileSync(authenticatorFile, JSON.stringify({ secret, usedSteps: [] }));
}

/** The admin's next code whose time step no test used yet, waiting for a new step when all are used. */
export async function nextAdminCode() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const state = readAuthenticator();
    if (!state.secret) throw new Error("the admin has no authenticator secret yet");
    const now = Math.floor(Date.now() / 30_000);
    // The server takes the previous, current and next step; never one already taken.
    const step = [now - 1, now, now + 1].find((s) => !state.usedSteps.includes(s));
    if (step !== undefined) {
      writeFileSync(authenticatorFile, JSON.stringify({ ...state, usedSteps: [...state.usedSteps.slice(-5), step] }));
      return new TOTP({ secret: Secret.fromBase32(state.secret) }).generate({ timestamp: step * 30_000 + 1 });
    }
    await new Promise((resolve) => setTimeout(resolve, 500)); // a new time step, not an assertion delay
  }
  throw new Error("no unused authenticator code within 90 s");
}

/** After the admin's password: enrolment on a new server (keeping the secret), else the next code. */
export async function completeSecondFactor(request, step) {
  if (!step) return;
  if (step === "enrol") {
    const setup = await request.post(`${BASE_URL}/api/second-factor/setup`, { data: {} });
    if (!setup.ok()) throw new Error(`second factor setup failed: ${setup.status()}`);
    keepAuthenticatorSecret((await setup.json()).secret);
    const enabled = await request.post(`${BASE_URL}/api/second-factor/enable`, {
      data: { code: await nextAdminCode() },
    });
    if (!enabled.ok()) throw new Error(`second factor enable failed: ${enabled.status()} ${await enabled.text()}`);
    return;
  }
  const verified = await request.post(`${BASE_URL}/api/second-factor/verify`, {
    data: { code: await nextAdminCode() },
  });
  if (!verified.ok()) throw new Error(`second factor failed: ${verified.status()} ${await verified.text()}`);
}

/** A short value no other test run will produce, for names of items a test creates. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** GET /api{path} with the context's session, failing the test on a non-2xx answer. */
export async function api(context, path) {
  const res = await context.request.get(`${BASE_URL}/api${path}`);
  assert.ok(res.ok(), `GET /api${path}: ${res.status()}`);
  return res.json();
}

/** Polls a condition evaluated in the page (where IndexedDB and the service worker are) until it holds. */
export async function until(page, fn, arg, what, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await page.evaluate(fn, arg)) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(100); // polling interval, not an assertion delay
  }
}

/** POST /api{path} with the context's session and a JSON body, failing the test on a non-2xx answer. */
export async function apiPost(context, path, data) {
  const res = await context.request.post(`${BASE_URL}/api${path}`, { data });
  assert.ok(res.ok(), `POST /api${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** DELETE through the REST API; asserts it succeeded. */
export async function apiDelete(context, path) {
  const res = await context.request.delete(`${BASE_URL}/api${path}`);
  assert.ok(res.ok(), `DELETE /api${path}: ${res.status()} ${await res.text()}`);
}
