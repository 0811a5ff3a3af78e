/**
 * Past capacity the server says so instead of queueing without end. New requests are answered at once
 * with 503 and `Retry-After` while the statement waiting longest for the database (PGlite's queue,
 * PostgreSQL's pool) has waited over OVERLOAD_DB_WAIT_MS, or while the event loop's mean delay is over
 * OVERLOAD_EVENT_LOOP_DELAY_MS (@fastify/under-pressure), either of them without a break for
 * OVERLOAD_SUSTAINED_MS, or while the cap on requests in flight is reached (admission.ts: at most
 * OVERLOAD_MAX_IN_FLIGHT, lowered past capacity so that admitted requests take about
 * OVERLOAD_TARGET_MS); the web app's outbox keeps the member's answers to send them again. Health and
 * metrics are still answered, to report it.
 *
 * The two measures must last because one sample over a limit is not a server past capacity: on a
 * shared machine a second without the CPU, a backup's checkpoint or a vacuum held one statement's wait
 * or one event-loop sample over it, and the 200-member bench met 503s. Past capacity the cap on
 * requests in flight answers at once; the measures only turn away what the cap lets through.
 *
 * The cap on requests in flight is what keeps admitted requests quick: a gate on waits alone opens
 * as soon as the line is shorter than its limit, and every member waiting to retry walks in at once
 * (1,000 members with no think time: admitted requests' p99 over 20 s with the 1.5 s wait limit alone).
 * A request's several statements, the answer writer's group and the event loop all wait behind the
 * requests in flight, so bounding them bounds the wait, whichever of them is the bottleneck. A fixed
 * cap bounds it only for the throughput it was chosen for (256 in flight at 24 answers a second: 10 s),
 * hence a cap that follows the measured latency.
 */
import underPressure from "@fastify/under-pressure";
import type { Database } from "@jcba/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../process/config.ts";
import { AdmissionLimit } from "./admission.ts";
import { refusal } from "./errors.ts";

const EXEMPT = new Set(["/api/health", "/metrics"]);

/** How often the measures are looked at besides on each request. */
const LOOK_EVERY_MS = 100;

/**
 * True once `over` has held at every look for `forMs` (0: at once); the first look where it does not
 * starts the count again. Hand-written: under-pressure's checks take one sample.
 */
export function sustained(over: () => boolean, forMs: number): () => boolean {
  let since: number | null = null;
  return () => {
    if (!over()) {
      since = null;
      return false;
    }
    const now = performance.now();
    since ??= now;
    return now - since >= forMs;
  };
}

export const BUSY_MESSAGE = "The server is busy. Please try again in a few seconds.";

const admissions = new WeakMap<FastifyInstance, AdmissionLimit>();
/** The cap on requests in flight of an app, once its guard is registered (for its metrics). */
export const admissionOf = (app: FastifyInstance): AdmissionLimit | undefined => admissions.get(app);

export interface Overload {
  /** Why the server turns requests away now, or null when it takes them. */
  reason(): "event loop" | "database" | "requests" | null;
  retryAfterSeconds: number;
}

export async function registerOverloadGuard(
  app: FastifyInstance,
  config: Config,
  database: Database,
): Promise<Overload> {
  const retryAfterSeconds = config.OVERLOAD_RETRY_AFTER_SECONDS;
  const dbLimit = config.OVERLOAD_DB_WAIT_MS;
  const eventLoopLimit = config.OVERLOAD_EVENT_LOOP_DELAY_MS;
  const inFlightLimit = config.OVERLOAD_MAX_IN_FLIGHT;
  const admission = new AdmissionLimit({
    max: inFlightLimit,
    min: config.OVERLOAD_MIN_IN_FLIGHT,
    targetMs: config.OVERLOAD_TARGET_MS,
  });
  if (inFlightLimit > 0) admissions.set(app, admission);
  const exempt = (request: FastifyRequest) => EXEMPT.has(request.url.split("?")[0]!);
  const refuse = (reply: FastifyReply) => {
    reply.code(503).header("Retry-After", String(retryAfterSeconds));
    return refusal("SERVICE_UNAVAILABLE", BUSY_MESSAGE);
  };
  // The wait a statement has actually had, not a forecast: a forecast from the line's length turned
  // away members at ordinary load on a busy machine (parallel sign-ups, the 200-member bench).
  const databaseBusy = sustained(
    () => dbLimit > 0 && database.load().oldestWaitMs > dbLimit,
    config.OVERLOAD_SUSTAINED_MS,
  );
  // under-pressure's mean delay over its last sample (a second).
  const eventLoopBusy = sustained(
    () => eventLoopLimit > 0 && app.memoryUsage().eventLoopDelay > eventLoopLimit,
    config.OVERLOAD_SUSTAINED_MS,
  );

  if (eventLoopLimit > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: eventLoopLimit,
      retryAfter: retryAfterSeconds,
      // A body returned here is sent and ends the request (under-pressure stops the hooks); nothing
      // returned lets it through. Its types name only the second form.
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply) =>
        exempt(request) || !eventLoopBusy() ? undefined : refuse(reply)) as unknown as (
        request: FastifyRequest,
        reply: FastifyReply,
      ) => void,
    });
  }
  // Looked at between requests too, so a break in the measure is seen even when no request came in it.
  const watch = setInterval(() => {
    databaseBusy();
    eventLoopBusy();
  }, LOOK_EVERY_MS);
  watch.unref();
  app.addHook("onClose", async () => clearInterval(watch));
  // Asked on every request, not sampled: a burst of arrivals must not all get in between two samples.
  // Hand-written beside under-pressure because its own checks are sampled on a timer.
  if (dbLimit > 0 || inFlightLimit > 0) {
    app.addHook("onRequest", async (request, reply) => {
      if (exempt(request)) return;
      if (databaseBusy()) return reply.send(refuse(reply));
      if (inFlightLimit > 0) {
        if (!admission.tryAcquire()) return reply.send(refuse(reply));
        const admitted = performance.now();
        // 'close' comes once the answer is sent or the client has gone, whichever happens.
        reply.raw.once("close", () => admission.done(performance.now() - admitted));
      }
    });
  }
  return {
    retryAfterSeconds,
    reason() {
      if (eventLoopBusy()) return "event loop";
      if (databaseBusy()) return "database";
      if (inFlightLimit > 0 && admission.full()) return "requests";
      return null;
    },
  };
}
