/**
 * The metrics an operator's Prometheus scrapes (prom-client): requests by route pattern, answers and
 * their group commits, the database's load, sign-in refusals, sessions, caches, and prom-client's
 * default process and Node metrics (event-loop lag, heap, GC). Each server process has its own
 * registry; with WORKERS > 1 the primary process sums them (cluster.ts).
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import {
  type AnswerGroup,
  type AnswersWritten,
  type CacheLookup,
  type ContentLoaded,
  operationChannels,
  type SigninRefused,
} from "@jcba/api";
import { type Database, sessions } from "@jcba/db";
import { count, gt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { observeBackups } from "../backups/metrics.ts";
import type { AdmissionLimit } from "../http/admission.ts";
import type { OverloadGuard } from "../http/overload.ts";

export interface Metrics {
  registry: Registry;
  /** Stops listening to the app's events (the registry keeps its values). */
  close(): void;
}

/**
 * Buckets from 5 ms to 10 s: members notice from about 100 ms, and the alert rules (deploy/) look at
 * the share of requests over 1 s.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WAIT_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const GROUP_BUCKETS = [1, 2, 5, 10, 20, 50, 100];

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  new Gauge({
    name: "jcba_db_pool_connections",
    help: "The database's connections by state (PostgreSQL: the pool, estimated from statements in flight; embedded: its one backend)",
    labelNames: ["state"],
    registers,
    collect() {
      const load = database.load();
      this.set({ state: "idle" }, load.idle);
      this.set({ state: "busy" }, load.busy);
      this.set({ state: "waiting" }, load.waiting);
    },
  });
  if (database.kind === "pglite") {
    new Gauge({
      name: "jcba_pglite_queue_depth",
      help: "Statements and transactions waiting for the embedded database or running on it",
      registers,
      collect() {
        const load = database.load();
        this.set(load.waiting + load.busy);
      },
    });
    const wait = new Histogram({
      name: "jcba_pglite_queue_wait_seconds",
      help: "How long a statement or transaction waited for its turn on the embedded database",
      buckets: WAIT_BUCKETS,
      registers,
    });
    database.observeWaits((seconds) => wait.observe(seconds));
  }
  new Gauge({
    name: "jcba_sessions_active",
    help: "Sign-in sessions that have not expired (the same database for every worker: the largest is kept)",
    aggregator: "max",
    registers,
    async collect() {
      const [row] = await database.db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, sql`now()`));
      this.set(row?.n ?? 0);
    },
  });

  /** One of the app's events counted, by `labelNames` where given. */
  const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });

  const answersWritten = counter("jcba_answers_written_total", "Answers newly stored");
  const replays = counter(
    "jcba_outbox_replays_total",
    "Answers that arrived again with an id already stored (an outbox or client retry); nothing is written for them",
  );
  const groupSize = new Histogram({
    name: "jcba_answer_group_size",
    help: "Members' answers written together in one transaction by the answer writer",
    buckets: GROUP_BUCKETS,
    registers,
  });
  const signinFailures = counter(
    "jcba_signin_failures_total",
    "Sign-ins refused for a wrong password or a disabled account",
  );
  const lockouts = counter(
    "jcba_lockouts_total",
    "Sign-ins refused because the address or the account was locked out after failures",
  );
  const cacheHits = counter("jcba_cache_hits_total", "Lookups answered from a cache in memory", ["cache"]);
  const cacheMisses = counter("jcba_cache_misses_total", "Lookups that went to the database", ["cache"]);
  const contentVersion = new Gauge({
    name: "jcba_content_version",
    help: "When this server loaded the study content it serves (Unix seconds): servers that differ have not all heard an edit",
    aggregator: "min",
    registers,
  });

  const handlers: [keyof typeof operationChannels, (message: unknown) => void][] = [
    [
      "answersWritten",
      (m) => {
        const { inserted, replayed } = m as AnswersWritten;
        if (inserted) answersWritten.inc(inserted);
        if (replayed) replays.inc(replayed);
      },
    ],
    ["answerGroup", (m) => groupSize.observe((m as AnswerGroup).size)],
    [
      "cacheLookup",
      (m) => {
        const { cache, hit } = m as CacheLookup;
        (hit ? cacheHits : cacheMisses).inc({ cache });
      },
    ],
    ["contentLoaded", (m) => contentVersion.set(Math.floor((m as ContentLoaded).loadedAt / 1000))],
    ["signinRefused", (m) => ((m as SigninRefused).reason === "lockout" ? lockouts : signinFailures).inc()],
  ];
  for (const [name, handler] of handlers) subscribe(operationChannels[name].name, handler);
  const stopObservingBackups = observeBackups(registry);

  return {
    registry,
    close() {
      for (const [name, handler] of handlers) unsubscribe(operationChannels[name].name, handler);
      stopObservingBackups();
    },
  };
}

/**
 * The cap on requests in flight as it adapts past capacity (http/admission.ts), the requests it holds
 * now (the line admitted requests share) and those it turned away, read at each scrape from the app's
 * overload guard.
 */
export function observeAdmission(overload: OverloadGuard, registry: Registry) {
  const { admission } = overload;
  if (!admission) return;
  const registers = [registry];
  const gauges: [name: string, help: string, read: (admission: AdmissionLimit) => number][] = [
    [
      "jcba_admission_limit",
      "Requests that may be in flight now: OVERLOAD_MAX_IN_FLIGHT, lowered past capacity so admitted requests take about OVERLOAD_TARGET_MS",
      (admission) => admission.limit,
    ],
    [
      "jcba_admission_in_flight",
      "Requests admitted under the cap and not yet answered",
      (admission) => admission.inFlight,
    ],
  ];
  for (const [name, help, read] of gauges) {
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(admission));
      },
    });
  }
  new Counter({
    name: "jcba_admission_refused_total",
    help: "Requests answered 503 at once because the cap on requests in flight was reached",
    registers,
    collect() {
      this.reset();
      this.inc(admission.refused);
    },
  });
}

/**
 * Request durations by method, route pattern (never the raw URL: ids would make a series per member)
 * and status, and the requests in flight. Requests the overload guard turns away are answered before
 * Fastify routes them: they are counted under the route `busy` (503), and are never in flight.
 */
export function observeRequests(app: FastifyInstance, registry: Registry, overload: OverloadGuard) {
  const registers = [registry];
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern",
    labelNames: ["method", "route", "status_code"],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const inFlight = new Gauge({ name: "http_requests_in_flight", help: "Requests being answered", registers });
  // Bound once per method: refusals come by the thousand a second past capacity.
  const refusedOf = new Map<string, ReturnType<typeof duration.labels>>();
  overload.onRefused((method, seconds) => {
    let refused = refusedOf.get(method);
    if (!refused) {
      refused = duration.labels({ method, route: "busy", status_code: "503" });
      refusedOf.set(method, refused);
    }
    refused.observe(seconds);
  });
  const started = new WeakMap<FastifyRequest, number>();
  app.addHook("onRequest", async (request) => {
    started.set(request, performance.now());
    inFlight.inc();
  });
  // An aborted request may never be answered: it leaves the in-flight count when it is aborted.
  app.addHook("onRequestAbort", async (request) => {
    if (started.delete(request)) inFlight.dec();
  });
  app.addHook("onResponse", async (request, reply) => {
    const start = started.get(request);
    if (start === undefined || !started.delete(request)) return;
    inFlight.dec();
    // Unmatched URLs (404s, probes) share one label rather than one series each.
    const route = request.routeOptions.url ?? "unmatched";
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      (performance.now() - start) / 1000,
    );
  });
}
