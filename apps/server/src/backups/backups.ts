/**
 * The server's backups of the embedded database: a consistent copy taken while it runs (an online base
 * backup, packages/db's online-backup.ts: requests wait only for its checkpoint, start and stop, see
 * bench/backup.ts), written into BACKUP_DIR every BACKUP_EVERY_HOURS and when an admin asks, one at a
 * time, keeping the newest BACKUP_KEEP.
 *
 * An embedded database lives in one process (WORKERS is PostgreSQL's), so exactly one process ever
 * schedules them. On PostgreSQL the server takes none: that is pg_dump's or the provider's job
 * (README's runbook, `pnpm cli backup`).
 */
import { channel } from "node:diagnostics_channel";
import type { BackupListing, BackupServices } from "@jcba/api";
import type { Database } from "@jcba/db";
import type { FastifyBaseLogger } from "fastify";
import type { AuditSink } from "../auth/security-audit.ts";
import type { Config } from "../process/config.ts";
import { backupName, createBackupStore } from "./store.ts";

const HOUR = 60 * 60 * 1000;
/** After a start, the first scheduled backup waits this long at least, so starting stays quick. */
const FIRST_DELAY_MS = 60_000;

/** Published on each backup written (metrics: jcba_backup_last_success_timestamp_seconds). */
export const backupChannel = channel("jcba:backup");
export interface BackupEvent {
  /** When the newest backup was taken (ms since the epoch), and the schedule (0: none). */
  lastSuccessAt: number | null;
  everyMs: number;
}

export interface Backups extends BackupServices {
  /** Where a backup's file is, or null for a name that is not one of the directory's backups. */
  pathOf(name: string): string | null;
  /** Resolves once a backup under way is written (or has failed). */
  idle(): Promise<void>;
  /** Starts the schedule. */
  start(): Promise<void>;
  /** Stops the schedule and waits for a backup under way. */
  stop(): Promise<void>;
}

export function createBackups(deps: {
  config: Pick<Config, "BACKUP_DIR" | "BACKUP_EVERY_HOURS" | "BACKUP_KEEP">;
  database: Database;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  audit: AuditSink;
  /** Tests: a quicker first scheduled backup. */
  firstDelayMs?: number;
  /** Tests: a schedule shorter than BACKUP_EVERY_HOURS allows. */
  everyMs?: number;
}): Backups {
  const { config, database, log, audit } = deps;
  const store = config.BACKUP_DIR && database.kind === "pglite" ? createBackupStore(config.BACKUP_DIR) : null;
  const dump = database.dumpDataDir?.bind(database);
  const everyMs = deps.everyMs ?? config.BACKUP_EVERY_HOURS * HOUR;
  let running: { name: string; done: Promise<void> } | null = null;
  let lastError: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const published = async () => {
    const newest = (await store?.list())?.[0];
    backupChannel.publish({ lastSuccessAt: newest?.takenAt.getTime() ?? null, everyMs } satisfies BackupEvent);
  };

  async function write(name: string, actorUserId: number | null) {
    const started = performance.now();
    /** Why the online copy could not be used, when the backup was taken again holding statements. */
    let held: string | undefined;
    try {
      const bytes = await dump!({
        onFallback: (reason) => {
          held = reason.message;
          log.warn({ err: reason, backup: name }, "backup copy not consistent: taken again with statements held");
        },
      });
      const file = await store!.write(name, bytes);
      const pruned = await store!.prune(config.BACKUP_KEEP);
      const ms = Math.round(performance.now() - started);
      lastError = null;
      log.info({ backup: name, bytes: file.bytes, ms, pruned }, "backup written");
      await published();
      await audit.record({
        kind: "backup.taken",
        actorUserId,
        targetType: "backup",
        targetId: name,
        after: { bytes: file.bytes, ms, pruned, ...(held ? { held } : {}) },
      });
    } catch (e) {
      lastError = (e as Error).message;
      log.error({ err: e, backup: name }, "backup failed");
      await audit.record({
        kind: "backup.failed",
        actorUserId,
        targetType: "backup",
        targetId: name,
        after: { error: lastError },
      });
    }
  }

  function begin(actorUserId: number | null): { name: string } | null {
    if (running || !store || !dump) return null;
    const name = backupName(new Date());
    const done = write(name, actorUserId).finally(() => {
      running = null;
    });
    running = { name, done };
    return { name };
  }

  function schedule(delayMs: number) {
    if (stopped || everyMs <= 0) return;
    timer = setTimeout(async () => {
      // A backup an admin asked for that is still being written counts as this one.
      begin(null);
      await running?.done;
      const newest = (await store!.list().catch(() => []))[0];
      schedule(newest ? Math.max(0, newest.takenAt.getTime() + everyMs - Date.now()) : everyMs);
    }, delayMs);
    // The schedule never keeps a stopping process alive.
    timer.unref();
  }

  return {
    async list(): Promise<BackupListing> {
      if (database.kind === "postgres")
        return { mode: "postgres", everyHours: null, keep: null, running: null, lastError: null, backups: [] };
      if (!store)
        return { mode: "unconfigured", everyHours: null, keep: null, running: null, lastError: null, backups: [] };
      const files = await store.list();
      return {
        mode: "embedded",
        everyHours: everyMs / HOUR,
        keep: config.BACKUP_KEEP,
        running: running?.name ?? null,
        lastError,
        backups: files.map((f) => ({ name: f.name, bytes: f.bytes, takenAt: f.takenAt.toISOString() })),
      };
    },
    async take(actorUserId) {
      if (!store || !dump)
        return {
          refused: "unavailable",
          message:
            database.kind === "postgres"
              ? "On PostgreSQL backups are the database's job (pg_dump or the provider's point-in-time recovery): see README's runbook."
              : "Backups are off: set BACKUP_DIR to the directory the server writes them to.",
        };
      const started = begin(actorUserId);
      if (!started)
        return {
          refused: "running",
          message: `A backup is being written (${running?.name}); try again once it is listed.`,
        };
      await audit.record({ kind: "backup.requested", actorUserId, targetType: "backup", targetId: started.name });
      return started;
    },
    pathOf: (name) => store?.pathOf(name) ?? null,
    idle: async () => {
      await running?.done;
    },
    async start() {
      if (!store || !dump) return;
      await published();
      const newest = (await store.list())[0];
      const due = newest ? newest.takenAt.getTime() + everyMs - Date.now() : 0;
      schedule(Math.max(deps.firstDelayMs ?? FIRST_DELAY_MS, due));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.done;
    },
  };
}
