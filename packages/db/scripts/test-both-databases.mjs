/**
 * Runs the tests of the package it is started in twice: on embedded PGlite, then on a throwaway
 * PostgreSQL 15 server started from the Debian binaries on a loopback port (stopped afterwards), or on
 * the server named by TEST_POSTGRES_URL. The tests read TEST_DATABASE_URL to choose (empty: PGlite).
 * Used by the `test` script of apps/server and packages/api. Arguments go to vitest: test files, or
 * words their names contain (`test-both-databases.mjs test/cli-calibration.test.ts`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { startTestPostgres } from "../src/test-postgres.ts";

const name = JSON.parse(readFileSync("package.json", "utf8")).name;
const vitest = (env) =>
  spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], { stdio: "inherit", env: { ...process.env, ...env } })
    .status ?? 1;

console.log(`\n=== ${name} tests on PGlite ===`);
const pglite = vitest({ TEST_DATABASE_URL: "" });

const bin = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
let pg = 0;
if (process.env.TEST_POSTGRES_URL) {
  // A PostgreSQL server provided by the environment (the GitHub workflow's service container).
  console.log(`\n=== ${name} tests on PostgreSQL (TEST_POSTGRES_URL) ===`);
  pg = vitest({ TEST_DATABASE_URL: process.env.TEST_POSTGRES_URL });
} else if (!existsSync(`${bin}/initdb`)) {
  console.error(`PostgreSQL server binaries not found in ${bin}; set PG_BIN.`);
  pg = 1;
} else {
  console.log(`\n=== ${name} tests on PostgreSQL ===`);
  const server = await startTestPostgres();
  try {
    pg = vitest({ TEST_DATABASE_URL: server.url });
  } finally {
    server.stop();
  }
}
process.exit(pglite || pg);
