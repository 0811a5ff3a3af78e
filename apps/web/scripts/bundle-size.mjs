/**
 * Prints the gzipped JavaScript each screen downloads and fails (exit code 1) when one is over its
 * budget; the web package's test script runs it, so CI does. For the landing page: its entry. For
 * every signed-in route: what its first content needs (the landing entry, the app shell and the
 * route's own chunks with what they import) and, beside it, everything the screen may load later on
 * use (dialogs, charts, the search palette...). Also says which routes pull in the Performance charts.
 *
 * Budgets: landing ≤ 10 KB; each signed-in screen's first content ≤ its FIRST_CONTENT budget (issue
 * 25's goal is 120 KB; React, Chakra UI's styling system, the router, the query cache and the tRPC
 * client alone are about 150 KB, so the budgets hold each screen where it is, with 1 KB to spare, and
 * are lowered as it comes down).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const web = resolve(import.meta.dirname, "..");
const out = mkdtempSync(join(tmpdir(), "jcba-size-"));
const build = spawnSync(
  join(web, "node_modules/.bin/vite"),
  ["build", "--manifest", "--outDir", out, "--emptyOutDir", "--logLevel", "warn"],
  { cwd: web, stdio: "inherit" },
);
if (build.status !== 0) process.exit(build.status ?? 1);
const manifest = JSON.parse(readFileSync(join(out, ".vite/manifest.json"), "utf8"));

const gz = new Map();
const sizeOf = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(out, file)), { level: 9 }).length);
  return gz.get(file);
};
const chartsFile = Object.values(manifest).find((e) => e.src?.endsWith("src/performance/Charts.tsx"))?.file;
const hasChart = (file) => file === chartsFile;

/** The JS files a manifest entry brings: itself and its static imports; with `lazy`, also its dynamic imports. */
function closure(keys, lazy = false, seen = new Set()) {
  for (const key of keys) {
    const entry = manifest[key];
    if (!entry || seen.has(entry.file)) continue;
    if (entry.file.endsWith(".js")) seen.add(entry.file);
    closure(entry.imports ?? [], lazy, seen);
    if (lazy) closure(entry.dynamicImports ?? [], lazy, seen);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const landing = closure([entryKey]);
const appKey = Object.keys(manifest).find((k) => k.endsWith("src/app/App.tsx"));
const app = closure([appKey], false, new Set(landing));

const routeKeys = Object.keys(manifest).filter((k) => k.includes("src/routes/") && !k.includes("__root"));
const routes = new Map();
for (const key of routeKeys) {
  const name = key
    .replace(/^.*src\/routes\//, "")
    .replace(/\?.*$/, "")
    .replace(/\.tsx$/, "");
  routes.set(name, [...(routes.get(name) ?? []), key]);
}
const total = (files) => [...files].reduce((n, f) => n + sizeOf(f), 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const LANDING_BUDGET = 10;
/** KB of gzipped JS of the app shell alone (React, Chakra UI, the router, the query cache, tRPC): every signed-in screen pays it. */
const APP_SHELL_BUDGET = 200;
/**
 * KB of gzipped JS for a signed-in route's first content, app shell included. Since decision 0022 each
 * screen also loads `screens`, the small code member screens share, in one file: up to 13 KB more on a
 * screen that uses little of it, for a dozen fewer round trips on a slow connection.
 */
const FIRST_CONTENT = {
  "account.data": 228,
  "account.devices": 216,
  "account.edition": 216,
  "account.passkeys": 217,
  "account.password": 225,
  "account.reminders": 224,
  "account.reports": 216,
  "account.review": 222,
  "account.tokens": 227,
  "admin/audit": 233,
  "admin/backups": 232,
  "admin/flashcards": 248,
  "admin/index": 219,
  "admin/invitations": 247,
  "admin/item-analysis": 235,
  "admin/questions": 252,
  "admin/reports": 237,
  "admin/route": 201,
  changes: 217,
  flashcards: 242,
  index: 218,
  performance: 218,
  plan: 222,
  review: 226,
  search: 225,
  "second-factor": 218,
  "study.$section": 225,
  "study.index": 216,
  test: 243,
};
/** A route added without a budget of its own gets the largest member screen's. */
const FIRST_CONTENT_DEFAULT = 235;
const over = [];
const landingSize = total(landing);
if (landingSize > LANDING_BUDGET * 1024) over.push(`landing: ${kb(landingSize)} > ${LANDING_BUDGET} KB`);
console.log(
  `\nGzipped JavaScript per screen:\n  ${"landing (signed out)".padEnd(44)} ${kb(landingSize).padStart(9)}  (budget ${LANDING_BUDGET} KB)`,
);
const appSize = total(app);
if (appSize > APP_SHELL_BUDGET * 1024) over.push(`app shell: ${kb(appSize)} > ${APP_SHELL_BUDGET} KB`);
// What the server sends: the build's Brotli copy of each file (vite.config.ts), the file itself when
// it has none. The budgets stay in gzip, which every browser takes.
const sent = (files) =>
  [...files].reduce((n, f) => n + statSync(join(out, existsSync(join(out, `${f}.br`)) ? `${f}.br` : f)).size, 0);
console.log(
  `  ${"app shell (signed in, before a route)".padEnd(44)} ${kb(appSize).padStart(9)}  (budget ${APP_SHELL_BUDGET} KB; ${kb(sent(app))} as sent, Brotli)`,
);
console.log(
  `\n  ${"route".padEnd(44)} ${"first content".padStart(13)} ${"budget".padStart(8)} ${"all on use".padStart(11)}`,
);
for (const [name, keys] of [...routes.entries()].sort()) {
  const label = `/${name.replace(/index$/, "").replace(/\/$/, "")}  (${name})`;
  const first = total(closure(keys, false, new Set(app)));
  const all = closure(keys, true, new Set(app));
  const budget = FIRST_CONTENT[name] ?? FIRST_CONTENT_DEFAULT;
  if (first > budget * 1024) over.push(`${label}: ${kb(first)} > ${budget} KB`);
  console.log(
    `  ${label.padEnd(44)} ${kb(first).padStart(13)} ${`${budget} KB`.padStart(8)} ${kb(total(all)).padStart(11)}${[...all].some(hasChart) ? "  (charts on use)" : ""}`,
  );
}
// The charts' chunk (chart.js and react-chartjs-2 with the charts), measured on its own: issue 27's target is 70 KB.
const chartsKey = Object.keys(manifest).find((k) => k.endsWith("src/performance/Charts.tsx"));
if (chartsKey)
  console.log(
    `\nCharts chunk, loaded after a screen's numbers: ${kb(total([...closure([chartsKey], true, new Set(app))].filter((f) => !app.has(f))))} (target 70 KB)`,
  );
// Shell parts loaded on demand (the phone sidebar sheet, the toast view, the collapsed-sidebar tooltip,
// the search palette).
const onDemand = Object.keys(manifest).filter((k) =>
  /src\/(components\/(MobileSheet|NavTooltip|ui\/toaster-view)|search\/SearchPalette)\.tsx$/.test(k),
);
console.log("\nShell parts loaded on demand (added to a route's total when used):");
for (const key of onDemand)
  console.log(
    `  ${key.replace(/^.*src\//, "").padEnd(44)} +${kb(total([...closure([key], true, new Set(app))].filter((f) => !app.has(f))))}`,
  );
// What the service worker stores on install (everything the app needs offline), raw and gzipped.
const precached = [...readFileSync(join(out, "sw.js"), "utf8").matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
const raw = precached.reduce((n, f) => n + readFileSync(join(out, f)).length, 0);
console.log(
  `\nService worker precache: ${precached.length} files, ${kb(raw)} (${kb(precached.reduce((n, f) => n + gzipSync(readFileSync(join(out, f))).length, 0))} gzipped)`,
);
rmSync(out, { recursive: true, force: true });
if (over.length > 0) {
  console.log(`\nOver budget:\n  ${over.join("\n  ")}`);
  process.exit(1);
}
