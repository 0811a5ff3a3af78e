/**
 * jcba_backup_last_success_timestamp_seconds and jcba_backup_schedule_seconds, for the alert
 * "backup older than its schedule" (deploy/prometheus-alerts.yml). Both stay 0 where the server takes
 * no scheduled backups (PostgreSQL, no BACKUP_DIR), which the alert reads as "nothing to watch".
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { Gauge, type Registry } from "prom-client";
import { type BackupEvent, backupChannel } from "./backups.ts";

/** Registers the gauges; returns the function that stops listening. */
export function observeBackups(registry: Registry): () => void {
  const lastSuccess = new Gauge({
    name: "jcba_backup_last_success_timestamp_seconds",
    help: "When the newest backup in BACKUP_DIR was taken (Unix seconds; 0: none yet)",
    aggregator: "max",
    registers: [registry],
  });
  const schedule = new Gauge({
    name: "jcba_backup_schedule_seconds",
    help: "Seconds between scheduled backups (BACKUP_EVERY_HOURS; 0: the server takes none on a schedule)",
    aggregator: "max",
    registers: [registry],
  });
  const onBackup = (message: unknown) => {
    const { lastSuccessAt, everyMs } = message as BackupEvent;
    lastSuccess.set(lastSuccessAt === null ? 0 : Math.floor(lastSuccessAt / 1000));
    schedule.set(everyMs / 1000);
  };
  subscribe(backupChannel.name, onBackup);
  return () => unsubscribe(backupChannel.name, onBackup);
}
