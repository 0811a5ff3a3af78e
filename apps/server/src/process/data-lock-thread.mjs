/**
 * Holds the DATA_DIR lock on a thread of its own (data-lock.ts starts it): proper-lockfile keeps a
 * lock fresh by touching it on a timer, and on the server's main thread any stall longer than the
 * stale time (a long statement, a pause) let the lock go stale and the CLI take it. Here nothing else
 * runs, so the lock stays fresh whatever the main thread does. Plain JavaScript (no loader in workers).
 */
import { parentPort, workerData } from "node:worker_threads";
import lockfile from "proper-lockfile";

/** @type {{ dir: string; lockfilePath: string; staleMs: number; waitForStale: boolean }} */
const { dir, lockfilePath, staleMs, waitForStale } = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

try {
  const release = await lockfile.lock(dir, {
    lockfilePath,
    stale: staleMs,
    update: Math.max(1000, Math.floor(staleMs / 3)),
    realpath: false,
    // A server restarted right after a crash waits for the old lock to go stale.
    // A command waits a moment for a server that is letting go of the lock as it stops.
    retries: waitForStale
      ? { retries: 6, minTimeout: 1000, maxTimeout: 4000 }
      : { retries: 3, minTimeout: 500, maxTimeout: 1000 },
    onCompromised: (err) => port.postMessage({ lost: err.message }),
  });
  port.on("message", async (m) => {
    if (m !== "release") return;
    await release().catch(() => {});
    port.postMessage({ released: true });
    port.close();
  });
  port.postMessage({ locked: true });
} catch (e) {
  port.postMessage({ error: e?.message ?? String(e), code: e?.code });
  port.close();
}
