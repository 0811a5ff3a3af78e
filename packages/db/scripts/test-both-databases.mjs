/**
 * Runs the server's HTTP tests twice: on embedded PGlite, then on a throwaway PostgreSQL 15 server
 * started from the Debian binaries on a loopback port (stopped afterwards).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { startTestPostgres } from "@jcba/db/test-postgres";

const vitest = (env) =>
  spawnSync("npx", ["vitest", "run"], { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

console.log("\n=== server tests on PGlite ===");
const pglite = vitest({ TEST_DATABASE_URL: "" });

const bin = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
let pg = 0;
if (process.env.TEST_POSTGRES_URL) {
  // A PostgreSQL server provided by the environment (the GitHub workflow's service container).
  console.log("\n=== server tests on PostgreSQL (TEST_POSTGRES_URL) ===");
  pg = vitest({ TEST_DATABASE_URL: process.env.TEST_POSTGRES_URL });
} else if (!existsSync(`${bin}/initdb`)) {
  console.error(`PostgreSQL server binaries not found in ${bin}; set PG_BIN.`);
  pg = 1;
} else {
  console.log("\n=== server tests on PostgreSQL ===");
  const server = await startTestPostgres();
  try {
    pg = vitest({ TEST_DATABASE_URL: server.url });
  } finally {
    server.stop();
  }
}
process.exit(pglite || pg);
