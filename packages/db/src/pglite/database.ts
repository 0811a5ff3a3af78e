/** The embedded database: PGlite on a thread of its own (thread.ts), one statement at a time (queue.ts). */
import { EventEmitter } from "node:events";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Database, DatabaseOptions, Db } from "../database.ts";
import * as schema from "../schema.ts";
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS, TEMPLATE_FILE } from "../template.ts";
import { maintainPeriodically } from "./maintenance.ts";
import { onlineBackup } from "./online-backup.ts";
import { queuedPglite, StatementQueue } from "./queue.ts";
import { startPgliteThread } from "./thread.ts";

export async function createPgliteDatabase(options: DatabaseOptions): Promise<Database> {
  const dir = options.dataDir ?? "./data";
  const inMemory = dir.startsWith("memory://");
  if (!inMemory) mkdirSync(dir, { recursive: true });
  // A new database starts from the prebuilt template rather than running initdb.
  const isNew = inMemory || !existsSync(join(dir, "PG_VERSION"));
  const client = await startPgliteThread({
    dataDir: dir,
    templateFile: isNew && options.fromTemplate !== false && existsSync(TEMPLATE_FILE) ? TEMPLATE_FILE : undefined,
    extensions: Object.keys(PGLITE_EXTENSIONS),
  });
  // Every statement of the running app waits its turn in one first-come queue (see queue.ts).
  const queue = new StatementQueue();
  const queued = queuedPglite(client, queue) as PGlite;
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
    migrate: (migrationsFolder = MIGRATIONS_DIR) => client.migrate(migrationsFolder),
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
    load: () => ({
      idle: queue.running ? 0 : 1,
      busy: queue.running ? 1 : 0,
      waiting: queue.waitingCount,
      oldestWaitMs: queue.oldestWaitMs,
    }),
    observeWaits(observer) {
      queue.onWait = observer;
    },
    // An online base backup (online-backup.ts): statements wait only for its checkpoint and its start
    // and stop, not for the copy. An in-memory database has no files to copy, and a copy that could not
    // be made consistent is taken again the old way: dumpDataDir in one turn of the queue, which holds
    // every statement for the whole tarball.
    dumpDataDir: async (dumpOptions) => {
      if (!inMemory)
        try {
          return await onlineBackup({
            dataDir: dir,
            turn: (text, params) => queue.run(() => client.query(text, params)),
            extensions: Object.keys(PGLITE_EXTENSIONS),
          });
        } catch (e) {
          dumpOptions?.onFallback?.(e as Error);
        }
      await queue.run(() => client.exec("CHECKPOINT"));
      return queue.run(() => client.dump());
    },
  };
}
