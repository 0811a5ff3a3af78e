/**
 * Prints the gzipped JavaScript each screen downloads: the landing page, and for every signed-in
 * route the landing entry + the app chunk + that route's own chunks (and the lazy chunks they load).
 * Also says which routes pull in the Performance charts. Budgets: landing ≤ 150 KB, signed-in routes ≤ 250 KB.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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
let failed = false;
const rows = [["landing (signed out)", landing, 150]];
rows.push(["app shell (signed in, before a route)", app, 250]);
for (const [name, keys] of [...routes.entries()].sort())
  rows.push([`/${name.replace(/index$/, "").replace(/\/$/, "")}  (${name})`, closure(keys, true, new Set(app)), 250]);
console.log("\nGzipped JavaScript per screen:");
for (const [label, files, budget] of rows) {
  const size = total(files);
  const chart = [...files].some(hasChart);
  if (size > budget * 1024) failed = true;
  console.log(
    `  ${label.padEnd(44)} ${kb(size).padStart(9)}  (budget ${budget} KB)${chart ? "  includes the charts" : ""}`,
  );
}
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
if (failed) console.log("\nOver budget.");
