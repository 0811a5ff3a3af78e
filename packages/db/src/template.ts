import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const MIGRATIONS_DIR = join(root, "drizzle");
export const TEMPLATE_DIR = join(root, "dist");
/** The prebuilt empty database (made by `build`), from which a new embedded database starts. */
export const TEMPLATE_FILE = join(TEMPLATE_DIR, "pglite-template.tar.gz");

/**
 * The extensions every PGlite instance loads (the app's, the tests' and the template builder's), so
 * the migrations that create them run the same on PGlite as on PostgreSQL. Each is named as it is
 * exported by @electric-sql/pglite/contrib/<name>: the database's thread loads them by name.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
