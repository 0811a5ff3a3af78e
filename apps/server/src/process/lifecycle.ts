/**
 * Health and graceful shutdown.
 *
 * GET /api/health answers 200 when this server takes work and its database answers a `SELECT 1`
 * within HEALTH_DB_TIMEOUT_MS, 503 otherwise (database down or slow, the server past capacity
 * (http/overload.ts) or draining), so a load balancer or orchestrator stops sending members here.
 *
 * On SIGTERM (or SIGINT) the server drains: it stops accepting connections, answers requests that
 * arrive on connections already open with 503 and `Connection: close`, lets the requests in flight
 * finish for up to SHUTDOWN_GRACE_MS, cuts whatever is still open after that, then closes the
 * database and exits. A second signal does not start a second shutdown.
 */
import type { Database } from "@jcba/db";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { refusal } from "../http/errors.ts";
import type { Overload } from "../http/overload.ts";

const HEALTH_DB_TIMEOUT_MS = 2_000;

export interface Lifecycle {
  /** True from the first shutdown signal on. */
  readonly draining: boolean;
  /** Drains and closes the server and the database; resolves once both are closed. Idempotent. */
  shutdown(reason: string): Promise<void>;
  /** Shuts down on SIGTERM and SIGINT, runs `afterClose` (e.g. releasing a lock), then exits the process. */
  exitOnSignals(afterClose?: () => Promise<void>): void;
}

/** The database answers a trivial query in time, or the reason it did not. */
async function databaseProblem(database: Database): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${HEALTH_DB_TIMEOUT_MS} ms`), HEALTH_DB_TIMEOUT_MS);
  });
  try {
    return await Promise.race([database.rows(sql`SELECT 1`).then(() => null), timeout]);
  } catch (e) {
    return (e as Error).message || "query failed";
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Registers /api/health and the draining gate on `app` (built with `return503OnClosing: false`, so
 * the answers during a drain are these, in the API's error format).
 */
export function createLifecycle(
  app: FastifyInstance,
  database: Database,
  options: { graceMs: number; overload?: Overload },
): Lifecycle {
  let draining = false;
  let closed: Promise<void> | null = null;

  app.addHook("onRequest", async (request, reply) => {
    if (!draining || request.url.split("?")[0] === "/api/health") return;
    reply.header("Connection", "close").header("Retry-After", "5");
    return reply
      .code(503)
      .send(refusal("SERVICE_UNAVAILABLE", "This server is shutting down. Please try again in a moment."));
  });

  app.get("/api/health", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (draining) return reply.code(503).send({ ok: false, status: "draining" });
    // Past capacity: a load balancer sends members elsewhere for a few seconds.
    const busy = options.overload?.reason();
    if (busy) {
      reply.header("Retry-After", String(options.overload!.retryAfterSeconds));
      return reply.code(503).send({ ok: false, status: "busy", reason: busy });
    }
    const problem = await databaseProblem(database);
    if (problem) {
      app.log.warn({ problem }, "health check: database not answering");
      return reply.code(503).send({ ok: false, status: "database unavailable" });
    }
    return { ok: true, status: "ok", database: database.kind };
  });

  async function drainAndClose(reason: string) {
    draining = true;
    const started = performance.now();
    app.log.info({ reason, graceMs: options.graceMs }, "shutting down: finishing requests in flight");
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), options.graceMs);
    });
    // app.close() stops accepting, closes idle keep-alive connections and resolves once the
    // requests in flight have been answered.
    const closing = app.close();
    if ((await Promise.race([closing.then(() => "done" as const), deadline])) === "late") {
      app.log.warn({ graceMs: options.graceMs }, "shutting down: grace period over, closing open connections");
      app.server.closeAllConnections();
      await closing;
    }
    clearTimeout(timer);
    await database.close();
    app.log.info({ ms: Math.round(performance.now() - started) }, "shut down");
  }

  const lifecycle: Lifecycle = {
    get draining() {
      return draining;
    },
    shutdown(reason) {
      closed ??= drainAndClose(reason);
      return closed;
    },
    exitOnSignals(afterClose) {
      const onSignal = (signal: NodeJS.Signals) => {
        // The DATA_DIR lock is let go even when the drain fails: a lock left behind would keep the CLI
        // out until it goes stale.
        lifecycle
          .shutdown(signal)
          .finally(() => afterClose?.())
          .then(
            () => process.exit(0),
            (e) => {
              app.log.error({ err: e }, "shutdown failed");
              process.exit(1);
            },
          );
      };
      process.on("SIGTERM", onSignal);
      process.on("SIGINT", onSignal);
    },
  };
  return lifecycle;
}
