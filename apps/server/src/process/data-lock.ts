/**
 * One process at a time on an embedded database: PGlite's authors warn that two processes opening
 * the same DATA_DIR can corrupt it. The server holds this lock while it runs; the operator CLI takes
 * it too, and refuses with a clear message while the server (or another command) holds it.
 * proper-lockfile keeps the lock fresh while held, so a crashed holder's lock goes stale by itself.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import lockfile from "proper-lockfile";

export class DataDirBusy extends Error {}

const STALE_MS = 15_000;

export async function lockDataDir(
  dataDir: string,
  who: "server" | "cli",
  onLost: (err: Error) => void = () => {},
): Promise<() => Promise<void>> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, {
      lockfilePath: join(dir, "jcba.lock"),
      stale: STALE_MS,
      update: STALE_MS / 3,
      realpath: false,
      // A server restarted right after a crash waits for the old lock to go stale.
      retries: who === "server" ? { retries: 6, minTimeout: 1000, maxTimeout: 4000 } : 0,
      onCompromised: onLost,
    });
  } catch (e) {
    if ((e as { code?: string }).code !== "ELOCKED") throw e;
    throw new DataDirBusy(
      who === "cli"
        ? `The database in ${dir} is in use by the running server (or another cli command). Stop the server ` +
            "first, then run this command again; PGlite cannot be opened by two processes at once. " +
            "(With DATABASE_URL set, commands run beside the server.)"
        : `The database in ${dir} is in use by another server or cli command. Stop it, or give this server its own DATA_DIR.`,
    );
  }
}
