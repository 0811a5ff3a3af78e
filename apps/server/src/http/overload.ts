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
 *
 * The refusals are answered in front of Fastify (Fastify's `serverFactory`), before its request
 * object, routing, hooks and reply: past capacity members who try again at once make most of the
 * requests, and each one's work on the event loop is a wait for every admitted request's next step
 * (decision 0019). They are counted in `http_request_duration_seconds`
 * (route `busy`) and `jcba_admission_refused_total`, not logged one by one, and carry no trace.
 */
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import underPressure from "@fastify/under-pressure";
import type { Database } from "@jcba/db";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerFactory } from "fastify";
import type { Config } from "../process/config.ts";
import { AdmissionLimit } from "./admission.ts";
import { refusal } from "./errors.ts";

/** Answered whatever the load, to report it: health for load balancers, metrics for Prometheus. */
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

type Reason = "event loop" | "database" | "requests";

export interface Overload {
  /** Why the server turns requests away now, or null when it takes them. */
  reason(): Reason | null;
  retryAfterSeconds: number;
}

export interface OverloadGuard extends Overload {
  /** The cap on requests in flight (admission.ts), when OVERLOAD_MAX_IN_FLIGHT is not 0. */
  admission: AdmissionLimit | undefined;
  /** `handler` behind the gate: a request past capacity is answered 503 here and never reaches it. */
  gate(handler: RequestListener): RequestListener;
  /** For Fastify's `serverFactory`: the HTTP server Fastify would make, with the gate in front of it. */
  serverFactory: FastifyServerFactory;
  /** Called for each request turned away, with its method and the seconds it took to answer. */
  onRefused(listener: (method: string, seconds: number) => void): void;
  /** Samples the event loop's delay for `app` (under-pressure) and starts looking at the measures. */
  register(app: FastifyInstance): Promise<void>;
}

/**
 * The overload guard of one app, made before the app (its gate sits in front of Fastify's handler).
 * `now` (ms) is the admitted requests' clock, for tests.
 */
export function createOverloadGuard(
  config: Config,
  database: Pick<Database, "load">,
  options: { now?: () => number } = {},
): OverloadGuard {
  const now = options.now ?? (() => performance.now());
  const retryAfterSeconds = config.OVERLOAD_RETRY_AFTER_SECONDS;
  const dbLimit = config.OVERLOAD_DB_WAIT_MS;
  const eventLoopLimit = config.OVERLOAD_EVENT_LOOP_DELAY_MS;
  const inFlightLimit = config.OVERLOAD_MAX_IN_FLIGHT;
  const admission =
    inFlightLimit > 0
      ? new AdmissionLimit({
          max: inFlightLimit,
          min: config.OVERLOAD_MIN_IN_FLIGHT,
          targetMs: config.OVERLOAD_TARGET_MS,
          now,
        })
      : undefined;
  // under-pressure's mean delay over its last sample, once registered on the app.
  let eventLoopDelay = () => 0;
  // The wait a statement has actually had, not a forecast: a forecast from the line's length turned
  // away members at ordinary load on a busy machine (parallel sign-ups, the 200-member bench).
  const databaseBusy = sustained(
    () => dbLimit > 0 && database.load().oldestWaitMs > dbLimit,
    config.OVERLOAD_SUSTAINED_MS,
  );
  const eventLoopBusy = sustained(
    () => eventLoopLimit > 0 && eventLoopDelay() > eventLoopLimit,
    config.OVERLOAD_SUSTAINED_MS,
  );
  const refusedListeners: ((method: string, seconds: number) => void)[] = [];
  // One body and header set for every refusal, in the API's error format.
  const body = JSON.stringify(refusal("SERVICE_UNAVAILABLE", BUSY_MESSAGE));
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "retry-after": String(retryAfterSeconds),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  };
  const refuse = (request: IncomingMessage, response: ServerResponse, arrived: number) => {
    // An unread body is read and dropped by Node once the answer is sent, keeping the connection.
    response.writeHead(503, headers).end(body);
    for (const listener of refusedListeners) listener(request.method ?? "GET", (performance.now() - arrived) / 1000);
  };

  // Asked on every request, not sampled: a burst of arrivals must not all get in between two samples.
  // Hand-written beside under-pressure because its own checks are sampled on a timer and run in
  // Fastify's hooks.
  const gate =
    (handler: RequestListener): RequestListener =>
    (request, response) => {
      const url = request.url ?? "/";
      const query = url.indexOf("?");
      if (EXEMPT.has(query < 0 ? url : url.slice(0, query))) return handler(request, response);
      const arrived = performance.now();
      if (eventLoopBusy() || databaseBusy()) return refuse(request, response, arrived);
      if (admission) {
        if (!admission.tryAcquire()) return refuse(request, response, arrived);
        const admitted = now();
        // 'close' comes once the answer is sent or the client has gone, whichever happens.
        response.once("close", () => admission.done(now() - admitted));
      }
      handler(request, response);
    };

  return {
    admission,
    retryAfterSeconds,
    gate,
    serverFactory: (handler, fastifyOptions) => {
      // Fastify's options with its defaults filled in; its types name them only as a record.
      const options = fastifyOptions as {
        http?: ServerOptions;
        keepAliveTimeout: number;
        requestTimeout: number;
        connectionTimeout: number;
        maxRequestsPerSocket: number;
      };
      const server = createServer(options.http ?? {}, gate(handler));
      // What Fastify sets on the server it makes itself (fastify/lib/server.js), and not on one a
      // factory makes.
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    onRefused(listener) {
      refusedListeners.push(listener);
    },
    async register(app) {
      if (eventLoopLimit > 0) {
        // Only for its sampling of the event loop's delay: the refusals are made by the gate, in
        // front of Fastify, so its own check lets every request through.
        await app.register(underPressure, {
          maxEventLoopDelay: eventLoopLimit,
          retryAfter: retryAfterSeconds,
          pressureHandler: ((_request: FastifyRequest, _reply: FastifyReply) => undefined) as (
            request: FastifyRequest,
            reply: FastifyReply,
          ) => void,
        });
        eventLoopDelay = () => app.memoryUsage().eventLoopDelay;
      }
      // Looked at between requests too, so a break in the measure is seen even when no request came in it.
      const watch = setInterval(() => {
        databaseBusy();
        eventLoopBusy();
      }, LOOK_EVERY_MS);
      watch.unref();
      app.addHook("onClose", async () => clearInterval(watch));
    },
    reason() {
      if (eventLoopBusy()) return "event loop";
      if (databaseBusy()) return "database";
      if (admission?.full()) return "requests";
      return null;
    },
  };
}
