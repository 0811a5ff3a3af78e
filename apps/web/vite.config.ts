import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync, constants as zlib } from "node:zlib";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { minimal2023Preset } from "@vite-pwa/assets-generator/config";
import react from "@vitejs/plugin-react";
import { type BuildEnvironmentOptions, build, defineConfig, type Plugin, type PluginOption, type Rolldown } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
// By path, not by package name: Vite bundles a config's relative imports, but loads packages with
// Node, which cannot read the domain package's TypeScript.
import { ROUTE_CHUNKS_ID, type RouteChunks, routePattern } from "../../packages/domain/src/route-chunks.ts";
import { type BuiltChunk, sharedScreenModules } from "./build/screenChunks.ts";

const BRAND = "#1d4ed8";

/** Files the service worker must hold for the app to start and run with no connection. */
const PRECACHED = /\.(js|css|html|svg|png|ico|webmanifest)$/;

/**
 * Fails the build when an emitted file the app needs offline is missing from the precache manifest.
 * Workbox skips files over its size limit (vite-plugin-pwa turns that into an error) but also any
 * file its glob patterns miss, silently: this catches both, after the worker is written.
 */
function precacheComplete(): Plugin {
  let outDir = "";
  return {
    name: "jcba:precache-complete",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: "post",
      handler() {
        const sw = readFileSync(join(outDir, "sw.js"), "utf8");
        const listed = new Set([...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]));
        const files = (readdirSync(outDir, { recursive: true }) as string[])
          .map((f) => relative(outDir, join(outDir, f)).replaceAll("\\", "/"))
          // The worker and its runtime are what does the caching, never cached themselves.
          .filter((f) => PRECACHED.test(f) && !f.startsWith(".vite/") && !/^(sw|workbox-[\w-]+)\.js$/.test(f));
        const missing = files.filter((f) => !listed.has(f));
        if (missing.length > 0)
          throw new Error(`Left out of the service worker's precache:\n  ${missing.join("\n  ")}`);
      },
    },
  };
}

/**
 * The styling system's global CSS, precompiled: `import "virtual:chakra-global.css"` gives the app a
 * stylesheet built here, in Node, from src/app/theme.ts, which the browser then no longer builds and
 * injects at start (src/app/theme.ts says why). The config bundles theme.ts, so editing it restarts
 * the dev server and this CSS follows.
 */
function precompiledChakraCss(): Plugin {
  const id = "virtual:chakra-global.css";
  const resolved = `\0${id}`;
  return {
    name: "jcba:chakra-global-css",
    resolveId: (source) => (source === id ? resolved : undefined),
    async load(loaded) {
      if (loaded !== resolved) return;
      const [{ makeFullSystem }, { globalCssText }] = await Promise.all([
        import("./src/app/theme.ts"),
        import("./src/app/themeCss.ts"),
      ]);
      return globalCssText(makeFullSystem());
    },
  };
}

/**
 * Which code a signed-in page needs first, written into index.html as data
 * (`<script type="application/json" id="route-chunks">`): the app's chunk with the chunks it imports and
 * its stylesheets, and each member screen's own chunks. The server names them in the signed-in page's
 * head (apps/server/src/http/web-app.ts), so they download while the page is read; without it (the page
 * from the service worker) the first script (src/entry.ts) preloads the screen's chunks beside the app's,
 * instead of the router asking for them only once the app's chunk has run. Each screen's entry is a
 * pathname pattern (from the route file's name, @jcba/domain/route-chunks) and the files in assets/,
 * by index into a shared list.
 */
