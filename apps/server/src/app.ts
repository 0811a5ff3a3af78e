/** Builds the Fastify server: tRPC at /api/trpc, REST at /api/*, auth pages, docs and the built web app. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Writable } from "node:stream";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import fastifyStatic from "@fastify/static";
import {
  type AccountServices,
  appRouter,
  type CallerAuth,
  type ContentCache,
  type Context,
  createContentCache,
  INTERNAL_MESSAGE,
  type SessionUser,
  type UserSessionServices,
} from "@jcba/api";
import type { Database } from "@jcba/db";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import helmet from "helmet";
import { registerApiDocs } from "./api-docs/index.ts";
import { createAudit } from "./audit.ts";
import { AUTH_BODY_LIMIT, registerAuthRoutes, setSessionCookie } from "./auth-routes.ts";
import type { Config } from "./config.ts";
import { FORM_ROUTES, registerWriteGuard } from "./csrf.ts";
import { createLifecycle } from "./lifecycle.ts";
import { errorSerializer } from "./log.ts";
import { openApiDocument } from "./openapi.ts";
import { PasswordWorkBusy, passwordProblem } from "./passwords.ts";
import { registerRestRoutes } from "./rest.ts";
import { createSessions, SESSION_COOKIE, type Sessions } from "./sessions.ts";
import { limitTrpcBodies } from "./trpc-body-limit.ts";
import { setPassword, verifyUserPassword } from "./users.ts";

const HOUR = 60 * 60 * 1000;
/** Every JSON body but imports (and the tRPC endpoint that carries them). */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

const HTTP_CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

export interface AppDeps {
  config: Config;
  database: Database;
  /** For tests: a shorter or longer content cache. */
  contentTtlMs?: number;
  /** For tests: where log lines go (standard output otherwise). */
  logStream?: Writable;
}

