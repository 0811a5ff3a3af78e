/**
 * Builds the production server: src/process/main.ts and src/cli/main.ts with the workspace packages they import
 * (@jcba/*, which export TypeScript sources) bundled into dist/ as ES modules; every other package
 * stays an import resolved from node_modules at run time (native addons, PGlite's WebAssembly files).
 *
 * Sources that find files next to themselves through import.meta.url (the migrations folder, the
 * PGlite template, the content data, the repository root) keep pointing at their own place: each
 * import.meta.url in a bundled file becomes that file's URL relative to the bundle.
 */
import { readFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const server = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = join(server, "dist");
const started = performance.now();

/** Bare imports other than @jcba/* are left to Node. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@jcba/") || args.path.startsWith("node:") ? undefined : { path: args.path, external: true },
    );
  },
};

/** import.meta.url of each bundled source file, as seen from the bundle. */
const ownImportMetaUrl = {
  name: "own-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.url") || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const fromBundle = relative(outdir, args.path).split(sep).join("/");
      return {
        contents: text.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: args.path.endsWith("ts") ? "ts" : "js",
      };
    });
  },
};

const result = await build({
  entryPoints: { main: join(server, "src/process/main.ts"), cli: join(server, "src/cli/main.ts") },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  plugins: [externalPackages, ownImportMetaUrl],
  logLevel: "warning",
  metafile: true,
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith(".js"))
  .reduce((n, [, o]) => n + o.bytes, 0);
console.log(
  `server built into ${relative(process.cwd(), outdir) || "."} (${Math.round(bytes / 1024)} KB of JavaScript, ${Math.round(performance.now() - started)} ms)`,
);
