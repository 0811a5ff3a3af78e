/**
 * The operator CLI never opens an embedded database the server is running on (PGlite's authors warn
 * that two processes on one DATA_DIR can corrupt it); with the server stopped it works. This is about
 * the embedded database only, so it runs the real server and CLI processes on a PGlite DATA_DIR.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../src/process/config.ts";
import { onPostgres } from "./harness.ts";

const tsx = resolve(REPO_ROOT, "node_modules/.bin/tsx");
const dataDir = mkdtempSync(join(tmpdir(), "jcba-cli-"));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  ADMIN_EMAIL: "ops@test.local",
  ADMIN_PASSWORD: "operator-password-1",
  LOG_LEVEL: "warn",
  WEB_DIST: "/nonexistent",
  HOST: "127.0.0.1",
};
let server: ChildProcess | null = null;

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server!.once("exit", r));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((res) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });

const cli = (...args: string[]) =>
  spawnSync(tsx, [resolve(REPO_ROOT, "apps/server/src/cli/main.ts"), ...args], {
    env,
    encoding: "utf8",
    timeout: 60_000,
  });

// The lock guards the embedded database, so the PostgreSQL run of the suite has nothing to add here.
describe.skipIf(onPostgres)("operator CLI on the embedded database", () => {
  it("refuses with a clear message while the server runs on the same DATA_DIR, and works once it stops", async () => {
    const port = await freePort();
    server = spawn(tsx, [resolve(REPO_ROOT, "apps/server/src/process/main.ts")], {
      env: { ...env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    await new Promise<void>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`server did not start:\n${output}`)), 90_000);
      const onData = (d: Buffer) => {
        output += d;
        if (output.includes("is running at")) {
          clearTimeout(timer);
          res();
        }
      };
      server!.stdout!.on("data", onData);
      server!.stderr!.on("data", onData);
      server!.once("exit", (code) => rej(new Error(`server exited with ${code}:\n${output}`)));
    });

    const busy = cli("token", "list", "--email", "ops@test.local");
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain("is in use by the running server");
    expect(busy.stderr).toContain("Stop the server");

    server.kill("SIGTERM");
    await new Promise((r) => server!.once("exit", r));
    const made = cli("token", "create", "--email", "ops@test.local", "--name", "nightly", "--scope", "read");
    expect(made.stderr).toBe("");
    expect(made.status).toBe(0);
    expect(made.stdout).toContain("read-only");
    const listed = cli("token", "list", "--email", "ops@test.local");
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^\d+\tnightly\tread\t/m);
    const id = listed.stdout.split("\t")[0]!;
    const revoked = cli("token", "revoke", "--email", "ops@test.local", "--id", id);
    expect(revoked.stdout).toContain("is revoked");
    expect(cli("token", "list", "--email", "ops@test.local").stdout).toContain("No tokens.");

    // The last admin keeps its role, as on the admin screens.
    const demoted = cli("user", "admin", "--email", "ops@test.local", "--revoke");
    expect(demoted.status).toBe(1);
    expect(demoted.stderr).toContain("is the last admin");
  });
});
