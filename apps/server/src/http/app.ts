/**
 * Builds the Fastify server from its parts: logging, security headers and the write guard on every
 * request, then tRPC at /api/trpc, REST at /api/*, the sign-in routes, the API docs, health and
 * draining, and the built web app. Each part lives in its own file; this one says in which order.
 */
import type { Writable } from "node:stream";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import { appRouter, BUSY_RETRY_AFTER_SECONDS, type ContentCache, type Context, createContentCache } from "@jcba/api";
import type { Database } from "@jcba/db";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { createCallerLookup } from "../auth/caller.ts";
import { FORM_ROUTES, registerWriteGuard } from "../auth/csrf.ts";
import { createEmailLinks, registerEmailVerificationRoutes } from "../auth/email-verification.ts";
import { createFlows } from "../auth/flows.ts";
import { createInvitations, registerInvitationRoutes } from "../auth/invitations.ts";
import { registerOidcRoutes } from "../auth/oidc/routes.ts";
import { createPasskeyCheck, registerPasskeyRoutes } from "../auth/passkeys/routes.ts";
import { createRecovery, registerRecoveryRoutes } from "../auth/recovery.ts";
import { AUTH_BODY_LIMIT, registerAuthRoutes } from "../auth/routes.ts";
import { registerSecondFactorRoutes } from "../auth/second-factor/routes.ts";
import { createAudit } from "../auth/security-audit.ts";
import { createSessions, type Sessions } from "../auth/sessions.ts";
import { createBackups } from "../backups/backups.ts";
import { registerBackupRoutes } from "../backups/routes.ts";
import { createMailer } from "../mail/mailer.ts";
import type { OutboxOptions } from "../mail/outbox.ts";
import { registerMetrics } from "../metrics/index.ts";
import { startBackgroundJobs } from "../process/background-jobs.ts";
import type { Config } from "../process/config.ts";
import { createLifecycle } from "../process/lifecycle.ts";
import { vapidKeys } from "../reminders/sender.ts";
import { startTracing, type Tracing } from "../tracing/index.ts";
import { loggerOptions, registerAccessLog } from "./access-log.ts";
import { registerApiDocs } from "./api-docs/index.ts";
import { createContextFactory } from "./context.ts";
import { registerErrorHandler } from "./errors.ts";
import { openApiDocument } from "./openapi.ts";
import { createOverloadGuard } from "./overload.ts";
import { ROSTER_ROUTE, registerRestRoutes, registerRosterCsv } from "./rest.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import { limitTrpcBodies } from "./trpc-body-limit.ts";
import { registerWebApp } from "./web-app.ts";

const HOUR = 60 * 60 * 1000;
/** Routes that take files: the bank's import and a union's roster. */
const LARGE_BODY_ROUTES = new Set(["/api/admin/import", ROSTER_ROUTE]);
/** Every JSON body but imports (and the tRPC endpoint that carries them). */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface AppDeps {
  config: Config;
  database: Database;
  /** For tests: a shorter or longer content cache. */
  contentTtlMs?: number;
  /** For tests: where log lines go (standard output otherwise). */
  logStream?: Writable;
  /** The memory-model fit and the review reminders (process/background-jobs.ts); off in tests. */
  backgroundJobs?: boolean;
  /** For tests and the bench: quicker mail retries. */
  outbox?: OutboxOptions;
  /** Tracing already started (a test's in-memory exporter); by default started when configured. */
  tracing?: Tracing;
}

