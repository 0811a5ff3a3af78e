/**
 * Restoring a backup of the embedded database (a gzipped tarball from dumpDataDir, see database.ts):
 * the tarball is opened as a database in a directory of its own and checked to be this app's before
 * anything of the current DATA_DIR is touched (see apps/server/src/backups/restore.ts).
 */
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "../template.ts";

export class NotABackup extends Error {}

/** What a backup holds, read from it once it is opened. */
export interface BackupContents {
  /** Migrations applied in it: fewer than this release's means the server migrates it on start. */
  migrations: number;
  users: number;
}

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Writes the database in `tarball` into the empty directory `dir` and checks it is this app's (its
 * migrations table and its users): throws NotABackup otherwise, leaving `dir` for the caller to remove.
 */
export async function openBackupInto(tarball: Uint8Array, dir: string): Promise<BackupContents> {
  if (tarball[0] !== GZIP_MAGIC[0] || tarball[1] !== GZIP_MAGIC[1])
    throw new NotABackup("This file is not a backup of JCBA Study Hub (not a gzipped database directory).");
  let client: PGlite;
  try {
    client = await PGlite.create(dir, {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([tarball as Uint8Array<ArrayBuffer>]),
    });
  } catch (e) {
    throw new NotABackup(
      `This file is not a backup of JCBA Study Hub (no database could be opened from it: ${(e as Error).message}).`,
    );
  }
  try {
    const tables = await client.query<{ migrations: string | null; users: string | null }>(
      `SELECT to_regclass('drizzle.__drizzle_migrations')::text AS migrations, to_regclass('public.users')::text AS users`,
    );
    if (!tables.rows[0]?.migrations || !tables.rows[0]?.users)
      throw new NotABackup("This file is a database, but not one of JCBA Study Hub (it has no members or migrations).");
    const counts = await client.query<{ migrations: number; users: number }>(
      "SELECT (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations, (SELECT count(*)::int FROM users) AS users",
    );
    return counts.rows[0]!;
  } finally {
    await client.close();
  }
}
