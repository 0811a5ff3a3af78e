/**
 * The embedded database's own thread: one PGlite instance, answering the statements the server's
 * thread sends (see thread.ts for the protocol). PGlite runs PostgreSQL in WebAssembly, and
 * while a statement runs, its thread does nothing else; here that thread is not the one that accepts
 * connections and answers requests.
 *
 * Plain JavaScript, so it starts the same under tsx, vitest and the bundled production server (a
 * worker thread gets no TypeScript loader from its parent).
 */
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

/** @type {{ dataDir: string; templateFile: string | undefined; extensions: string[] }} */
const { dataDir, templateFile, extensions } = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

/** An error as plain data: its message and the database's fields (code, detail, constraint…). */
const plain = (error) => ({
  ...(error && typeof error === "object"
    ? Object.fromEntries(Object.entries(error).filter(([, v]) => ["string", "number", "boolean"].includes(typeof v)))
    : {}),
  name: error?.name ?? "Error",
  message: error?.message ?? String(error),
});

/**
 * Parsers cannot cross threads, so the caller names the types whose text is to be kept as it is
 * (the only parsers drizzle passes).
 * @param {number[] | undefined} oids
 */
const keepText = (oids) => (oids ? Object.fromEntries(oids.map((oid) => [oid, (value) => value])) : undefined);

try {
  // Contrib extensions by name: pg_trgm is the export of @electric-sql/pglite/contrib/pg_trgm.
  const loaded = Object.fromEntries(
    await Promise.all(
      extensions.map(async (name) => [name, (await import(`@electric-sql/pglite/contrib/${name}`))[name]]),
    ),
  );
  const client = await PGlite.create(dataDir, {
    extensions: loaded,
    ...(templateFile ? { loadDataDir: new Blob([readFileSync(templateFile)]) } : {}),
  });
  port.on("message", async ({ id, op, sql, params, rowMode, keepTextTypes, migrationsFolder }) => {
    try {
      let result;
      if (op === "query") result = await client.query(sql, params, { rowMode, parsers: keepText(keepTextTypes) });
      else if (op === "exec") result = await client.exec(sql);
      else if (op === "migrate") await migrate(drizzle(client), { migrationsFolder });
      else if (op === "close") await client.close();
      else if (op === "dump") {
        // A checkpoint first, so the copy needs no WAL replayed when it is opened; then the data
        // directory as a gzipped tarball, handed over without a copy.
        await client.exec("CHECKPOINT");
        const bytes = new Uint8Array(await (await client.dumpDataDir("gzip")).arrayBuffer());
        port.postMessage({ id, ok: true, result: bytes }, [bytes.buffer]);
        return;
      }
      port.postMessage({ id, ok: true, result });
    } catch (error) {
      port.postMessage({ id, ok: false, error: plain(error) });
    }
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: plain(error) });
}
