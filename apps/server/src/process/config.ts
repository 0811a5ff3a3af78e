/** Configuration from the environment, parsed once at start; a bad value stops the server with a clear line. */
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ["1", "0", "true", "false", "yes", "no", "on", "off"].includes(v), "must be true or false")
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

/**
 * Which proxies may set X-Forwarded-For: a hop count ("1" behind one reverse proxy) or a comma-separated
 * list of proxy addresses and CIDR ranges. Never "true": trusting every hop lets any client pick its own
 * address and dodge the sign-in limits.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((raw, ctx): false | number | string[] => {
    const v = raw.toLowerCase();
    if (v === "" || v === "false" || v === "0" || v === "no" || v === "off") return false;
    if (v === "true" || v === "yes" || v === "on") {
      ctx.addIssue({
        code: "custom",
        message:
          "true would trust any client's X-Forwarded-For; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Math.min(Number(v), 10);
    const list = raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.find((entry) => {
      const [address, bits, extra] = entry.split("/");
      if (extra !== undefined || !address) return true;
      const family = isIP(address);
      if (family === 0) return !["loopback", "linklocal", "uniquelocal"].includes(entry);
      return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    });
    if (bad !== undefined) {
      ctx.addIssue({ code: "custom", message: `"${bad}" is not a hop count, an IP address or a CIDR range` });
      return z.NEVER;
    }
    return list;
  });

const list = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
);

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("localhost"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, "must have at least 12 characters").max(1000).optional(),
  /** Without it, an ADMIN_EMAIL that belongs to an ordinary account stops the server rather than promoting it. */
  ADMIN_PROMOTE_EXISTING: bool.default(false),
  ALLOW_SIGNUP: bool.default(true),
  SIGNUP_DOMAINS: list
    .refine((l) => l.every((d) => /^[a-z0-9.-]+\.[a-z]{2,}$/.test(d)), "must be e-mail domains separated by commas")
    .default([]),
  SIGNUP_CODE: z.string().trim().min(6, "must have at least 6 characters").max(200).optional(),
  SIGNUP_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  IMPORT_MAX_MB: z.coerce.number().min(0.1).max(50).default(5),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().default(resolve(REPO_ROOT, "apps/web/dist")),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DB_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Server processes sharing the port (PostgreSQL only). */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Share of requests written to the info-level access log; every request is logged at debug. */
  ACCESS_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(0.01),
  NODE_ENV: z.string().optional(),
  /** How long a shutdown waits for requests in flight before closing their connections. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** smtp://user:pass@host:587 or smtps://…; without it every message is written to the log at info. */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be smtp://user:pass@host:port or smtps://…")
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(320).default("JCBA Study Hub <no-reply@localhost>"),
  /** The address members use: links in e-mail (never a request's Host header), the passkeys' relying party; default http://localhost:PORT. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  /** Single sign-on: the provider's issuer URL (its discovery document is at /.well-known/openid-configuration). */
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
    .refine((v) => {
      const { protocol, hostname } = new URL(v);
      return protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
    }, "must be an https:// address (plain http only for a provider on this machine)")
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  OIDC_LABEL: z.string().trim().min(1).max(100).default("Sign in with your union account"),
  OIDC_SCOPES: z
    .string()
    .trim()
    .regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, "must be scopes separated by spaces")
    .refine((v) => v.split(" ").includes("openid"), "must include openid")
    .default("openid email profile"),
  /** A claim (e.g. groups) whose value OIDC_ADMIN_VALUE makes the member an admin at each SSO sign-in. */
  OIDC_ADMIN_CLAIM: z.string().trim().min(1).max(200).optional(),
  OIDC_ADMIN_VALUE: z.string().trim().min(1).max(500).optional(),
  /** false: no password sign-in, sign-up or change; members sign in with SSO or a passkey. */
  PASSWORD_SIGNIN: bool.default(true),
  /** Hours between fits of the memory models (FSRS weights) on the review log. */
  FSRS_FIT_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** The union-wide fit reads at most this many reviews (whole members, a fixed pseudo-random sample). */
  FSRS_FIT_MAX_REVIEWS: z.coerce.number().int().min(1000).max(100_000_000).default(2_000_000),
  /** Who push services may contact about this server's reminders (VAPID subject: mailto: or https:). */
  PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, "must be a mailto: address or an https: URL")
    .default("mailto:admin@localhost"),
  /** Push service hosts reminders may go to (a host and its subdomains); others are never contacted. */
  PUSH_SERVICE_HOSTS: list.default([
    "fcm.googleapis.com",
    "push.services.mozilla.com",
    "notify.windows.com",
    "push.apple.com",
  ]),
  /** How long a password-reset link works. */
  PASSWORD_RESET_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
  /** PostgreSQL: the longest one statement may run before the database cancels it; 0 for no limit. */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Turns on GET /metrics on the app's port, for a scraper that sends it as a Bearer token. */
  METRICS_TOKEN: z.string().trim().min(16, "must have at least 16 characters").max(500).optional(),
  /** A listener of its own for GET /metrics (the token is asked there too when it is set). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** Past this mean event-loop delay new requests get 503 (0: never for this reason). */
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Past this wait of the statement waiting longest for the database new requests get 503 (0: never). */
  OVERLOAD_DB_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  /** What a 503 for overload tells clients to wait before trying again. */
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** Embedded database: where the server writes its backups (scheduled and on an admin's request); none without it. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Hours between scheduled backups (with BACKUP_DIR); 0 for only those an admin asks for. */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 7)
    .default(24),
  /** How many backups BACKUP_DIR keeps: older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** pg_dump for `pnpm cli backup` on PostgreSQL (a path, or found on PATH). */
  PG_DUMP: z.string().min(1).default("pg_dump"),
  /**
   * Past this many requests being served at once, new requests get 503 (0: no limit). A member has one
   * request out at a time, so the default never turns away the 200 members of `bench load`.
   */
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(256),
  /**
   * How long the database wait or the event-loop delay must stay over its limit before new requests
   * get 503 (0: at the first look); the cap on requests in flight needs none.
   */
  OVERLOAD_SUSTAINED_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /** Turns on traces (OpenTelemetry over OTLP/HTTP), sent to this collector; the other OTEL_* variables apply. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// address" })
    .optional(),
  /** The service name on the traces. */
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(200).default("jcba-study-hub"),
  /** How long an invitation's link works. */
  INVITE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Sign-up sends a link the member follows before password sign-in works; default: on when SMTP_URL is set. */
  REQUIRE_EMAIL_VERIFICATION: bool.optional(),
  /** How long an e-mailed verification or change-of-address link works. */
  EMAIL_VERIFY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(48),
  /**
   * Past capacity the cap on requests in flight is lowered (down to OVERLOAD_MIN_IN_FLIGHT) while
   * admitted requests take longer than this, and raised back (up to OVERLOAD_MAX_IN_FLIGHT) once they
   * are quicker; 0 keeps the cap at OVERLOAD_MAX_IN_FLIGHT.
   */
  OVERLOAD_TARGET_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** The lowest the cap on requests in flight goes past capacity. */
  OVERLOAD_MIN_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(8),
});