function routeChunkPreloads(): Plugin {
  return {
    name: "jcba:route-chunk-preloads",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (file: string, into = new Set<string>()) => {
          if (into.has(file) || !byFile.has(file)) return into;
          into.add(file);
          for (const f of byFile.get(file)!.imports) closure(f, into);
          return into;
        };
        const app = chunks.find((c) => c.facadeModuleId?.endsWith("/src/app/App.tsx"));
        const entry = chunks.find((c) => c.isEntry);
        if (!app || !entry) return html;
        const first = closure(entry.fileName);
        const loaded = closure(app.fileName, new Set(first));
        // The member's screens: the admin's are used at a desk, and the list rides on every page.
        const routes = chunks.flatMap((c) => {
          const name = c.facadeModuleId?.match(/\/src\/routes\/(.+)\.tsx\?tsr-split=component$/)?.[1];
          return name && !name.startsWith("admin/") ? [{ name, file: c.fileName }] : [];
        });
        const files: string[] = [];
        // Every chunk is in assets/: the list names them without it.
        const indexOf = (f: string) => {
          const name = f.replace(/^assets\//, "");
          return files.includes(name) ? files.indexOf(name) : files.push(name) - 1;
        };
        const table = routes.flatMap(({ name, file }): RouteChunks["routes"] => {
          const needed = [...closure(file)].filter((f) => !loaded.has(f)).map(indexOf);
          return needed.length > 0 ? [[routePattern(name), needed]] : [];
        });
        // The app's own files, which the server names in a signed-in page's head (web-app.ts).
        const appScripts = [...loaded].filter((f) => !first.has(f));
        const appStyles = appScripts.flatMap((f) => [...(byFile.get(f)!.viteMetadata?.importedCss ?? [])]);
        const list: RouteChunks = {
          files,
          app: { scripts: appScripts.map(indexOf), styles: appStyles.map(indexOf) },
          routes: table,
        };
        const data = JSON.stringify(list).replaceAll("<", "\\u003c");
        return html.replace(
          "</head>",
          `  <script type="application/json" id="${ROUTE_CHUNKS_ID}">${data}</script>\n  </head>`,
        );
      },
    },
  };
}

/**
 * Libraries every signed-in screen runs, each gathered into one file. Left to itself the bundler gives
 * each module shared by the app's chunk and some screens a file of its own (about 45 on the dashboard's
 * first load, most under 2 KB): on a phone's slow connection each extra request waits its turn for one
 * of the browser's six connections. The modules matched here are (nearly) all used by the app's shell,
 * so grouping them adds little code to the first load. See docs/decisions/0020.
 */
const FIRST_LOAD_GROUPS = [
  {
    name: "router",
    test: /[\\/]node_modules[\\/](@tanstack[\\/](react-router|router-core|history|react-store|store)|use-sync-external-store)[\\/]/,
  },
  { name: "data", test: /[\\/]node_modules[\\/](@tanstack[\\/](react-query|query-core)|@trpc[\\/][\w-]+)[\\/]/ },
  {
    name: "ui",
    test: new RegExp(
      [
        String.raw`@zag-js[\\/](utils|dom-query|core|types|anatomy)[\\/]`,
        String.raw`@ark-ui[\\/]react[\\/]dist[\\/](utils|providers|_virtual|components[\\/]factory)`,
        // Not styled-system/config: apart from it, its identity defineConfig() keeps the default theme
        // (every one of Chakra's recipes) in the app's chunk.
        String.raw`@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system[\\/](?!config\.)|utils|create-context|merge-props)`,
        String.raw`@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](box|stack|flex|grid|simple-grid|heading|text|button|spinner|skeleton|badge|card|link|span|square|circle|center|absolute-center|loader|icon|separator|container|group)[\\/]`,
        String.raw`lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared|context|lucide-react)\b`,
      ]
        .map((path) => String.raw`[\\/]node_modules[\\/]${path}`)
        .join("|"),
    ),
  },
];

/** What the app needs to build at all: its routes split by screen, React, the precompiled CSS. */
function appPlugins(): PluginOption[] {
  return [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
    }),
    react(),
    precompiledChakraCss(),
  ];
}

