/** Real server processes (src/process/main.ts) for tests that need more than one, or a restart from scratch. */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { freePort } from "@jcba/db/test-postgres";
import { ADMIN } from "./harness.ts";

export interface ServerProcess {
  url: string;
  /** Everything it has printed so far. */
  output(): string;
  /** Resolves when the output contains `text`; rejects if the process exits first or after `ms`. */
  waitFor(text: string, ms?: number): Promise<void>;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", new URL("../src/process/main.ts", import.meta.url).pathname],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        WEB_DIST: "/nonexistent",
        LOG_LEVEL: "warn",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let text = "";
  const waiters = new Set<() => void>();
  const onData = (d: Buffer) => {
    text += d;
    for (const w of waiters) w();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = once(child, "exit").then(([code]) => code as number | null);
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => text,
    exited,
    waitFor(wanted, ms = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!text.includes(wanted)) return;
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`server did not print "${wanted}" within ${ms} ms:\n${text}`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        void exited.then((code) => {
          if (!waiters.has(check)) return;
          cleanup();
          reject(new Error(`server exited with ${code} before printing "${wanted}":\n${text}`));
        });
        check();
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}
