/**
 * Headers on every answer: helmet's security headers (a strict content security policy among them),
 * and no-store on personal API answers so no browser or proxy keeps a copy.
 */
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { sessionTokenOf } from "../auth/sessions.ts";

export function registerSecurityHeaders(app: FastifyInstance) {
  // helmet's middleware built once (the Fastify plugin rebuilds it per request).
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

  // Authenticated answers are personal: no browser or proxy keeps a copy.
  app.addHook("onSend", async (request, reply, payload) => {
    if (
      request.url.startsWith("/api/") &&
      (request.headers.authorization !== undefined || sessionTokenOf(request) !== undefined) &&
      !reply.hasHeader("Cache-Control")
    )
      reply.header("Cache-Control", "no-store");
    return payload;
  });
}
