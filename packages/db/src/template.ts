import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const MIGRATIONS_DIR = join(root, "drizzle");
export const TEMPLATE_DIR = join(root, "dist");
export const TEMPLATE_FILE = join(TEMPLATE_DIR, "pglite-template.tar.gz");

/** The prebuilt empty database, when `build` has made it. */
export function readTemplate(): Blob | undefined {
  return existsSync(TEMPLATE_FILE) ? new Blob([readFileSync(TEMPLATE_FILE)]) : undefined;
}