export async function buildApp({ config, database, contentTtlMs, logStream }: AppDeps) {
  const importLimit = Math.round(config.IMPORT_MAX_MB * 1024 * 1024);
  const app = Fastify({
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.passwordHash"],
            serializers: { err: errorSerializer },
            ...(logStream ? { stream: logStream } : {}),
          },
    // Fastify's two info lines per request cost more than the work of a cached read; the access
    // log below keeps one line per request at debug and a sample at info.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count or proxy addresses (config.ts refuses "trust everyone").
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
    // While draining, lifecycle.ts answers in the API's own error format.
    return503OnClosing: false,
  });
  const sessions: Sessions = createSessions(database, {
    memberMs: config.SESSION_DAYS * 24 * HOUR,
    adminMs: config.ADMIN_SESSION_HOURS * HOUR,
  });
  const content: ContentCache = createContentCache(database, contentTtlMs);
  // Listen for other servers' logouts and edits before serving anything.
  await Promise.all([sessions.ready, content.ready]);

  const sample = config.ACCESS_LOG_SAMPLE;
  const debugEnabled = ["debug", "trace"].includes(config.LOG_LEVEL);
  app.addHook("onResponse", (request, reply, done) => {
    const ms = reply.elapsedTime;
    // Every slow answer, and a sample of the rest, at info; all of them at debug.
    const atInfo = ms > 1000 || (sample > 0 && Math.random() < sample);
    if (atInfo || debugEnabled) {
      const line = { reqId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms };
      if (atInfo) request.log.info(line, "request");
      else request.log.debug(line, "request");
    }
    done();
  });
  const audit = createAudit(database, app.log);

  // Body size per route: sign-in forms are tiny, imports as configured, everything else 1 MB.
  app.addHook("onRoute", (route) => {
    if (FORM_ROUTES.has(route.url)) route.bodyLimit = AUTH_BODY_LIMIT;
    else if (route.url.startsWith("/api/trpc") || route.url === "/api/admin/import") route.bodyLimit = importLimit;
  });
  limitTrpcBodies(app, DEFAULT_BODY_LIMIT);

  await app.register(cookie);
  await app.register(formbody);
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip", "deflate"] });
  // Security headers from helmet, its middleware built once (the Fastify plugin rebuilds it per request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // helmet's headers are the same on every answer: collect them once and copy them in.
  const headerNames: string[] = [];
  const headerValues: (string | number | readonly string[])[] = [];
  securityHeaders(
    {} as never,
    {
      setHeader(name: string, value: string | number | readonly string[]) {
        headerNames.push(name);
        headerValues.push(value);
      },
      removeHeader() {},
    } as never,
    () => {},
  );
  app.addHook("onRequest", (_request, reply, done) => {
    for (let i = 0; i < headerNames.length; i++) reply.raw.setHeader(headerNames[i]!, headerValues[i]!);
    done();
  });

  registerWriteGuard(app);

  // Authenticated answers are personal: no browser or proxy keeps a copy.
  app.addHook("onSend", async (request, reply, payload) => {
    if (
      request.url.startsWith("/api/") &&
      (request.headers.authorization !== undefined || request.cookies[SESSION_COOKIE] !== undefined) &&
      !reply.hasHeader("Cache-Control")
    )
      reply.header("Cache-Control", "no-store");
    return payload;
  });

  /** Who is calling, and how: a session cookie (sliding its expiry) or a personal API token. */
  async function callerOf(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ user: SessionUser; auth: CallerAuth } | null> {
    const header = request.headers.authorization;
    if (header?.startsWith("Bearer ")) {
      const valid = await sessions.validateApiToken(header.slice(7).trim());
      if (!valid) return null;
      // Recorded when the token is read from the database: at most every few seconds per token.
      if (valid.fresh)
        await audit.record(
          { kind: "token.used", actorUserId: valid.user.id, targetType: "api_token", targetId: valid.tokenId },
          request,
        );
      return { user: valid.user, auth: { kind: "token", tokenId: valid.tokenId, scope: valid.scope } };
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    const session = await sessions.validate(token);
    if (!session) return null;
    if (session.renewed) setSessionCookie(request, reply, token, session.expiresAt);
    return { user: session.user, auth: { kind: "session", sessionId: session.id } };
  }

  const accountServices = (request: FastifyRequest): AccountServices => ({
    tokenDays: config.TOKEN_DAYS,
    verifyPassword: (userId, password) => verifyUserPassword(database, userId, password),
    passwordProblem,
    setPassword: (userId, password, keepSessionId) => setPassword(database, sessions, userId, password, keepSessionId),
    forgetToken: (hash) => sessions.invalidateApiToken(hash),
    audit: (event) => audit.record(event, request),
  });

  const userSessions: UserSessionServices = {
    endAll: (userId) => sessions.invalidateUser(userId),
    changed: (userId) => sessions.userChanged(userId),
  };

  const createContext = async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    // Taken before the session lookup, which may wait; orders last-write-wins updates such as mastery.
    const receivedAt = new Date();
    const caller = await callerOf(req, res);
    return {
      database,
      content,
      receivedAt,
      user: caller?.user ?? null,
      ...(caller ? { auth: caller.auth } : {}),
      account: accountServices(req),
      userSessions,
      ip: req.ip,
      requestId: req.id,
    };
  };

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

  // Set before the routes: a route keeps the error handler in place when it is registered. Errors
  // Fastify raises itself (malformed JSON, too large, wrong media type) get the { message, code } body too.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    // Busy, not broken (passwords.ts): the client may try again shortly.
    if (error instanceof PasswordWorkBusy)
      return reply.code(503).header("Retry-After", "5").send({ message: error.message, code: "SERVICE_UNAVAILABLE" });
    if (status >= 500) request.log.error({ err: error }, "request failed");
    reply
      .code(status)
      .send(
        status >= 500
          ? { message: INTERNAL_MESSAGE, code: "INTERNAL_SERVER_ERROR", requestId: request.id }
          : { message: error.message, code: HTTP_CODES[status] ?? "BAD_REQUEST" },
      );
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: "/api/trpc",
    trpcOptions: { router: appRouter, createContext, onError, maxBodySize: importLimit },
  });
  registerRestRoutes(app, (request, reply) => createContext({ req: request, res: reply }));

  registerAuthRoutes(app, { config, database, sessions, audit });

  await registerApiDocs(app, openApiDocument());
  const lifecycle = createLifecycle(app, database, { graceMs: config.SHUTDOWN_GRACE_MS });

  // The web app: hashed assets cached for a year, index.html for every other page path.
  const dist = config.WEB_DIST;
  const hasWeb = existsSync(join(dist, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.header("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  // Pages: index.html for every path. Signed-out visitors are marked so the static landing page shows
  // at once, without waiting for a script to ask who they are.
  const indexHtml = hasWeb ? readFileSync(join(dist, "index.html"), "utf8") : "";
  const signedOutHtml = indexHtml.replace('<html lang="en">', '<html lang="en" data-auth="out">');
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== "GET" || request.url.startsWith("/api/")) {
      return reply
        .code(404)
        .send({ message: `No route for ${request.method} ${request.url.split("?")[0]}.`, code: "NOT_FOUND" });
    }
    if (!hasWeb)
      return reply.code(503).type("text/plain").send("The web app is not built. Run the start command from README.md.");
    const token = request.cookies[SESSION_COOKIE];
    const signedIn = token ? (await sessions.validate(token)) !== null : false;
    reply.header("Cache-Control", "no-cache").header("Vary", "Cookie").type("text/html; charset=utf-8");
    return signedIn ? indexHtml : signedOutHtml;
  });

  return { app, sessions, content, audit, lifecycle };
}
