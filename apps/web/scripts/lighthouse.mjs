/**
 * Lighthouse (mobile) on the landing page, against a production start of the server on a fresh
 * embedded database. Uses Debian's Chromium (CHROMIUM_PATH) and runs lighthouse@12 through npx.
 * Targets: performance ≥ 95, accessibility 100, best practices 100, SEO 100.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const web = resolve(import.meta.dirname, "..");
const repo = resolve(web, "../..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const dist = mkdtempSync(join(tmpdir(), "jcba-lh-web-"));
const data = mkdtempSync(join(tmpdir(), "jcba-lh-data-"));
const report = join(tmpdir(), `jcba-lighthouse-${Date.now()}.json`);
if (
  spawnSync(join(web, "node_modules/.bin/vite"), ["build", "--outDir", dist, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: web,
    stdio: "inherit",
  }).status !== 0
)
  process.exit(1);

const port = 3900 + Math.floor(Math.random() * 90);
const server = spawn(join(repo, "node_modules/.bin/tsx"), [join(repo, "apps/server/src/process/main.ts")], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: data,
    WEB_DIST: dist,
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: "lh@test.local",
    ADMIN_PASSWORD: "lighthouse-1",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((res) => server.stdout.on("data", (d) => String(d).includes("is running at") && res()));
const lh = spawnSync(
  "npx",
  [
    "-y",
    "lighthouse@12.8.2",
    `http://127.0.0.1:${port}/`,
    "--quiet",
    "--output=json",
    `--output-path=${report}`,
    "--only-categories=performance,accessibility,best-practices,seo",
    "--form-factor=mobile",
    `--chrome-path=${chromium}`,
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run",
  ],
  { stdio: "inherit", env: { ...process.env, CHROME_PATH: chromium } },
);
server.kill("SIGTERM");
rmSync(dist, { recursive: true, force: true });
rmSync(data, { recursive: true, force: true });
if (lh.status !== 0) process.exit(lh.status ?? 1);
const result = JSON.parse(readFileSync(report, "utf8"));
const score = (id) => Math.round(result.categories[id].score * 100);
console.log(
  `Lighthouse mobile, landing page: performance ${score("performance")}, accessibility ${score("accessibility")}, best practices ${score("best-practices")}, SEO ${score("seo")}`,
);
for (const id of [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
])
  console.log(`  ${result.audits[id].title}: ${result.audits[id].displayValue}`);
for (const cat of ["accessibility", "best-practices", "seo"]) {
  for (const ref of result.categories[cat].auditRefs) {
    const audit = result.audits[ref.id];
    if (ref.weight > 0 && audit.score !== null && audit.score < 1) console.log(`  ${cat} issue: ${audit.title}`);
  }
}
rmSync(report, { force: true });
