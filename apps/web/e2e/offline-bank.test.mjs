/**
 * A member's first visit: the offline copy of the bank is fetched and saved after the first screen is
 * up, in pieces, each a short task; long tasks and the app's own bank steps are recorded in the page
 * with PerformanceObservers from the first byte.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { api, BASE_URL, browser, MOBILE, signedInContext, until, withBrowser } from "./helpers.mjs";

withBrowser();

/** A long task, as the browser reports it (and what holds up a tap). */
const LONG_TASK_MS = 50;

/** Questions in the bank's saved pieces, or null while its entry (written after every piece) is missing. */
const savedBank = (userId) =>
  new Promise((resolve) => {
    const open = indexedDB.open("jcba-cache");
    open.onsuccess = () => {
      const conn = open.result;
      if (!conn.objectStoreNames.contains("queries")) return resolve(null);
      const store = conn.transaction("queries").objectStore("queries");
      const entry = store.get(`member:${userId}:bank`);
      const rest = store.get(`member:${userId}`);
      const all = store.getAll();
      all.onsuccess = () => {
        if (!entry.result) return resolve(null);
        const { savedAt, pieces } = entry.result;
        const keys = Array.from({ length: pieces }, (_, i) => `member:${userId}:bank:${savedAt}:${i}`);
        const get = (key) => new Promise((r) => (store.get(key).onsuccess = (e) => r(e.target.result)));
        Promise.all(keys.map(get)).then((saved) =>
          resolve({ pieces, questions: saved.flat().length, restChars: rest.result?.length ?? 0 }),
        );
      };
    };
    open.onerror = () => resolve(null);
  });

test("first visit: the bank is fetched and saved after the dashboard is up, in pieces, never blocking input for 50 ms", async () => {
  const { context } = await signedInContext(browser, { viewport: MOBILE });
  const me = await api(context, "/auth/user");
  const bank = await api(context, "/questions");
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen = { longTasks: [], steps: [] };
    window.__seen = seen;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
    }).observe({ type: "longtask" });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.name.startsWith("jcba:bank:"))
          seen.steps.push({ name: e.name, start: e.startTime, end: e.startTime + e.duration });
    }).observe({ type: "measure" });
  });
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("heading", { level: 1, name: /^Welcome back/ }).waitFor();
  await until(page, savedBank, me.id, "the bank to be saved on the device");
  const saved = await page.evaluate(savedBank, me.id);
  const seen = await page.evaluate(() => ({
    ...window.__seen,
    requests: performance
      .getEntriesByType("resource")
      .filter((r) => r.name.includes("questions.list"))
      .map((r) => ({ url: decodeURIComponent(r.name), start: r.startTime, end: r.responseEnd })),
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    loaded: performance.getEntriesByType("navigation")[0].loadEventEnd,
  }));

  // The whole bank is on the device, apart from the rest of the cache.
  assert.equal(saved.questions, bank.length, "every question is saved");
  assert.ok(saved.pieces >= Math.ceil(bank.length / 50), `saved in pieces of at most 50 questions (${saved.pieces})`);
  assert.ok(saved.restChars < 100_000, `the rest of the cache holds no bank (${saved.restChars} characters)`);

  // Fetched a few sections at a time, once the first screen was painted and loaded.
  assert.ok(seen.requests.length >= 8, `fetched in pieces: ${seen.requests.map((r) => r.url).join(", ")}`);
  for (const r of seen.requests) assert.match(r.url, /"section":\d+/, `only sections are asked for: ${r.url}`);
  const began = Math.min(...seen.requests.map((r) => r.start));
  assert.ok(seen.firstPaint > 0 && began > seen.firstPaint, `after the first paint (${began} > ${seen.firstPaint})`);
  assert.ok(began >= seen.loaded, `after the page loaded (${began} >= ${seen.loaded})`);

  // The app's own bank work: short steps, none of them inside a long task.
  const saves = seen.steps.filter((s) => s.name === "jcba:bank:save");
  const downloads = seen.steps.filter((s) => s.name === "jcba:bank:download");
  assert.equal(saves.length, saved.pieces, "one step per saved piece");
  assert.equal(downloads.length, 1, "one step puts the fetched bank in the cache");
  const slowest = Math.max(...seen.steps.map((s) => s.end - s.start));
  assert.ok(slowest < LONG_TASK_MS, `the slowest bank step took ${slowest.toFixed(1)} ms`);
  const blocking = seen.longTasks.filter((t) => seen.steps.some((s) => s.start >= t.start && s.end <= t.end));
  assert.deepEqual(
    blocking.map((t) => `${Math.round(t.start)} ms, ${Math.round(t.end - t.start)} ms long`),
    [],
    "no long task runs a bank step",
  );
  await context.close();
});
