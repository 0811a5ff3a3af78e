/**
 * How long each signed-in screen blocks the main thread on a member's first visit, measured in the
 * browser itself: real Chromium (Debian's, CHROMIUM_PATH), a phone's viewport, the CPU slowed 4× as in
 * Lighthouse's mobile profile, the network not slowed (this figure is the main thread's, not the
 * download's), against a production start of the server on a fresh embedded database
 * (bench-server.mjs), as a new member.
 *
 * Lighthouse's TBT is simulated from one trace and moves by hundreds of milliseconds between runs and
 * between Chromium releases (docs/decisions/0021); this reads the browser's own Long Animation Frame
 * entries, which is steadier for telling whether a change helped. Each screen is visited RUNS times (3
 * by default) in a fresh context (no service worker, nothing on the device) until the page has been
 * quiet for 2 s; the table shows the medians:
 *   blocked     the frames' blocking time after the first paint (each frame's time over 50 ms, as TBT)
 *   longest     the longest frame
 *   frames      frames over 50 ms
 *   FCP, LCP    first and largest contentful paint
 *
 *   node scripts/blocked-time.mjs                  every screen
 *   node scripts/blocked-time.mjs / /study/7       only those
 *   DETAIL=1 node scripts/blocked-time.mjs /       also each run's three costliest scripts in long frames
 *   NETWORK=slow4g node scripts/blocked-time.mjs    on the mobile profile's slow connection too (LCP's figure)
 */
import { chromium as playwright } from "playwright-core";
import { chromium, chromiumVersion, startBenchServer } from "./bench-server.mjs";

const runs = Number(process.env.RUNS ?? 3);
const SCREENS = ["/", "/study/7", "/review", "/performance", "/test", "/flashcards", "/search"];
const screens = process.argv.length > 2 ? process.argv.slice(2) : SCREENS;
const QUIET_MS = 2000;
/**
 * NETWORK=slow4g: the connection Lighthouse's mobile profile stands for (150 ms round trips, 1.6 Mbps
 * down, 750 Kbps up), applied in the browser as Lighthouse's own "devtools" throttling does, with
 * its 3.75× latency and 0.9× throughput factors for a real connection's overheads.
 */
const SLOW_4G =
  process.env.NETWORK === "slow4g"
    ? {
        offline: false,
        latency: 150 * 3.75,
        downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
        uploadThroughput: (750 * 1024 * 0.9) / 8,
      }
    : null;
const MAX_MS = 30_000;

/** In the page, before its first script: keeps the long frames and the paints as they come. */
function observe() {
  window.__frames = [];
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__frames.push({
        start: e.startTime,
        duration: e.duration,
        blocking: e.blockingDuration,
        scripts: e.scripts.map((s) => ({
          source: `${s.invoker} ${s.sourceURL.split("/").pop()}${s.sourceFunctionName ? ` ${s.sourceFunctionName}` : ""}`,
          duration: s.duration,
        })),
      });
  }).observe({ type: "long-animation-frame", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp = e.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

async function visit(browser, server, cookie, screen) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    await context.addCookies(server.browserCookies(cookie));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    if (SLOW_4G) await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await page.addInitScript(observe);
    // Quiet: no new long frame and no request under way for QUIET_MS. The requests are counted from
    // before the navigation, so one that starts during the page's load is waited for too.
    let pending = 0;
    let lastActivity = Date.now();
    page.on("request", () => {
      pending++;
      lastActivity = Date.now();
    });
    const done = () => {
      pending--;
      lastActivity = Date.now();
    };
    page.on("requestfinished", done);
    page.on("requestfailed", done);
    await page.goto(`${server.base}${screen}`);
    if (new URL(page.url()).pathname.startsWith("/api/login")) throw new Error(`${screen}: not signed in`);
    let frames = 0;
    for (const end = Date.now() + MAX_MS; Date.now() < end; ) {
      await page.waitForTimeout(250); // sampling the page's activity, not an assertion
      const now = await page.evaluate(() => window.__frames.length);
      if (now !== frames) {
        frames = now;
        lastActivity = Date.now();
      }
      if (pending === 0 && Date.now() - lastActivity >= QUIET_MS) break;
    }
    return await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      const long = window.__frames.filter((f) => f.duration > 50);
      return {
        blocked: long.filter((f) => f.start >= fcp).reduce((n, f) => n + f.blocking, 0),
        longest: Math.max(0, ...window.__frames.map((f) => f.duration)),
        frames: long.length,
        fcp,
        lcp: window.__lcp,
        scripts: long.flatMap((f) => f.scripts).sort((a, b) => b.duration - a.duration),
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const server = await startBenchServer();
const browser = await playwright.launch({ executablePath: chromium, headless: true, args: ["--no-sandbox"] });
const rows = [];
let exitCode = 0;
try {
  const cookie = await server.signedInCookie();
  const adminCookie = screens.some((s) => s.startsWith("/admin")) ? await server.signedInCookie(true) : null;
  for (const screen of screens) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      try {
        const r = await visit(browser, server, screen.startsWith("/admin") ? adminCookie : cookie, screen);
        samples.push(r);
        if (process.env.DETAIL)
          console.error(
            `${screen} run ${i + 1}: ${r.scripts
              .slice(0, 3)
              .map((s) => `${s.source} ${Math.round(s.duration)} ms`)
              .join(" · ")}`,
          );
        else process.stderr.write(".");
      } catch (error) {
        exitCode = 1;
        process.stderr.write("x");
        console.error(`\n${screen}: ${error instanceof Error ? error.message : error}`);
      }
    }
    if (samples.length > 0) rows.push({ screen, samples });
  }
} finally {
  await browser.close();
  await server.stop();
}

const ms = (n) => `${Math.round(n).toLocaleString("en")} ms`;
console.log(
  `\nMain thread on a first visit, Chromium ${chromiumVersion()} with 4× CPU slowdown${SLOW_4G ? " on a slow 4G connection" : ""}, median of ${runs} run(s):\n`,
);
console.log("| screen | blocked | longest | frames > 50 ms | FCP | LCP |");
console.log("|---|---|---|---|---|---|");
for (const { screen, samples } of rows) {
  const m = (key) => median(samples.map((s) => s[key]));
  console.log(
    `| ${screen} | ${ms(m("blocked"))} | ${ms(m("longest"))} | ${m("frames")} | ${ms(m("fcp"))} | ${ms(m("lcp"))} |`,
  );
}
process.exit(exitCode);
