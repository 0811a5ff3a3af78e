import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { minimal2023Preset } from "@vite-pwa/assets-generator/config";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { type RouteChunks, routePattern } from "./src/app/routeChunks.ts";

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
 * Which code each signed-in screen needs beyond the app's own chunk, written into index.html as data
 * (`<script type="application/json" id="route-chunks">`): the first script (src/entry.ts) preloads the
 * screen's chunks beside the app's, instead of the router asking for them only once the app's chunk
 * has downloaded and run (a second round of requests on a slow connection before the screen can draw).
 * Each entry is a pathname pattern (from the route file's name, src/app/routeChunks.ts) and the files
 * in assets/, by index into a shared list.
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
        const loaded = closure(app.fileName, closure(entry.fileName));
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
        const list: RouteChunks = { files, routes: table };
        const data = JSON.stringify(list).replaceAll("<", "\\u003c");
        return html.replace(
          "</head>",
          `  <script type="application/json" id="route-chunks">${data}</script>\n  </head>`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
    }),
    react(),
    precompiledChakraCss(),
    routeChunkPreloads(),
    VitePWA({
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
    }),
    precacheComplete(),
  ],
  server: { proxy: { "/api": "http://localhost:3000" } },
  build: { target: "es2022", sourcemap: false, chunkSizeWarningLimit: 800 },
});
