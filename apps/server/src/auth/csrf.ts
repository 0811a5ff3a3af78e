/**
 * Cross-site request forgery defences. SameSite=Lax cookies are one layer; on top of it:
 * - a browser's write that says it comes from another site (Sec-Fetch-Site, or an Origin that is not
 *   this server) is refused;
 * - cookie-authenticated writes take only JSON bodies, which a cross-site HTML form cannot send;
 * - the three HTML forms (sign-in, sign-up, sign-out) carry a token that must match a cookie.
 * Calls with `Authorization: Bearer` carry no cookie a browser would add, so they pass.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { refusal } from "../http/errors.ts";
import { ROSTER_ROUTE } from "../http/rest.ts";

export const CSRF_COOKIE = "jcba_csrf";
/** Routes that accept HTML form posts (each checks the form token itself). */
export const FORM_ROUTES = new Set([
  "/api/login",
  "/api/register",
  "/api/logout",
  "/api/password/forgot",
  "/api/password/reset",
  "/api/invitations/accept",
  "/api/email/verify",
  "/api/email/verify/resend",
]);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const contentType = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
const isJson = (request: FastifyRequest) => {
  const type = contentType(request);
  return type === "application/json" || type.endsWith("+json");
};

const hasBody = (request: FastifyRequest) =>
  request.headers["transfer-encoding"] !== undefined ||
  (request.headers["content-length"] !== undefined && request.headers["content-length"] !== "0");

/** True when the browser says the request comes from another site. */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string") return site !== "same-origin" && site !== "none";
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true; // "null" (a sandboxed frame, a file) or garbage
  }
}

export function registerWriteGuard(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    if (request.headers.authorization?.startsWith("Bearer ")) return;
    if (isCrossSite(request))
      return reply.code(403).send(refusal("FORBIDDEN", "Requests from other sites cannot change anything here."));
    const path = request.url.split("?")[0]!;
    if (FORM_ROUTES.has(path)) return;
    // A roster may come as the CSV file itself, which a cross-site form cannot send either.
    if (path === ROSTER_ROUTE && contentType(request) === "text/csv") return;
    if ((request.method !== "DELETE" || hasBody(request)) && !isJson(request))
      return reply
        .code(415)
        .send(refusal("UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON (Content-Type: application/json)."));
  });
}

const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

/** The form token for this browser: the one in its cookie, or a new one set now. */
export function csrfTokenFor(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && TOKEN_FORM.test(existing)) return existing;
  const token = randomBytes(32).toString("base64url");
  reply.setCookie(CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    path: "/api",
  });
  return token;
}

/** A form post must carry the token of its cookie; a JSON body cannot come from a cross-site form. */
export function formTokenOk(request: FastifyRequest): boolean {
  if (isJson(request)) return true;
  const cookie = request.cookies[CSRF_COOKIE];
  const sent = (request.body as Record<string, unknown> | undefined)?._csrf;
  if (!cookie || typeof sent !== "string" || !TOKEN_FORM.test(cookie) || sent.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(cookie));
}
