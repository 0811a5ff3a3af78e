/**
 * The server's log lines: what they leave out (cookies, tokens, passwords, statement parameters) and
 * one line per answered request, at debug, with every slow answer and a sample of the rest at info.
 */
import type { Writable } from "node:stream";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Config } from "../process/config.ts";
import { errorSerializer } from "../process/log.ts";

/** Fastify's logger options: false when LOG_LEVEL is silent. */
export function loggerOptions(config: Config, stream?: Writable): FastifyServerOptions["logger"] {
  if (config.LOG_LEVEL === "silent") return false;
  return {
    level: config.LOG_LEVEL,
    redact: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.passwordHash"],
    serializers: { err: errorSerializer },
    ...(stream ? { stream } : {}),
  };
}

/** Query parameters whose values are secrets (a reset or invitation token, a code, a password): never logged. */
const SECRET_PARAM = /token|password|code|secret/i;

/**
 * The request's path and query as logged: the value of every secret parameter replaced by
 * `[redacted]`. Hand-written: the query is split on `&` as the server reads it, so no parameter a
 * client sends can slip past in a form the URL parser would read differently.
 */
export function redactedUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll("+", " "));
      } catch {
        // Not valid percent-encoding: judged as sent.
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join("&")}`;
}

/**
 * Fastify's own two info lines per request cost more than the work of a cached read (the app turns
 * them off); this keeps one line per request at debug and a sample at info.
 */
export function registerAccessLog(app: FastifyInstance, config: Config) {
  const sample = config.ACCESS_LOG_SAMPLE;
  const debugEnabled = ["debug", "trace"].includes(config.LOG_LEVEL);
  app.addHook("onResponse", (request, reply, done) => {
    const ms = reply.elapsedTime;
    // Every slow answer, and a sample of the rest, at info; all of them at debug.
    const atInfo = ms > 1000 || (sample > 0 && Math.random() < sample);
    if (atInfo || debugEnabled) {
      const line = {
        reqId: request.id,
        method: request.method,
        url: redactedUrl(request.url),
        status: reply.statusCode,
        ms,
      };
      if (atInfo) request.log.info(line, "request");
      else request.log.debug(line, "request");
    }
    done();
  });
}
