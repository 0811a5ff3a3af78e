/**
 * The real server as a process of its own (apps/server/src/process/main.ts under tsx), for the e2e
 * run and for test files that need a server with settings of their own: a free loopback port, and
 * a wait until it says it is running.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const p = s.address().port;
      s.close(() => res(p));
    });
  });

/** Starts the server with `env` and resolves once it is running (3 minutes at most); stop() ends it. */
export async function startServerProcess(env) {
  const server = spawn(join(REPO, "node_modules/.bin/tsx"), [join(REPO, "apps/server/src/process/main.ts")], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  await new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`server did not start:\n${output}`)), 180_000);
    server.stdout.on("data", (d) => {
      output += d;
      if (output.includes("is running at")) {
        clearTimeout(timer);
        res();
      }
    });
    server.on("exit", (code) => rej(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    async stop() {
      if (server.exitCode !== null) return;
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    },
  };
}

/**
 * A server of a test file's own, with `settings` on top of the run's environment: a free port, a fresh
 * data directory and PUBLIC_URL at localhost. stop() ends it and removes its data.
 */
export async function startOwnServer(name, settings) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `jcba-e2e-${name}-`));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startServerProcess({
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      ...settings,
    });
    return {
      baseUrl,
      async stop() {
        await server.stop();
        removeData();
      },
    };
  } catch (error) {
    removeData();
    throw error;
  }
}
