/**
 * Starts the server: configuration, database (waiting for it if it is not up yet), migrations and
 * content under a database-wide lock, the admin account, then listen. With WORKERS > 1 on PostgreSQL
 * the primary process prepares the database once and forks that many server processes sharing the
 * port (node:cluster); an embedded database lives in one process, so it always runs one.
 */
import cluster from "node:cluster";
import { resolve } from "node:path";
import { loadContent } from "@jcba/content";
import { createDatabase, type Database } from "@jcba/db";
import { buildApp } from "./app.ts";
import { type Config, loadConfig } from "./config.ts";
import { ensureAdmin } from "./users.ts";

const log = (message: string) => console.log(message);

function openDatabase(config: Config, maxConnections = config.DB_POOL_SIZE): Promise<Database> {
  return createDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
    maxConnections,
    waitSeconds: config.DB_WAIT_SECONDS,
    onWait: log,
  });
}

/** Migrations, content and the admin account, once, even when several servers start together. */
async function prepare(database: Database, config: Config) {
  return database.exclusive(async () => {
    await database.migrate();
    const report = await loadContent(database);
    const admin = await ensureAdmin(database, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    return { report, admin };
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
async function serve(config: Config, database: Database) {
  const { app, sessions } = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
  const hourly = setInterval(() => void sessions.deleteExpired().catch(() => {}), 60 * 60 * 1000);
  hourly.unref();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  return app;
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
    const database = await openDatabase(config);
    const { report, admin } = await prepare(database, config);
    const app = await serve(config, database);
    const ready = Math.round(performance.now() - started);
    app.log.info({ database: database.kind, content: report, ms: ready }, "ready");
    announceAdmin(admin);
    const port = (app.server.address() as { port: number }).port;
    log(`JCBA Study Hub is running at ${publicUrl(config, port)} (${database.kind}, ready in ${ready} ms)`);
    return;
  }

  // Prepare once with a small pool, then hand the database to the workers.
  const database = await openDatabase(config, 3);
  const { admin } = await prepare(database, config);
  await database.close();

  let stopping = false;
  let listening = 0;
  let port = config.PORT;
  const fork = () => cluster.fork({ JCBA_WORKER: "1" });
  cluster.on("listening", (_worker, address) => {
    port = address.port;
    if (++listening === workers) {
      const ready = Math.round(performance.now() - started);
      announceAdmin(admin);
      log(
        `JCBA Study Hub is running at ${publicUrl(config, port)} (postgres, ${workers} workers, ready in ${ready} ms)`,
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
    if (cluster.isPrimary) await primary(config);
    else await serve(config, await openDatabase(config));
  } catch (e) {
    // A clear line for an operator (e.g. the database never came up), not a stack trace.
    console.error(`JCBA Study Hub could not start: ${(e as Error).message}`);
    process.exit(1);
  }
}

void main();
