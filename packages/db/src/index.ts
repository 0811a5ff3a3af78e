import { EventEmitter } from "node:events";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { maintainPeriodically } from "./pglite/maintenance.ts";
import { queuedPglite } from "./pglite/queue.ts";
import { startPgliteThread } from "./pglite/thread.ts";
import * as schema from "./schema.ts";
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS, TEMPLATE_FILE } from "./template.ts";

export * from "./schema.ts";
export { schema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL and returns its rows, whichever driver is underneath. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Runs `work` in one transaction; its `db` and `rows` both run inside it. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * As `transaction`, one at a time on a PostgreSQL connection of its own, for a caller that runs the
   * same few statements over and over (the answer writer's group commits). PostgreSQL keeps a plan
   * per prepared statement per connection, reused after its first five runs; across the shared pool
   * that takes thousands of runs, and each of them is planned afresh meanwhile. On PGlite, where every
   * statement runs in turn anyway, it is `transaction`.
   */
  serialTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding a database-wide lock, so that several servers starting together run
   * migrations and the content load one after the other instead of racing (PostgreSQL advisory lock).
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` for every notification on `channel`, from this server or any other on the same
   * database. `onGap` runs whenever messages may have been missed (the listening connection was
   * (re)established), so a cache can start afresh. Resolves once listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<void>;
  /** Tells every listener on `channel`, on every server of this database. */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** The part of a Database that runs statements, bound to one transaction. */
export type Transaction = Pick<Database, "db" | "rows">;

const MIGRATIONS = MIGRATIONS_DIR;

export interface DatabaseOptions {
  /** postgres://… for a real server; without it an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; "memory://" for a throwaway in-memory database. */
  dataDir?: string | undefined;
  /** Pool size for postgres.js. */
  maxConnections?: number;
  /** How long to wait for a PostgreSQL server that is not up yet (default 60 s; 0 = fail at once). */
  waitSeconds?: number;
  /** Told while waiting for the server, with a line fit for an operator. */
  onWait?: (message: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Key of the advisory lock taken around migrations and the content load (any fixed 64-bit number). */
const STARTUP_LOCK = 4_106_071_812;

/** Retries the first connection until the server answers or the wait is over. */
async function waitForServer(client: postgres.Sql, url: string, options: DatabaseOptions) {
  const deadline = Date.now() + (options.waitSeconds ?? 60) * 1000;
  const where = (() => {
    try {
      const u = new URL(url);
      return `${u.hostname}:${u.port || 5432}${u.pathname}`;
    } catch {
      return "the configured server";
    }
  })();
  for (let attempt = 0; ; attempt++) {
    try {
      await client`SELECT 1`;
      return;
    } catch (error) {
      const reason = (error as Error).message;
      if (Date.now() >= deadline) {
        throw new Error(
          `The database at ${where} did not answer (${reason}). Check DATABASE_URL and that the server is running.`,
        );
      }
      if (attempt % 5 === 0) options.onWait?.(`Waiting for the database at ${where} (${reason})…`);
      await sleep(1000);
    }
  }
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 20,
      onnotice: () => {},
      // Integer arrays come back as numbers, dates as Date objects (postgres.js defaults).
    });
    await waitForServer(client, options.databaseUrl, options);
    const db = drizzlePostgres(client, { schema, casing: "snake_case" }) as unknown as Db;
    const dialect = new PgDialect({ casing: "snake_case" });
    // Raw statements run as named prepared statements: a connection parses a statement it has seen once,
    // and skips the round trip that first describes an unnamed statement's parameters.
    const prepared =
      (on: Pick<postgres.Sql, "unsafe">) =>
      async <T>(query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return [...((await on.unsafe(text, params as never[], { prepare: true })) as unknown as T[])];
      };
    const inTransaction =
      (on: Db) =>
      <T>(work: (tx: Transaction) => Promise<T>) =>
        on.transaction((tx) =>
          work({
            db: tx as unknown as Db,
            // On the transaction's own connection, which drizzle's transaction keeps on its session
            // (drizzle-orm/postgres-js); drizzle's execute() never prepares.
            rows: prepared((tx as unknown as { session: { client: postgres.TransactionSql } }).session.client),
          }),
        );
    // Opened on first use: most processes (the CLI, tests) never need it.
    let serial: { client: postgres.Sql; db: Db } | undefined;
    const serialDb = () => {
      if (!serial) {
        const own = postgres(options.databaseUrl!, { max: 1, onnotice: () => {} });
        serial = { client: own, db: drizzlePostgres(own, { schema, casing: "snake_case" }) as unknown as Db };
      }
      return serial.db;
    };
    return {
      db,
      kind: "postgres",
      rows: prepared(client),
      transaction: inTransaction(db),
      serialTransaction: (work) => inTransaction(serialDb())(work),
      migrate: () => migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS }),
      async exclusive(fn) {
        // A session-level lock lives on one connection: hold that connection for the whole run.
        const holder = await client.reserve();
        try {
          await holder`SELECT pg_advisory_lock(${STARTUP_LOCK})`;
          return await fn();
        } finally {
          await holder`SELECT pg_advisory_unlock(${STARTUP_LOCK})`.catch(() => {});
          holder.release();
        }
      },
      async listen(channel, onMessage, onGap) {
        // postgres.js keeps one dedicated connection for notifications and reconnects it by itself;
        // onlisten runs on every (re)connection, when a message may have been missed.
        let first = true;
        await client.listen(channel, onMessage, () => {
          if (first) first = false;
          else onGap?.();
        });
      },
      async notify(channel, payload) {
        await client.notify(channel, payload);
      },
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), serial?.client.end({ timeout: 5 })]);
      },
    };
  }
  const dir = options.dataDir ?? "./data";
  const inMemory = dir.startsWith("memory://");
  if (!inMemory) mkdirSync(dir, { recursive: true });
  // A new database starts from the prebuilt template rather than running initdb.
  const isNew = inMemory || !existsSync(join(dir, "PG_VERSION"));
  const client = await startPgliteThread({
    dataDir: dir,
    templateFile: isNew && existsSync(TEMPLATE_FILE) ? TEMPLATE_FILE : undefined,
    extensions: Object.keys(PGLITE_EXTENSIONS),
  });
  // Every statement of the running app waits its turn in one first-come queue (see pglite-queue.ts).
  const queued = queuedPglite(client) as PGlite;
  const db = drizzlePglite({ client: queued, schema, casing: "snake_case" }) as unknown as Db;
  // One process owns an embedded database, so its notifications never leave the process.
  const local = new EventEmitter().setMaxListeners(0);
  // PGlite answers with a result whose rows are in `rows`.
  const rowsOf =
    (on: Pick<Db, "execute">) =>
    async <T>(query: SQL) =>
      ((await on.execute(query)) as unknown as { rows: T[] }).rows;
  const transaction: Database["transaction"] = (work) =>
    db.transaction((tx) => work({ db: tx as unknown as Db, rows: rowsOf(tx) }));
  const rows = rowsOf(db);
  // Autovacuum's work, which PGlite does not do by itself.
  const maintenance = maintainPeriodically(rows);
  return {
    db,
    kind: "pglite",
    rows,
    transaction,
    serialTransaction: transaction,
    migrate: () => client.migrate(MIGRATIONS),
    exclusive: (fn) => fn(),
    async listen(channel, onMessage) {
      local.on(channel, onMessage);
    },
    async notify(channel, payload) {
      local.emit(channel, payload);
    },
    close: async () => {
      await maintenance.stop();
      await client.close();
    },
  };
}
