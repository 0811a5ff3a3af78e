/** Starts the server: configuration, database and migrations, content, admin account, then listen. */
import { resolve } from "node:path";
import { loadContent } from "@jcba/content";
import { createDatabase } from "@jcba/db";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { lockDataDir } from "./data-lock.ts";
import { pruneLimits } from "./rate-limit.ts";
import { AdminPromotionRefused, ensureAdmin } from "./users.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const started = performance.now();
  let releaseLock: (() => Promise<void>) | null = null;
  if (!config.DATABASE_URL) {
    try {
      releaseLock = await lockDataDir(config.DATA_DIR, "server", (err) =>
        console.error(`DATA_DIR lock lost: ${err.message}`),
      );
    } catch (e) {
      console.error((e as Error).message);
      process.exit(1);
    }
  }
  const database = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
    maxConnections: config.DB_POOL_SIZE,
  });
  await database.migrate();
  const report = await loadContent(database);
  const { app, sessions, audit } = await buildApp({ config, database });
  let admin: Awaited<ReturnType<typeof ensureAdmin>>;
  try {
    admin = await ensureAdmin(database, config.ADMIN_EMAIL, config.ADMIN_PASSWORD, {
      promoteExisting: config.ADMIN_PROMOTE_EXISTING,
      sessions,
      audit,
    });
  } catch (e) {
    if (!(e instanceof AdminPromotionRefused)) throw e;
    console.error(e.message);
    await database.close();
    process.exit(1);
  }
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

  const hourly = setInterval(
    () => {
      void sessions.deleteExpired().catch(() => {});
      void pruneLimits(database).catch(() => {});
    },
    60 * 60 * 1000,
  );
  hourly.unref();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    await releaseLock?.().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

void main();
