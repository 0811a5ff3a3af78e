/** A PostgreSQL server through postgres.js: a pool, plus connections of its own for notifications and serial writes. */
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { Database, DatabaseOptions, Db, Transaction } from "./database.ts";
import * as schema from "./schema.ts";
import { MIGRATIONS_DIR } from "./template.ts";
import { statementTracer } from "./tracing.ts";

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

/**
 * The pool's client, counting the statements and transactions in flight through it (postgres.js keeps
 * its pool's state to itself). A statement runs once awaited (its `then`), so it is counted from then
 * until it settles; a transaction holds a connection from `begin` until it ends.
 */
function countInFlight(
  client: postgres.Sql,
  poolSize: number,
): { client: postgres.Sql; inFlight: () => number; oldestWaitMs: () => number } {
  // Start times by entry, in arrival order; those past the pool's size wait (postgres.js serves in order).
  const started = new Map<number, number>();
  let next = 0;
  const enter = () => {
    const id = next++;
    started.set(id, performance.now());
    return () => {
      started.delete(id);
    };
  };
  const unsafe = ((...args: Parameters<postgres.Sql["unsafe"]>) => {
    const query = client.unsafe(...args);
    const then = query.then;
    let counted = false;
    // Wrapped in place: drizzle calls `.values()` and the like on this very object before awaiting it.
    // biome-ignore lint/suspicious/noThenProperty: a postgres.js query is a thenable that runs when awaited
    Object.defineProperty(query, "then", {
      configurable: true,
      value(this: typeof query, ...handlers: Parameters<typeof then>) {
        if (!counted) {
          counted = true;
          const leave = enter();
          then.call(this, leave, leave);
        }
        return then.apply(this, handlers);
      },
    });
    return query;
  }) as postgres.Sql["unsafe"];
  const begin = ((...args: Parameters<postgres.Sql["begin"]>) => {
    const leave = enter();
    return (client.begin as (...a: unknown[]) => Promise<unknown>)(...args).finally(leave);
  }) as postgres.Sql["begin"];
  const counted = new Proxy(client, {
    get(target, key) {
      if (key === "unsafe") return unsafe;
      if (key === "begin") return begin;
      return Reflect.get(target, key, target);
    },
  });
  const oldestWaitMs = () => {
    if (started.size <= poolSize) return 0;
    let n = 0;
    for (const at of started.values()) if (n++ === poolSize) return performance.now() - at;
    return 0;
  };
  return { client: counted, inFlight: () => started.size, oldestWaitMs };
}

/**
 * The client with a span for each statement and transaction while a tracer is installed (tracing.ts);
 * without one, each call pays one check. A statement runs once awaited, so its span starts there.
 */
function traced(client: postgres.Sql): postgres.Sql {
  const unsafe = ((...args: Parameters<postgres.Sql["unsafe"]>) => {
    const query = client.unsafe(...args);
    if (!statementTracer()) return query;
    const then = query.then;
    let run: Promise<unknown> | undefined;
    // biome-ignore lint/suspicious/noThenProperty: a postgres.js query is a thenable that runs when awaited
    Object.defineProperty(query, "then", {
      configurable: true,
      value(this: typeof query, ...handlers: Parameters<typeof then>) {
        const tracer = statementTracer();
        if (!tracer) return then.apply(this, handlers);
        run ??= tracer.statement(
          "postgres",
          args[0],
          () => new Promise((resolve, reject) => then.call(this, resolve, reject)),
        );
        return run.then(...(handlers as [never, never]));
      },
    });
    return query;
  }) as postgres.Sql["unsafe"];
  const begin = ((...args: unknown[]) => {
    const tracer = statementTracer();
    const work = args.at(-1);
    if (!tracer || typeof work !== "function") return (client.begin as (...a: unknown[]) => Promise<unknown>)(...args);
    // The transaction's statements go through the connection it hands to `work`: traced as well.
    const tracedWork = (tx: postgres.TransactionSql) => work(traced(tx as unknown as postgres.Sql));
    return tracer.transaction("postgres", () =>
      (client.begin as (...a: unknown[]) => Promise<unknown>)(...args.slice(0, -1), tracedWork),
    );
  }) as postgres.Sql["begin"];
  return new Proxy(client, {
    get(target, key) {
      if (key === "unsafe") return unsafe;
      if (key === "begin") return begin;
      return Reflect.get(target, key, target);
    },
  });
}

export async function createPostgresDatabase(options: DatabaseOptions & { databaseUrl: string }): Promise<Database> {
  // Set on each connection as it opens (a startup parameter), so no statement runs without it.
  const connection = options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {};
  const poolSize = options.maxConnections ?? 20;
  const pool = postgres(options.databaseUrl, {
    max: poolSize,
    onnotice: () => {},
    connection,
    // Integer arrays come back as numbers, dates as Date objects (postgres.js defaults).
  });
  const { client, inFlight, oldestWaitMs } = countInFlight(traced(pool), poolSize);
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
      const own = postgres(options.databaseUrl!, { max: 1, onnotice: () => {}, connection });
      serial = { client: own, db: drizzlePostgres(traced(own), { schema, casing: "snake_case" }) as unknown as Db };
    }
    return serial.db;
  };
  return {
    db,
    kind: "postgres",
    rows: prepared(client),
    transaction: inTransaction(db),
    serialTransaction: (work) => inTransaction(serialDb())(work),
    // On a connection of its own with no statement timeout: building an index on a big table may
    // take longer than any request should.
    async migrate(migrationsFolder = MIGRATIONS_DIR) {
      const own = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
      try {
        await migratePostgres(drizzlePostgres(own), { migrationsFolder });
      } finally {
        await own.end({ timeout: 5 });
      }
    },
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
    load() {
      const busy = Math.min(inFlight(), poolSize);
      return {
        idle: poolSize - busy,
        busy,
        waiting: inFlight() - busy,
        oldestWaitMs: oldestWaitMs(),
      };
    },
    observeWaits() {},
  };
}
