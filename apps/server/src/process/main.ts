/**
 * Starts the server: configuration, database (waiting for it if it is not up yet), migrations and
 * content under a database-wide lock, the admin account, then listen. With WORKERS > 1 on PostgreSQL
 * the primary process prepares the database once and forks that many server processes sharing the
 * port (node:cluster); an embedded database lives in one process, so it always runs one, and holds a
 * lock on DATA_DIR so the operator CLI cannot open it at the same time. On SIGTERM each process
 * drains (lifecycle.ts); the primary of a cluster passes the signal on to its workers.
 */
import cluster from "node:cluster";
import { resolve } from "node:path";
import { loadContent } from "@jcba/content";
import { createDatabase, type Database } from "@jcba/db";
import { passwordProblem } from "../auth/passwords.ts";
import { pruneLimits } from "../auth/rate-limit.ts";
import { type AuditLog, createAudit } from "../auth/security-audit.ts";
import { createSessions } from "../auth/sessions.ts";
import { AdminPromotionRefused, ensureAdmin } from "../auth/users.ts";
import { buildApp } from "../http/app.ts";
import { primaryMetricsSource } from "../metrics/cluster.ts";
import { listenForMetrics } from "../metrics/endpoint.ts";
import { metricsEnabled } from "../metrics/index.ts";
import { type Config, loadConfig } from "./config.ts";
import { lockDataDir } from "./data-lock.ts";

const log = (message: string) => console.log(message);
const quiet = { info() {}, warn() {}, error() {} } as unknown as AuditLog;
/** A refusal an operator can act on: printed as one line, then the process stops. */
class StartRefused extends Error {}

function openDatabase(config: Config, maxConnections = config.DB_POOL_SIZE): Promise<Database> {
  return createDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
    maxConnections,
    waitSeconds: config.DB_WAIT_SECONDS,
    statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
    onWait: log,
  });
}

/** Migrations, content and the admin account, once, even when several servers start together. */
async function prepare(database: Database, config: Config) {
  return database.exclusive(async () => {
    await database.migrate();
    const report = await loadContent(database);
    try {
      const admin = await ensureAdmin(database, config.ADMIN_EMAIL, config.ADMIN_PASSWORD, {
        promoteExisting: config.ADMIN_PROMOTE_EXISTING,
        sessions: createSessions(database),
        // Recorded in the audit trail; the start-up output stays for the operator's own lines.
        audit: createAudit(database, quiet),
      });
      return { report, admin };
    } catch (e) {
      if (e instanceof AdminPromotionRefused) throw new StartRefused(e.message);
      throw e;
    }
  });
}

function announceAdmin(admin: Awaited<ReturnType<typeof prepare>>["admin"]) {
  if (!admin?.generatedPassword) return;
  log(
    `\nAn admin account was created for this new database:\n  e-mail:   ${admin.email}\n  password: ${admin.generatedPassword}\nThis password is shown only once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n`,
  );
}

const publicUrl = (config: Config, port: number) =>
  `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`;

/** One server process: its own connection pool and app, listening on the shared port. */
async function serve(config: Config, database: Database, onClose?: () => Promise<void>) {
  const { app, sessions, lifecycle } = await buildApp({ config, database, backgroundJobs: true });
  await app.listen({ port: config.PORT, host: config.HOST });
  const hourly = setInterval(
    () => {
      void sessions.deleteExpired().catch(() => {});
      void pruneLimits(database).catch(() => {});
    },
    60 * 60 * 1000,
  );
  hourly.unref();
  // Drain (lifecycle.ts), then let go of the DATA_DIR lock, then exit.
  lifecycle.exitOnSignals(onClose);
  return { app, lifecycle };
}

async function primary(config: Config) {
  const started = performance.now();
  const embedded = !config.DATABASE_URL;
  if (embedded && config.WORKERS > 1) {
    log(
      `WORKERS=${config.WORKERS} ignored: the embedded database lives in one process. Set DATABASE_URL to run several.`,
    );
  }
  const workers = embedded ? 1 : config.WORKERS;
  if (workers === 1) {
    // Without the lock, the CLI could open the database beside this server: it stops taking writes
    // (drains and exits) and says why.
    let stopForLostLock = (reason: string): void => {
      console.error(reason);
      process.exit(1);
    };
    const releaseLock = embedded
      ? await lockDataDir(config.DATA_DIR, "server", (err) =>
          stopForLostLock(`DATA_DIR lock lost (${err.message}): stopping, so no other process writes beside this one.`),
        )
      : null;
    const database = await openDatabase(config);
    const { report, admin } = await prepare(database, config);
    const { app, lifecycle } = await serve(config, database, releaseLock ?? undefined);
    stopForLostLock = (reason) => {
      console.error(reason);
      void lifecycle.shutdown("DATA_DIR lock lost").finally(() => process.exit(1));
    };
    const ready = Math.round(performance.now() - started);
    app.log.info({ database: database.kind, content: report, ms: ready }, "ready");
    announceAdmin(admin);
    const port = (app.server.address() as { port: number }).port;
    log(`JCBA Study Hub is running at ${publicUrl(config, port)} (${database.kind}, ready in ${ready} ms)`);
    return;
  }

  // Prepare once with a small pool, then hand the database to the workers.
  const database = await openDatabase(config, 3);
  const { admin } = await prepare(database, config).finally(() => database.close());

  let stopping = false;
  let listening = 0;
  const fork = () => cluster.fork({ JCBA_WORKER: "1" });
  cluster.on("listening", (_worker, address) => {
    if (++listening === workers) {
      const ready = Math.round(performance.now() - started);
      announceAdmin(admin);
      log(
        `JCBA Study Hub is running at ${publicUrl(config, address.port)} (postgres, ${workers} workers, ready in ${ready} ms)`,
      );
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    // A crashed worker is replaced, so one bad request cannot take the site down.
    log(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    fork();
  });
  for (let i = 0; i < workers; i++) fork();
  // The workers' metrics, summed here: for a scrape on a worker's port or on the metrics listener.
  if (metricsEnabled(config)) {
    const source = primaryMetricsSource();
    if (config.METRICS_PORT !== undefined) {
      await listenForMetrics(source, {
        host: config.METRICS_HOST,
        port: config.METRICS_PORT,
        token: config.METRICS_TOKEN,
      });
    }
  }

  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    const done = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    };
    cluster.on("exit", done);
    done();
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  try {
    // The admin's password meets the members' rule (length, not common, not the e-mail), checked
    // before anything starts: the line says what to change.
    if (cluster.isPrimary && config.ADMIN_PASSWORD) {
      const problem = await passwordProblem(config.ADMIN_PASSWORD, config.ADMIN_EMAIL);
      if (problem)
        throw new StartRefused(
          `Invalid configuration:\n  ADMIN_PASSWORD: ${problem} The admin's password follows the same rule as members' passwords.`,
        );
    }
    if (cluster.isPrimary) await primary(config);
    else await serve(config, await openDatabase(config));
  } catch (e) {
    // A clear line for an operator (the database never came up, the DATA_DIR is in use, an admin
    // promotion was refused), not a stack trace.
    const message = (e as Error).message;
    console.error(e instanceof StartRefused ? message : `JCBA Study Hub could not start: ${message}`);
    process.exit(1);
  }
}

void main();
