import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const MIGRATIONS_DIR = join(root, "drizzle");
export const TEMPLATE_DIR = join(root, "dist");
export const TEMPLATE_FILE = join(TEMPLATE_DIR, "pglite-template.tar.gz");

/** The prebuilt empty database, when `build` has made it. */
export function readTemplate(): Blob | undefined {
  return existsSync(TEMPLATE_FILE) ? new Blob([readFileSync(TEMPLATE_FILE)]) : undefined;
}

/**
 * The extensions every PGlite instance loads (the app's, the tests' and the template builder's), so
 * the migrations that create them run the same on PGlite as on PostgreSQL.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
