/**
 * One process at a time on an embedded database: PGlite's authors warn that two processes opening
 * the same DATA_DIR can corrupt it. The server holds this lock while it runs; the operator CLI takes
 * it too, and refuses with a clear message while the server (or another command) holds it.
 * proper-lockfile keeps the lock fresh while held, so a crashed holder's lock goes stale by itself;
 * it does so on a thread of its own (data-lock-thread.mjs), so a stalled main thread cannot lose it.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";

export class DataDirBusy extends Error {}

const STALE_MS = 15_000;

export async function lockDataDir(
  dataDir: string,
  who: "server" | "cli",
  onLost: (err: Error) => void = () => {},
  /** How old an untouched lock must be to count as abandoned (tests use a short one). */
  options: { staleMs?: number } = {},
): Promise<() => Promise<void>> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const worker = new Worker(new URL("./data-lock-thread.mjs", import.meta.url), {
    workerData: {
      dir,
      lockfilePath: join(dir, "jcba.lock"),
      staleMs: options.staleMs ?? STALE_MS,
      waitForStale: who === "server",
    },
    execArgv: [],
  });
  const first = await new Promise<{ locked?: true; error?: string; code?: string }>((done, fail) => {
    worker.once("message", done);
    worker.once("error", fail);
  });
  if (first.error) {
    if (first.code !== "ELOCKED") throw new Error(first.error);
    throw new DataDirBusy(
      who === "cli"
        ? `The database in ${dir} is in use by the running server (or another cli command). Stop the server ` +
            "first, then run this command again; PGlite cannot be opened by two processes at once. " +
            "(With DATABASE_URL set, commands run beside the server.)"
        : `The database in ${dir} is in use by another server or cli command. Stop it, or give this server its own DATA_DIR.`,
    );
  }
  worker.on("message", (m: { lost?: string }) => {
    if (m.lost) onLost(new Error(m.lost));
  });
  // The lock's thread does not keep the process alive by itself.
  worker.unref();
  // However this process ends (an error thrown while it stops included), it lets go of the lock at
  // once: the next server or command need not wait for it to go stale. Synchronous, as `exit` must be.
  const lockfilePath = join(dir, "jcba.lock");
  const onExit = () => rmSync(lockfilePath, { recursive: true, force: true });
  process.once("exit", onExit);
  return async () => {
    const released = new Promise<void>((done) => {
      worker.on("message", (m: { released?: true }) => m.released && done());
      worker.once("exit", () => done());
    });
    // Held until it has let go: with nothing else to do, the process would otherwise end first.
    worker.ref();
    worker.postMessage("release");
    await released;
    await worker.terminate();
    process.off("exit", onExit);
  };
}
