import { defineConfig } from "vitest/config";

// The web's logic, beside its files (src/**/*.test.ts, and the build's own in build/), in Node: no
// build and none of the app's Vite plugins. A test that needs the browser's storage says so with its
// own environment comment.
export default defineConfig({ test: { include: ["src/**/*.test.ts", "build/**/*.test.ts"], environment: "node" } });
