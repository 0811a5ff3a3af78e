/**
 * How soon a returning member sees the dashboard's numbers: the repeat visit of the phone target
 * (≤ 1 s on the mobile profile, online or offline). A member signs in and opens the dashboard once, in
 * real Chromium (Debian's, CHROMIUM_PATH) against a production start of the server on a fresh embedded
 * database (bench-server.mjs); once the service worker is active and the page has settled, the
 * dashboard is opened again with the CPU slowed 4× and Lighthouse's slow 4G applied (as
 * blocked-time.mjs does), once online and once with no connection. Each run uses a fresh browser
 * context; the table shows the medians of RUNS (3):
 *   numbers     from the navigation's start to the frame after the first stat card's value is in the page
 *   FCP         first contentful paint of that visit
 *
 *   node scripts/repeat-visit.mjs
 */
import { chromium as playwright } from "playwright-core";
import { chromium, chromiumVersion, startBenchServer } from "./bench-server.mjs";

const runs = Number(process.env.RUNS ?? 3);
/** Lighthouse's mobile connection with the "devtools" throttling factors (see blocked-time.mjs). */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const UNTHROTTLED = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
/** After the first visit: time for the bank download and its save to finish (the page's own pace). */
const SETTLE_MS = 8000;

/** In the page, before its first script: notes the frame after a stat card's value first appears. */
function observe() {
  window.__numbers = 0;
  new MutationObserver((_, observer) => {
    if (!document.querySelector("[data-testid=stat-value]")) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__numbers = performance.now();
    });
  }).observe(document, { subtree: true, childList: true });
}

async function visitAgain(context, page, base, offline) {
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.emulateNetworkConditions", { ...SLOW_4G, offline });
    await context.setOffline(offline);
    await page.goto(`${base}/`);
    await page.waitForFunction(() => window.__numbers > 0, null, { timeout: 60_000 });
    return await page.evaluate(() => ({
      numbers: window.__numbers,
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
      controlled: navigator.serviceWorker.controller !== null,
    }));
  } finally {
    await context.setOffline(false);
    await cdp.send("Network.emulateNetworkConditions", UNTHROTTLED);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.detach();
  }
}

const server = await startBenchServer();
const browser = await playwright.launch({ executablePath: chromium, headless: true, args: ["--no-sandbox"] });
const samples = { online: [], offline: [] };
try {
  const cookie = await server.signedInCookie();
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    try {
      await context.addCookies(server.browserCookies(cookie));
      const page = await context.newPage();
      await page.addInitScript(observe);
      await page.goto(`${server.base}/`);
      await page.waitForFunction(() => window.__numbers > 0, null, { timeout: 60_000 });
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.waitForTimeout(SETTLE_MS); // letting the first visit's background work finish, not an assertion
      for (const mode of ["online", "offline"]) {
        const r = await visitAgain(context, page, server.base, mode === "offline");
        if (!r.controlled) throw new Error(`${mode} repeat visit was not served by the service worker`);
        samples[mode].push(r);
        process.stderr.write(".");
      }
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (n) => `${Math.round(n).toLocaleString("en")} ms`;
console.log(
  `\nRepeat visit to the dashboard, Chromium ${chromiumVersion()} with 4× CPU slowdown on a slow 4G connection, median of ${runs} run(s):\n`,
);
console.log("| visit | numbers | FCP | runs |");
console.log("|---|---|---|---|");
for (const mode of ["online", "offline"]) {
  const s = samples[mode];
  console.log(
    `| ${mode} | ${ms(median(s.map((r) => r.numbers)))} | ${ms(median(s.map((r) => r.fcp)))} | ${s.map((r) => Math.round(r.numbers)).join(", ")} |`,
  );
}
