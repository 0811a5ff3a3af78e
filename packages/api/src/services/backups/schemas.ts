import { z } from "zod";

export const backupFile = z.object({
  /** The file's name in BACKUP_DIR, also its download path: GET /admin/backups/{name}. */
  name: z.string(),
  bytes: z.number().int(),
  takenAt: z.string(),
});

/** What Admin → Backups shows. */
export const backupListing = z.object({
  /**
   * embedded: the server takes the backups (BACKUP_DIR set); unconfigured: embedded but no BACKUP_DIR;
   * postgres: backups are the database's job (pg_dump, the provider's point-in-time recovery).
   */
  mode: z.enum(["embedded", "unconfigured", "postgres"]),
  /** Hours between scheduled backups, and how many are kept (embedded mode). */
  everyHours: z.number().nullable(),
  keep: z.number().int().nullable(),
  /** The backup being written now, if any. */
  running: z.string().nullable(),
  /** Why the last backup failed, when it did (cleared by the next one that succeeds). */
  lastError: z.string().nullable(),
  backups: z.array(backupFile),
});

export const backupStarted = z.object({ name: z.string() });

export type BackupListing = z.infer<typeof backupListing>;