export async function buildApp({
  config,
  database,
  contentTtlMs,
  logStream,
  backgroundJobs = false,
  outbox,
  ...deps
}: AppDeps) {
  const tracing = "tracing" in deps ? deps.tracing : await startTracing(config);
  const importLimit = Math.round(config.IMPORT_MAX_MB * 1024 * 1024);
  // Past capacity, requests are turned away in front of Fastify (http/overload.ts).
  const overload = createOverloadGuard(config, database);
  const app = Fastify({
    serverFactory: overload.serverFactory,
    logger: loggerOptions(config, logStream),
    // One access-log line per request instead (access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count or proxy addresses (process/config.ts refuses "trust everyone").
    // A hop count as Fastify itself compiles a number (its types only name the function form).
    trustProxy:
      typeof config.TRUST_PROXY === "number"
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.TRUST_PROXY)
        : config.TRUST_PROXY,
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    routerOptions: { maxParamLength: 200 },
    // While draining, process/lifecycle.ts answers in the API's own error format.
    return503OnClosing: false,
  });
  const sessions: Sessions = createSessions(database, {
    memberMs: config.SESSION_DAYS * 24 * HOUR,
    adminMs: config.ADMIN_SESSION_HOURS * HOUR,
  });
  const content: ContentCache = createContentCache(database, contentTtlMs);
  // Listen for other servers' logouts and edits before serving anything.
  // The Web Push key pair is made on first start and kept (GET /api/push/key hands out its public half).
  await Promise.all([sessions.ready, content.ready, vapidKeys(database)]);
  const audit = createAudit(database, app.log);
  const mailer = createMailer({
    config,
    database,
    log: app.log,
    outbox,
    // Without PUBLIC_URL, links point at where this server listens: right on a laptop only.
    localUrl: () => {
      const address = app.server.address();
      const port = typeof address === "object" && address ? address.port : config.PORT;
      const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
      return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
    },
  });
  app.addHook("onClose", () => mailer.outbox.stop());
  const recovery = createRecovery({ config, database, mailer });
  const invitations = createInvitations({ config, database, mailer });
  const emailLinks = createEmailLinks({ config, database, mailer, sessions });

  registerAccessLog(app, config);
  // Before every route, so each one gets its request span.
  if (tracing) {
    await tracing.register(app);
    app.addHook("onClose", () => tracing.shutdown());
  }
  // Before every other route, so each one is counted.
  const metricsListener = await registerMetrics(app, config, database, overload);
  // Body size per route: sign-in forms are tiny, imports as configured, everything else 1 MB.
  app.addHook("onRoute", (route) => {
    if (FORM_ROUTES.has(route.url)) route.bodyLimit = AUTH_BODY_LIMIT;
    else if (route.url.startsWith("/api/trpc") || LARGE_BODY_ROUTES.has(route.url)) route.bodyLimit = importLimit;
  });
  // The tRPC route takes the import's size; every other procedure on it gets the 1 MB of its REST twin.
  limitTrpcBodies(app, DEFAULT_BODY_LIMIT);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip", "deflate"] });
  await overload.register(app);
  registerSecurityHeaders(app);
  registerWriteGuard(app);
  registerErrorHandler(app);

  // The embedded database's backups (BACKUP_DIR); scheduled only with the background jobs.
  const backups = createBackups({ config, database, log: app.log, audit });
  app.addHook("onClose", () => backups.stop());
  const flows = createFlows(database);
  const createContext = createContextFactory({
    config,
    database,
    content,
    sessions,
    audit,
    recovery,
    mailSent: mailer.sent,
    backups,
    tracing,
    invitations: invitations.services,
    emailLinks,
    passkeyCheck: createPasskeyCheck({ config, database, flows }),
  });
  const onError = ({
    error,
    path,
    ctx,
  }: {
    error: { code: string; message: string; cause?: unknown };
    path?: string | undefined;
    ctx?: Context | undefined;
  }) => {
    if (error.code === "INTERNAL_SERVER_ERROR")
      app.log.error(
        { err: error.cause ?? error, path, reqId: ctx?.requestId, userId: ctx?.user?.id },
        "procedure failed",
      );
  };
  await app.register(fastifyTRPCPlugin, {
    prefix: "/api/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }: { req: FastifyRequest; res: FastifyReply }) => createContext(req, res),
      onError,
      maxBodySize: importLimit,
      // A call the database was too busy for (503) may be tried again shortly, as over REST.
      responseMeta: ({ errors }: { errors: { code: string }[] }) =>
        errors.some((e) => e.code === "SERVICE_UNAVAILABLE")
          ? { headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } }
          : {},
    },
  });
  registerRestRoutes(app, createContext);
  registerRosterCsv(app);
  const sso = registerOidcRoutes(app, { config, database, sessions, audit, flows });
  registerAuthRoutes(app, { config, database, sessions, audit, sso, emailLinks });
  registerPasskeyRoutes(app, { config, database, sessions, audit, flows });
  registerRecoveryRoutes(app, { config, database, sessions, audit, recovery });
  registerBackupRoutes(app, { backups, audit, callerOf: createCallerLookup(sessions, audit) });
  registerInvitationRoutes(app, { config, database, sessions, audit, invitations });
  registerEmailVerificationRoutes(app, { config, database, audit, links: emailLinks });
  registerSecondFactorRoutes(app, { database, sessions, audit });
  await registerApiDocs(app, openApiDocument());
  const lifecycle = createLifecycle(app, database, { graceMs: config.SHUTDOWN_GRACE_MS, overload });
  await registerWebApp(app, config.WEB_DIST, sessions, { content, database });
  if (backgroundJobs) await startBackgroundJobs(app, config, database);
  if (backgroundJobs) app.addHook("onReady", () => backups.start());

  return { app, sessions, content, audit, lifecycle, mailer, metricsListener, backups };
}
