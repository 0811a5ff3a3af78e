/**
 * An online base backup of the embedded database, PostgreSQL's own way (pg_backup_start, a file copy,
 * pg_backup_stop), so statements keep running while the data directory is copied.
 *
 * PGlite on Node keeps DATA_DIR as a real PostgreSQL data directory (Emscripten's NODEFS writes each
 * file through to disk), so it can be copied like any other. dumpDataDir alone must hold every
 * statement for the whole tarball (45 s at 1,000,000 answers); here the statement queue is held only
 * for three short turns:
 *   1. a CHECKPOINT (its own turn, so the next one finds little left to write);
 *   2. pg_backup_start(label, fast): full-page writes forced on, the start of the WAL the copy needs;
 *   3. after the copy, pg_backup_stop(): its backup_label and the last WAL segment the copy needs.
 * The copy itself is read with asynchronous file reads (libuv's threads) while statements run: a page
 * read half-written is made whole again from the full-page images in the WAL copied after the stop.
 *
 * The copy is then opened by a second PGlite on a thread of its own, which replays that WAL up to the
 * end of the backup (crash recovery from backup_label), and dumped there with dumpDataDir: the file is
 * the same gzipped tarball as before (cli restore unchanged), already recovered, and a copy that cannot
 * be made consistent (a WAL segment recycled during the copy) fails here rather than at a restore.
 */
import { constants, type Dirent } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { Results } from "@electric-sql/pglite";
import { startPgliteThread } from "./thread.ts";

/** Runs one statement in its turn of the statement queue. */
type Turn = <T>(sql: string, params?: unknown[]) => Promise<Results<T>>;

/** Directories whose contents PostgreSQL rebuilds at start (pg_basebackup leaves them out too). */
const SKIPPED_CONTENTS = new Set(["pg_wal", "pg_stat_tmp", "pg_dynshmem", "pg_notify", "pg_serial", "pg_snapshots"]);
/** Files that must not be in a base backup, and pg_control, copied last (as pg_basebackup does). */
const SKIPPED_FILES = new Set(["postmaster.pid", "postmaster.opts", "backup_label", "tablespace_map", "jcba.lock"]);
const PG_CONTROL = "global/pg_control";
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export class BackupNotConsistent extends Error {}

/**
 * Copies the data directory `from` into `to`, leaving out what a base backup leaves out. A file removed
 * while the copy runs (a dropped table's) is skipped: the WAL replayed on the copy removes it too.
 * Hand-written rather than fs.cp, which stops at the first file that disappears under it.
 */
async function copyDataFiles(from: string, to: string, relative = ""): Promise<void> {
  await mkdir(join(to, relative), { recursive: true });
  let entries: Dirent[];
  try {
    entries = await readdir(join(from, relative), { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw e;
  }
  for (const entry of entries) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (SKIPPED_CONTENTS.has(path)) await mkdir(join(to, path), { recursive: true });
      else await copyDataFiles(from, to, path);
    } else if (entry.isFile() && !SKIPPED_FILES.has(path) && path !== PG_CONTROL)
      await copyFile(join(from, path), join(to, path)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "ENOENT") throw e;
      });
  }
}

/**
 * A consistent copy of the PGlite data directory `dataDir` as a gzipped tarball (dumpDataDir's format),
 * taken while statements keep running; `turn` runs a statement in the statement queue.
 */
export async function onlineBackup(options: {
  dataDir: string;
  turn: Turn;
  /** Names of @electric-sql/pglite/contrib extensions the copy is opened with. */
  extensions: string[];
}): Promise<Uint8Array> {
  const { dataDir, turn } = options;
  // Beside DATA_DIR: the same disk, and never a partial copy where a restore would look. One process
  // owns DATA_DIR and takes one backup at a time, so a copy left there is a killed backup's.
  const prefix = `.${basename(dataDir)}.backup-`;
  for (const left of await readdir(dirname(dataDir)))
    if (left.startsWith(prefix)) await rm(join(dirname(dataDir), left), { recursive: true, force: true });
  const copy = await mkdtemp(join(dirname(dataDir), prefix));
  try {
    await turn("CHECKPOINT");
    const started = await turn<{ lsn: string }>("SELECT pg_backup_start($1, true)::text AS lsn", [
      `jcba ${new Date().toISOString()}`,
    ]);
    let stopped: { labelfile: string; last_wal: string } | undefined;
    try {
      if (!started.rows[0]) throw new BackupNotConsistent("pg_backup_start returned no position");
      await copyDataFiles(dataDir, copy);
      await copyFile(join(dataDir, PG_CONTROL), join(copy, PG_CONTROL));
    } finally {
      // Always ended, or the session could never start another backup.
      const stop = await turn<{ labelfile: string; last_wal: string }>(
        "SELECT labelfile, pg_walfile_name(lsn) AS last_wal FROM pg_backup_stop(false)",
      );
      stopped = stop.rows[0];
    }
    if (!stopped) throw new BackupNotConsistent("pg_backup_stop returned no label");
    const first = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(stopped.labelfile)?.[1];
    if (!first) throw new BackupNotConsistent(`the backup label names no WAL file: ${stopped.labelfile}`);
    // The WAL written from the start to the stop (segment names sort in WAL order on one timeline).
    const needed = (await readdir(join(dataDir, "pg_wal")))
      .filter((name) => WAL_SEGMENT.test(name) && name >= first && name <= stopped.last_wal)
      .sort();
    for (const name of needed)
      await copyFile(join(dataDir, "pg_wal", name), join(copy, "pg_wal", name), constants.COPYFILE_EXCL);
    if (needed[0] !== first || needed.at(-1) !== stopped.last_wal)
      throw new BackupNotConsistent(
        `the WAL from ${first} to ${stopped.last_wal} was no longer all there (recycled during the copy)`,
      );
    await writeFile(join(copy, "backup_label"), stopped.labelfile);

    // Recovered and dumped by a PGlite of its own, on a thread of its own.
    const opened = await startPgliteThread({ dataDir: copy, templateFile: undefined, extensions: options.extensions });
    try {
      return await opened.dump();
    } finally {
      await opened.close();
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}