/** The service worker and the install manifest; the app's code imports its register function. */
function pwa() {
  return VitePWA({
    // The signed-in app registers the worker (src/app/pwa.ts), so the landing page loads none of it;
    // a new version waits for the member's Reload instead of swapping in mid-session.
    injectRegister: false,
    registerType: "prompt",
    strategies: "generateSW",
    filename: "sw.js",
    pwaAssets: {
      image: "public/favicon.svg",
      preset: {
        ...minimal2023Preset,
        maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: BRAND } },
        apple: { ...minimal2023Preset.apple, resizeOptions: { background: BRAND } },
      },
      overrideManifestIcons: true,
    },
    manifest: {
      id: "/",
      name: "JCBA Study Hub",
      short_name: "JCBA Study",
      description:
        "Study the AFA-CWA United Airlines Flight Attendant JCBA 2016–2021: questions, flashcards and practice tests, online or not.",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: BRAND,
      background_color: "#ffffff",
      lang: "en",
    },
    workbox: {
      // The manifest is added by the plugin itself: listing it twice makes Workbox refuse to install.
      globPatterns: ["**/*.{js,css,html,svg,png,ico}"],
      // Every page path is the app; the server's own pages and the API always go to the network.
      navigateFallback: "/index.html",
      // The server renders these pages itself (the e-mailed password-reset link among them).
      navigateFallbackDenylist: [/^\/api\//, /^\/reset-password/, /^\/accept-invite/, /^\/verify-email/],
      cleanupOutdatedCaches: true,
      // One file: the worker adds its handlers while it is first evaluated, with no loader in between.
      inlineWorkboxRuntime: true,
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // Review reminders: the push and notificationclick handlers (public/push-handler.js).
      importScripts: ["/push-handler.js"],
    },
  });
}

/**
 * The files Rolldown makes of the member screens' shared modules: a module two or more screens share
 * beyond the shell is in `screens` when build/screenChunks.ts found it in a small shared piece.
 */
function buildOptions(screens: ReadonlySet<string>): BuildEnvironmentOptions {
  const screensGroup = {
    name: "screens",
    test: (id: string) => screens.has(id),
    // The set already holds what its modules import beyond the shell, whose files every screen has.
    includeDependenciesRecursively: false,
  };
  return {
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        codeSplitting: { groups: screens.size > 0 ? [...FIRST_LOAD_GROUPS, screensGroup] : FIRST_LOAD_GROUPS },
      },
    },
  };
}

/**
 * The first of a production build's two passes (build/screenChunks.ts says why): the app built as
 * before, in memory, to read which files came out small and shared by screens. It adds about 1 s to the build.
 */
async function firstPassChunks(): Promise<BuiltChunk[]> {
  const outDir = mkdtempSync(join(tmpdir(), "jcba-first-pass-"));
  try {
    const output = (await build({
      configFile: false,
      root: fileURLToPath(new URL(".", import.meta.url)),
      logLevel: "silent",
      plugins: [...appPlugins(), pwa()],
      build: { ...buildOptions(new Set()), outDir, write: false },
    })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
    return (Array.isArray(output) ? output : [output])
      .flatMap((o) => o.output)
      .flatMap((c) =>
        c.type === "chunk"
          ? [
              {
                fileName: c.fileName,
                isEntry: c.isEntry,
                facadeModuleId: c.facadeModuleId,
                imports: c.imports,
                moduleIds: c.moduleIds,
                size: gzipSync(c.code).length,
              },
            ]
          : [],
      );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export default defineConfig(async ({ command }) => ({
  plugins: [
    ...appPlugins(),
    routeChunkPreloads(),
    pwa(),
    precacheComplete(),
    // Each file also as .br (Brotli at its best, 11) and .gz, which the server sends as they are
    // (apps/server/src/http/web-app.ts). Compressed per request it would be Brotli at 4: about 14 %
    // more to download for the shell (200.8 KB against 173.3), and the server's CPU spent on it at
    // every member's first visit. Only the build pays for level 11.
    compression({
      algorithms: [
        defineAlgorithm("brotliCompress", { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        defineAlgorithm("gzip", { level: 9 }),
      ],
      include: /\.(js|css|html|svg|webmanifest)$/,
      threshold: 1024,
      logLevel: "silent",
    }),
  ],
  server: { proxy: { "/api": "http://localhost:3000" } },
  build: buildOptions(command === "build" ? sharedScreenModules(await firstPassChunks()) : new Set()),
}));
