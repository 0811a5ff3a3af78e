import type { Database, DatabaseOptions } from "./database.ts";
import { createPgliteDatabase } from "./pglite/database.ts";
import { createPostgresDatabase } from "./postgres.ts";
import * as schema from "./schema.ts";

export { userColumns } from "./columns.ts";
export type { Database, DatabaseLoad, DatabaseOptions, Db, Transaction } from "./database.ts";
export * from "./schema.ts";
export { type StatementTracer, traceStatements } from "./tracing.ts";
export { schema };

/** A PostgreSQL server when `databaseUrl` is set, the embedded PGlite database otherwise. */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? createPostgresDatabase({ ...options, databaseUrl: options.databaseUrl })
    : createPgliteDatabase(options);
}
export { type BackupContents, NotABackup, openBackupInto } from "./pglite/backup.ts";