export type Config = Omit<z.infer<typeof schema>, "WORKERS" | "PUBLIC_URL" | "REQUIRE_EMAIL_VERIFICATION"> & {
  WORKERS: number;
  REQUIRE_EMAIL_VERIFICATION: boolean;
  PUBLIC_URL: string;
  /** Whether PUBLIC_URL was set: without it, e-mailed links point where the server listens. */
  PUBLIC_URL_GIVEN: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (parsed.data.ADMIN_EMAIL && !parsed.data.ADMIN_PASSWORD)
    throw new Error("Invalid configuration:\n  ADMIN_PASSWORD: is required with ADMIN_EMAIL");
  const oidc = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;
  const oidcSet = oidc.filter((name) => parsed.data[name] !== undefined);
  if (oidcSet.length > 0 && oidcSet.length < oidc.length)
    throw new Error(
      `Invalid configuration:\n  ${oidc.filter((n) => !oidcSet.includes(n)).join(", ")}: required with ${oidcSet.join(", ")}`,
    );
  if ((parsed.data.OIDC_ADMIN_CLAIM === undefined) !== (parsed.data.OIDC_ADMIN_VALUE === undefined))
    throw new Error("Invalid configuration:\n  OIDC_ADMIN_CLAIM and OIDC_ADMIN_VALUE: set both or neither");
  if (!parsed.data.PASSWORD_SIGNIN && !parsed.data.OIDC_ISSUER)
    throw new Error(
      "Invalid configuration:\n  PASSWORD_SIGNIN: false needs single sign-on (OIDC_ISSUER), or nobody could sign in",
    );
  if (cleaned.METRICS_HOST && parsed.data.METRICS_PORT === undefined)
    throw new Error("Invalid configuration:\n  METRICS_PORT: is required with METRICS_HOST");
  const PUBLIC_URL = parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`;
  // One process per core in production; one elsewhere (development, tests).
  const WORKERS = parsed.data.WORKERS ?? (parsed.data.NODE_ENV === "production" ? availableParallelism() : 1);
  // Without SMTP_URL the links only reach the log: a laptop's members are not asked to verify.
  const REQUIRE_EMAIL_VERIFICATION = parsed.data.REQUIRE_EMAIL_VERIFICATION ?? parsed.data.SMTP_URL !== undefined;
  return {
    ...parsed.data,
    WORKERS,
    PUBLIC_URL,
    PUBLIC_URL_GIVEN: parsed.data.PUBLIC_URL !== undefined,
    REQUIRE_EMAIL_VERIFICATION,
  };
}
