import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { queuedPglite } from "./pglite-queue.ts";
import * as schema from "./schema.ts";
import { MIGRATIONS_DIR, readTemplate } from "./template.ts";

export * from "./schema.ts";
export { schema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL and returns its rows, whichever driver is underneath. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS = MIGRATIONS_DIR;

export interface DatabaseOptions {
  /** postgres://… for a real server; without it an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; "memory://" for a throwaway in-memory database. */
  dataDir?: string | undefined;
  /** Pool size for postgres.js. */
  maxConnections?: number;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 20,
      onnotice: () => {},
      // Integer arrays come back as numbers, dates as Date objects (postgres.js defaults).
    });
    const db = drizzlePostgres(client, { schema, casing: "snake_case" }) as unknown as Db;
    const dialect = new PgDialect({ casing: "snake_case" });
    return {
      db,
      kind: "postgres",
      // Raw statements run as named prepared statements, so each connection plans them once.
      rows: async <T>(query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return [...((await client.unsafe(text, params as never[], { prepare: true })) as unknown as T[])];
      },
      migrate: () => migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const dir = options.dataDir ?? "./data";
  const inMemory = dir.startsWith("memory://");
  if (!inMemory) mkdirSync(dir, { recursive: true });
  // A new database starts from the prebuilt template rather than running initdb.
  const isNew = inMemory || !existsSync(join(dir, "PG_VERSION"));
  const template = isNew ? readTemplate() : undefined;
  const client = await PGlite.create(dir, template ? { loadDataDir: template } : {});
  // Every statement of the running app waits its turn in one first-come queue (see pglite-queue.ts).
  const queued = queuedPglite(client) as PGlite;
  const db = drizzlePglite({ client: queued, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    rows: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS }),
    close: () => client.close(),
  };
}
