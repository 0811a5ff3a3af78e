/**
 * `pnpm cli restore --from FILE`: puts a backup of the embedded database in place of DATA_DIR's
 * database while no server runs on it (the DATA_DIR lock, process/data-lock.ts). The backup is first
 * opened in a directory beside DATA_DIR and checked to be this app's; only then is DATA_DIR's database
 * moved aside (kept, never deleted) and the restored one moved in. The server started next applies
 * whatever migrations the backup lacks, as on any upgrade.
 */
import { mkdir, readdir, readFile, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { type BackupContents, openBackupInto } from "@jcba/db";
import { lockDataDir } from "../process/data-lock.ts";

/** The lock's own directory inside DATA_DIR: it stays where it is, and a backup's copy of it is dropped. */
const LOCK = "jcba.lock";

export interface Restored extends BackupContents {
  /** Where the database that was in DATA_DIR now is (null when DATA_DIR held none). */
  asideDir: string | null;
}

async function moveEntries(from: string, to: string): Promise<number> {
  const entries = (await readdir(from).catch(() => [] as string[])).filter((e) => e !== LOCK);
  if (entries.length > 0) await mkdir(to, { recursive: true });
  for (const entry of entries) await rename(join(from, entry), join(to, entry));
  return entries.length;
}

/**
 * Restores `file` into `dataDir`. Throws DataDirBusy while a server (or another command) holds the
 * directory, NotABackup for a file that is not a backup of this app; either way nothing is changed.
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<Restored> {
  const tarball = new Uint8Array(await readFile(file));
  const dir = resolve(dataDir);
  const release = await lockDataDir(dir, "cli");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  // Beside DATA_DIR, on the same file system, so the moves below are renames.
  const staging = join(dirname(dir), `.${basename(dir)}.restoring-${stamp}`);
  const aside = join(dirname(dir), `${basename(dir)}.before-restore-${stamp}`);
  try {
    const contents = await openBackupInto(tarball, staging);
    const moved = await moveEntries(dir, aside);
    await moveEntries(staging, dir);
    return { ...contents, asideDir: moved > 0 ? aside : null };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await release();
  }
}
