/**
 * End-to-end run: builds the web app, starts the real server on a fresh embedded database, and runs
 * every e2e/*.test.mjs with node's test runner in Debian's Chromium (driven by playwright-core).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startServerProcess } from "./server-process.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const web = resolve(here, "..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

// Each run builds into its own folder, so parallel runs never overwrite each other's files.
const webDist = mkdtempSync(join(tmpdir(), "jcba-e2e-web-"));
const build = spawnSync(
  join(web, "node_modules/.bin/vite"),
  ["build", "--logLevel", "warn", "--outDir", webDist, "--emptyOutDir"],
  { cwd: web, stdio: "inherit" },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const port = await freePort();
// The server sends its mail over SMTP to this loopback port, where the mail tests listen with a real
// SMTP server (smtp-server): the path a union's mail takes, not a stand-in for it.
const smtpPort = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), "jcba-e2e-"));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  WEB_DIST: webDist,
  LOG_LEVEL: "warn",
  ADMIN_EMAIL: "admin@e2e.test",
  ADMIN_PASSWORD: "admin-password-1",
  ALLOW_SIGNUP: "true",
  // Every test member signs up from 127.0.0.1.
  SIGNUP_LIMIT: "100000",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // localhost, not 127.0.0.1: a passkey's relying party must be a host name, and e-mailed links use it too.
  PUBLIC_URL: `http://localhost:${port}`,
  MAIL_FROM: "JCBA Study Hub <no-reply@e2e.test>",
  // Test members sign in right after sign-up; verify-email.test.mjs starts a server of its own with it on.
  REQUIRE_EMAIL_VERIFICATION: "false",
};
delete env.DATABASE_URL;
const server = await startServerProcess(env);

const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".test.mjs") && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort()
  .map((f) => join(here, f));
const result = spawnSync(process.execPath, ["--test", "--test-concurrency=1", "--test-reporter=spec", ...files], {
  stdio: "inherit",
  env: { ...env, BASE_URL: `http://127.0.0.1:${port}`, CHROMIUM_PATH: chromium, E2E_SMTP_PORT: String(smtpPort) },
});
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
rmSync(webDist, { recursive: true, force: true });
process.exit(result.status ?? 1);
