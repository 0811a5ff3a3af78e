/**
 * Past capacity the server says so instead of queueing without end (@fastify/under-pressure): while
 * the event loop's mean delay is over OVERLOAD_EVENT_LOOP_DELAY_MS, or the statement waiting longest
 * for the database (PGlite's queue, PostgreSQL's pool) has waited over OVERLOAD_DB_WAIT_MS, new
 * requests are answered at once with 503 and `Retry-After`, and the web app's outbox keeps the
 * member's answers to send them again. Health and metrics are still answered, to report it.
 */
import underPressure from "@fastify/under-pressure";
import type { Database } from "@jcba/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../process/config.ts";
import { refusal } from "./errors.ts";

/** How often the database's wait is sampled. */
const SAMPLE_MS = 200;
const EXEMPT = new Set(["/api/health", "/metrics"]);

export const BUSY_MESSAGE = "The server is busy. Please try again in a few seconds.";

export interface Overload {
  /** Why the server turns requests away now, or null when it takes them. */
  reason(): "event loop" | "database" | null;
  retryAfterSeconds: number;
}

export async function registerOverloadGuard(
  app: FastifyInstance,
  config: Config,
  database: Database,
): Promise<Overload> {
  const retryAfterSeconds = config.OVERLOAD_RETRY_AFTER_SECONDS;
  let databaseBusy = false;
  const dbLimit = config.OVERLOAD_DB_WAIT_MS;
  await app.register(underPressure, {
    ...(config.OVERLOAD_EVENT_LOOP_DELAY_MS > 0 ? { maxEventLoopDelay: config.OVERLOAD_EVENT_LOOP_DELAY_MS } : {}),
    ...(dbLimit > 0
      ? {
          // Sampled rather than asked per request: a look at the queue's head, every SAMPLE_MS.
          healthCheck: async () => {
            databaseBusy = database.load().oldestWaitMs > dbLimit;
            return !databaseBusy;
          },
          healthCheckInterval: SAMPLE_MS,
        }
      : {}),
    retryAfter: retryAfterSeconds,
    // A body returned here is sent and ends the request (under-pressure sends it and stops the hooks);
    // nothing returned lets it through. Its types name only the second form.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply) => {
      if (EXEMPT.has(request.url.split("?")[0]!)) return undefined;
      reply.code(503).header("Retry-After", String(retryAfterSeconds));
      return refusal("SERVICE_UNAVAILABLE", BUSY_MESSAGE);
    }) as unknown as (request: FastifyRequest, reply: FastifyReply) => void,
  });
  const eventLoopLimit = config.OVERLOAD_EVENT_LOOP_DELAY_MS;
  return {
    retryAfterSeconds,
    reason() {
      if (eventLoopLimit > 0 && app.memoryUsage().eventLoopDelay > eventLoopLimit) return "event loop";
      if (databaseBusy) return "database";
      return null;
    },
  };
}
