/**
 * Builds the PGlite template: an initialized, migrated, empty database as a tarball. A new DATA_DIR
 * (and each in-memory test database) starts from it instead of running initdb in WebAssembly, which
 * takes seconds. Migrations still run at every start, so a stale template is only slower, never wrong.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS, TEMPLATE_DIR, TEMPLATE_FILE } from "../src/template.ts";

const started = performance.now();
const pg = await PGlite.create("memory://", { extensions: PGLITE_EXTENSIONS });
await migrate(drizzle(pg), { migrationsFolder: MIGRATIONS_DIR });
const dump = await pg.dumpDataDir("gzip");
await pg.close();
mkdirSync(TEMPLATE_DIR, { recursive: true });
writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
console.log(
  `PGlite template written to ${TEMPLATE_FILE} (${Math.round(dump.size / 1024)} KB, ${Math.round(performance.now() - started)} ms)`,
);
