/** Starts the server: configuration, database and migrations, content, admin account, then listen. */
import { resolve } from "node:path";
import { loadContent } from "@jcba/content";
import { createDatabase } from "@jcba/db";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { ensureAdmin } from "./users.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const started = performance.now();
  const database = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
    maxConnections: config.DB_POOL_SIZE,
  });
  await database.migrate();
  const report = await loadContent(database);
  const admin = await ensureAdmin(database, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  const { app, sessions, lifecycle } = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
  const ready = Math.round(performance.now() - started);
  app.log.info({ database: database.kind, content: report, ms: ready }, "ready");
  if (admin?.generatedPassword) {
    console.log(
      `\nAn admin account was created for this new database:\n  e-mail:   ${admin.email}\n  password: ${admin.generatedPassword}\nThis password is shown only once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n`,
    );
  }
  console.log(
    `JCBA Study Hub is running at http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${config.PORT} (${database.kind}, ready in ${ready} ms)`,
  );

  const hourly = setInterval(() => void sessions.deleteExpired().catch(() => {}), 60 * 60 * 1000);
  hourly.unref();
  lifecycle.exitOnSignals();
}

void main();
