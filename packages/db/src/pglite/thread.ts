/**
 * The embedded database on a thread of its own (worker.mjs), seen from the server's thread as
 * the part of PGlite that drizzle uses: query, exec and transaction.
 *
 * PGlite is one PostgreSQL backend in WebAssembly, and while it runs a statement its thread runs
 * nothing else. On the server's own thread that meant the event loop turned only between statements:
 * under load new connections waited in the kernel's accept queue for seconds while requests already
 * read were served in milliseconds. On its own thread the database works while this one accepts,
 * parses and answers, and the two use two cores.
 *
 * Hand-written because PGlite's own worker (@electric-sql/pglite/worker) is built for browser Web
 * Workers (leader election through navigator.locks and BroadcastChannel) rather than worker_threads.
 */
import { Worker } from "node:worker_threads";
import type { PGlite, Results, Transaction } from "@electric-sql/pglite";

/** What drizzle calls on a PGlite client. */
export type PgliteClient = Pick<PGlite, "query" | "exec" | "transaction">;

export interface PgliteThread extends PgliteClient {
  migrate(migrationsFolder: string): Promise<void>;
  /** The data directory as a gzipped tarball (PGlite's dumpDataDir), after a checkpoint. */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}

type Request =
  | { op: "query"; sql: string; params: unknown[] | undefined; rowMode?: "array" | "object"; keepTextTypes?: number[] }
  | { op: "exec"; sql: string }
  | { op: "migrate"; migrationsFolder: string }
  | { op: "close" }
  | { op: "dump" };

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/** An error from the database thread, with the database's fields (code, detail…) back on it. */
const revive = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message)), fields, { stack: `${fields.name}: ${fields.message}` });

export async function startPgliteThread(options: {
  dataDir: string;
  /** A prebuilt database to start a new one from. */
  templateFile: string | undefined;
  /** Names of @electric-sql/pglite/contrib extensions to load. */
  extensions: string[];
}): Promise<PgliteThread> {
  const worker = new Worker(new URL("./worker.mjs", import.meta.url), {
    workerData: options,
    // Plain JavaScript: none of the parent's loaders or preloaded modules (--import) are wanted there.
    execArgv: [],
  });
  await new Promise<void>((resolve, reject) => {
    worker.once("message", (m: { ready: boolean; error?: Record<string, unknown> }) =>
      m.ready ? resolve() : reject(revive(m.error ?? {})),
    );
    worker.once("error", reject);
  });

  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let stopped: Error | undefined;
  // The thread keeps the process alive only while a statement is out, as a socket would.
  worker.unref();
  worker.on("message", (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(revive(reply.error));
  });
  const fail = (error: Error) => {
    stopped = new Error(`The embedded database stopped: ${error?.message ?? String(error)}`);
    for (const waiting of pending.values()) waiting.reject(stopped);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`its thread exited (${code})`)));

  const call = <T>(request: Request): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...request });
    });
  };

  const query = (<T>(sql: string, params?: unknown[], queryOptions?: Parameters<PGlite["query"]>[2]) =>
    call<Results<T>>({
      op: "query",
      sql,
      params,
      ...(queryOptions?.rowMode ? { rowMode: queryOptions.rowMode } : {}),
      // drizzle's parsers only keep some types' text as it is; the thread does the same for them.
      ...(queryOptions?.parsers ? { keepTextTypes: Object.keys(queryOptions.parsers).map(Number) } : {}),
    })) as PGlite["query"];
  const exec = ((sql: string) => call<Results[]>({ op: "exec", sql })) as PGlite["exec"];

  return {
    query,
    exec,
    // One transaction at a time: the caller (queue.ts) holds the database for its whole length.
    transaction: (async <T>(callback: (tx: Transaction) => Promise<T>) => {
      await exec("BEGIN");
      try {
        const result = await callback({ query, exec } as unknown as Transaction);
        await exec("COMMIT");
        return result;
      } catch (error) {
        await exec("ROLLBACK").catch(() => {});
        throw error;
      }
    }) as PGlite["transaction"],
    migrate: (migrationsFolder) => call({ op: "migrate", migrationsFolder }),
    dump: () => call<Uint8Array>({ op: "dump" }),
    async close() {
      if (!stopped) await call({ op: "close" }).catch(() => {});
      await worker.terminate();
    },
  };
}
