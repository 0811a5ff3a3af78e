/**
 * The backup directory (BACKUP_DIR): one gzipped tarball of the embedded database per backup, named
 * by the time it was taken, written atomically (a temporary file renamed into place, so a listing or a
 * download never sees half a file) and pruned to the newest BACKUP_KEEP.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

export interface BackupFile {
  name: string;
  bytes: number;
  takenAt: Date;
}

/** jcba-2026-11-27T03-04-05-678Z.tar.gz: the only names listed, served or pruned. */
const NAME = /^jcba-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;

export const backupName = (at: Date) => `jcba-${at.toISOString().replace(/[:.]/g, "-")}.tar.gz`;

const takenAtOf = (name: string): Date | null => {
  const m = NAME.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
};

export function createBackupStore(directory: string) {
  const dir = resolve(directory);
  return {
    dir,
    /** The backups, newest first. */
    async list(): Promise<BackupFile[]> {
      const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
        if (e.code === "ENOENT") return [] as string[];
        throw e;
      });
      const files: BackupFile[] = [];
      for (const name of names) {
        const takenAt = takenAtOf(name);
        if (!takenAt) continue;
        const info = await stat(join(dir, name)).catch(() => null);
        if (info?.isFile()) files.push({ name, bytes: info.size, takenAt });
      }
      return files.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
    },
    /**
     * Where the backup called `name` is, or null for any name that is not one of ours (so no path
     * outside the directory, `..` or a slash, can ever be asked for).
     */
    pathOf(name: string): string | null {
      return takenAtOf(name) ? join(dir, name) : null;
    },
    /** Writes `bytes` as the backup `name`: to a temporary file first, renamed once complete. */
    async write(name: string, bytes: Uint8Array): Promise<BackupFile> {
      await mkdir(dir, { recursive: true });
      const temp = join(dir, `.${name}.${randomBytes(4).toString("hex")}.partial`);
      try {
        await writeFile(temp, bytes, { flush: true });
        await rename(temp, join(dir, name));
      } catch (e) {
        await rm(temp, { force: true });
        throw e;
      }
      return { name, bytes: bytes.byteLength, takenAt: takenAtOf(name)! };
    },
    /** Deletes all but the newest `keep` backups; returns the names deleted. */
    async prune(keep: number): Promise<string[]> {
      const old = (await this.list()).slice(keep);
      for (const file of old) await rm(join(dir, file.name), { force: true });
      return old.map((f) => f.name);
    },
  };
}

export type BackupStore = ReturnType<typeof createBackupStore>;
