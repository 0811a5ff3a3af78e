/**
 * Leases on background jobs shared by every server process on one database (the memory-model fit,
 * the reminder sender): a process runs a job only while it holds the job's lease, so with several
 * processes it still runs one at a time. A lease that is not given back (a crash) runs out.
 */
import type { Database } from "@jcba/db";
import { sql } from "drizzle-orm";

export interface LeaseState {
  lastRunAt: Date | null;
  requestedAt: Date | null;
}

/**
 * Takes the job's lease for `ms` when nobody holds it (or theirs ran out), and says when the job last
 * ran and whether a run was requested; null when another process holds it.
 */
export async function claimLease(database: Database, name: string, holder: string, ms: number) {
  const [row] = await database.rows<{ last_run_at: string | Date | null; requested_at: string | Date | null }>(sql`
    INSERT INTO job_leases (name, holder, leased_until) VALUES (${name}, ${holder}, now() + ${ms} * interval '1 millisecond')
    ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, leased_until = EXCLUDED.leased_until
    WHERE job_leases.leased_until IS NULL OR job_leases.leased_until < now() OR job_leases.holder = EXCLUDED.holder
    RETURNING last_run_at, requested_at`);
  if (!row) return null;
  const asDate = (d: string | Date | null) => (d === null ? null : new Date(d));
  return { lastRunAt: asDate(row.last_run_at), requestedAt: asDate(row.requested_at) } satisfies LeaseState;
}

/** Gives the lease back; `ranAt` records a finished run and clears a request made before it began. */
export async function releaseLease(database: Database, name: string, holder: string, ranAt?: Date) {
  await database.rows(sql`
    UPDATE job_leases SET holder = NULL, leased_until = NULL,
      last_run_at = COALESCE(${ranAt?.toISOString() ?? null}::timestamptz, last_run_at),
      requested_at = CASE WHEN ${ranAt?.toISOString() ?? null}::timestamptz >= requested_at THEN NULL ELSE requested_at END
    WHERE name = ${name} AND holder = ${holder}`);
}

/** Asks for the job to run soon (an admin's request); every server hears of it at once. */
export async function requestRun(database: Database, name: string) {
  await database.rows(sql`
    INSERT INTO job_leases (name, requested_at) VALUES (${name}, now())
    ON CONFLICT (name) DO UPDATE SET requested_at = now()`);
  await database.notify(`job:${name}`, "");
}
