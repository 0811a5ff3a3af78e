import { defineConfig } from "vitest/config";

// Each file makes its own in-memory PGlite (or scratch PostgreSQL) database; two at a time is
// plenty on a small machine.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 2 } });
