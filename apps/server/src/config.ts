/** Configuration from the environment, parsed once at start; a bad value stops the server with a clear line. */
import { availableParallelism } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ["1", "0", "true", "false", "yes", "no", "on", "off"].includes(v), "must be true or false")
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("localhost"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, "must have at least 8 characters").optional(),
  ALLOW_SIGNUP: bool.default(true),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().default(resolve(REPO_ROOT, "apps/web/dist")),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DB_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Server processes sharing the port (PostgreSQL only). */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Share of requests written to the info-level access log; every request is logged at debug. */
  ACCESS_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(0.01),
  NODE_ENV: z.string().optional(),
});

export type Config = Omit<z.infer<typeof schema>, "WORKERS"> & { WORKERS: number };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (parsed.data.ADMIN_EMAIL && !parsed.data.ADMIN_PASSWORD)
    throw new Error("Invalid configuration:\n  ADMIN_PASSWORD: is required with ADMIN_EMAIL");
  // One process per core in production; one elsewhere (development, tests).
  const WORKERS = parsed.data.WORKERS ?? (parsed.data.NODE_ENV === "production" ? availableParallelism() : 1);
  return { ...parsed.data, WORKERS };
}
