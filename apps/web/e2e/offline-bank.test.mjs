/**
 * A member's first visit: the offline copy of the bank is fetched and saved after the first screen is
 * up, in pieces, each a short task; long tasks and the app's own bank steps are recorded in the page
 * with PerformanceObservers from the first byte, the CPU slowed down as on the mobile profile.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { api, BASE_URL, browser, MOBILE, signedInContext, until, withBrowser } from "./helpers.mjs";

withBrowser();

/** A long task, as the browser reports it (and what holds up a tap). */
const LONG_TASK_MS = 50;
/**
 * The bank is saved in pieces of at most 50 questions, about a thirtieth of it, so a piece's step
 * takes about a thirtieth of saving the bank in one go. The median piece may take up to half of that
 * one-go save (and every step under 50 ms) before the test fails: room for a CI machine descheduling
 * the page 15 times over, while a bank saved in one piece takes all of it and fails on any machine,
 * fast or slow. The median, not the slowest: one piece that meets a garbage collection or the
 * database's first open must not decide it (a 10.5 ms piece beside a 16.2 ms one-go save did).
 */
const PIECE_SHARE_LIMIT = 0.5;
/** The mobile profile's CPU (Lighthouse's 4× slowdown), so the work is timed as a phone does it. */
const CPU_SLOWDOWN = 4;

/**
 * Times saving the whole bank in one IndexedDB put (into a scratch database), as the app once did: the
 * copy put() makes is the main-thread work. The yardstick the pieces are measured against.
 */
const oneGoSave = (userId) =>
  new Promise((resolve, reject) => {
    const open = indexedDB.open("jcba-cache");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction("queries").objectStore("queries").getAll();
      all.onsuccess = () => {
        const bank = all.result.filter((v) => Array.isArray(v)).flat();
        const scratch = indexedDB.open(`jcba-one-go-${userId}`);
        scratch.onupgradeneeded = () => scratch.result.createObjectStore("s");
        scratch.onsuccess = () => {
          const tx = scratch.result.transaction("s", "readwrite");
          const start = performance.now();
          tx.objectStore("s").put(bank, "bank");
          const ms = performance.now() - start;
          tx.oncomplete = () => {
            scratch.result.close();
            indexedDB.deleteDatabase(`jcba-one-go-${userId}`);
            resolve({ ms, questions: bank.length });
          };
        };
      };
    };
  });

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
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
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
  // A long task is the bank's doing when its bank steps alone fill a long task's 50 ms; one that only
  // happened to run a 2 ms step beside other work (a render) is not.
  const blocking = seen.longTasks
    .map((t) => ({
      ...t,
      bank: seen.steps.filter((s) => s.start >= t.start && s.end <= t.end).reduce((n, s) => n + s.end - s.start, 0),
    }))
    .filter((t) => t.bank >= LONG_TASK_MS);
  assert.deepEqual(
    blocking.map(
      (t) => `${Math.round(t.start)} ms, ${Math.round(t.end - t.start)} ms long, ${Math.round(t.bank)} ms of bank`,
    ),
    [],
    "no long task is the bank's doing",
  );
  // Against the same bank saved in one go, timed now on this machine with the same slowdown.
  const oneGo = await page.evaluate(oneGoSave, me.id);
  assert.equal(oneGo.questions, bank.length, "the yardstick saves the whole bank");
  const pieceTimes = saves.map((s) => s.end - s.start).sort((a, b) => a - b);
  const medianSave = pieceTimes[Math.floor(pieceTimes.length / 2)];
  assert.ok(
    medianSave < oneGo.ms * PIECE_SHARE_LIMIT,
    `the median piece took ${medianSave.toFixed(1)} ms, the whole bank in one go ${oneGo.ms.toFixed(1)} ms`,
  );
  console.log(
    `bank save: ${saves.length} pieces, median ${medianSave.toFixed(1)} ms, slowest ${pieceTimes.at(-1).toFixed(1)} ms; in one go ${oneGo.ms.toFixed(1)} ms (CPU ${CPU_SLOWDOWN}× slower)`,
  );
  await context.close();
});
