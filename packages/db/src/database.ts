/** What the app sees of its database, whichever driver is underneath (postgres.ts or pglite/). */
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.ts";

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
  /** Applies the migrations (of `migrationsFolder` when given: a test's older release). */
  migrate(migrationsFolder?: string): Promise<void>;
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
  /** How busy the database is at this moment, for metrics and the overload guard. */
  load(): DatabaseLoad;
  /**
   * Calls `observer` with how long each statement (or transaction) waited for the database, in
   * seconds: PGlite's statement queue. PostgreSQL's pool does not say, so it never calls it.
   */
  observeWaits(observer: (seconds: number) => void): void;
  /**
   * The embedded database only: a consistent copy of its data directory as a gzipped tarball, taken
   * while the server runs (an online base backup: statements wait only for its start and stop). When
   * that copy cannot be made consistent it is taken again with every statement held for its length,
   * and `onFallback` is told why. PostgreSQL has none: its backups are pg_dump's or the provider's.
   */
  dumpDataDir?(options?: { onFallback?: (reason: Error) => void }): Promise<Uint8Array>;
}

/**
 * PGlite: one backend, `busy` while a statement runs and `waiting` statements in its queue. PostgreSQL:
 * the pool's connections, estimated from the statements and transactions in flight (postgres.js does not
 * expose its pool), with `waiting` those beyond the pool's size.
 */
export interface DatabaseLoad {
  idle: number;
  busy: number;
  waiting: number;
  /** How long the statement waiting longest has waited, in milliseconds (0 when none waits). */
  oldestWaitMs: number;
}

/** The part of a Database that runs statements, bound to one transaction. */
export type Transaction = Pick<Database, "db" | "rows">;

export interface DatabaseOptions {
  /** postgres://… for a real server; without it an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; "memory://" for a throwaway in-memory database. */
  dataDir?: string | undefined;
  /** PGlite: false starts a new database empty (initdb) instead of from the prebuilt, migrated template. */
  fromTemplate?: boolean;
  /** Pool size for postgres.js. */
  maxConnections?: number;
  /** How long to wait for a PostgreSQL server that is not up yet (default 60 s; 0 = fail at once). */
  waitSeconds?: number;
  /**
   * PostgreSQL: the longest a statement of the app may run before the server cancels it (SQLSTATE
   * 57014), so a runaway query cannot hold a connection and its locks for ever. 0 or unset: no limit.
   * Migrations run without it.
   */
  statementTimeoutMs?: number;
  /** Told while waiting for the server, with a line fit for an operator. */
  onWait?: (message: string) => void;
}
