/** Sign-in, sign-up and sign-out: GET/POST /api/login, POST /api/register, GET/POST /api/logout. */

import type { SessionUser } from "@jcba/api";
import type { Database } from "@jcba/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Config } from "./config.ts";
import { LOGIN_ERRORS, loginPage } from "./login-page.ts";
import { FailureLimiter } from "./rate-limit.ts";
import { SESSION_COOKIE, SESSION_DAYS, type Sessions } from "./sessions.ts";
import { createUser, normalizeEmail, verifyCredentials } from "./users.ts";

export const credentials = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1000),
});
export const registration = z.object({
  email: z.email().max(320),
  password: z.string().min(8).max(1000),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
});

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    path: "/",
    expires: expiresAt,
  });
}

const wantsJson = (request: FastifyRequest) => (request.headers["content-type"] ?? "").startsWith("application/json");
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { config: Config; database: Database; sessions: Sessions },
) {
  const { config, database, sessions } = deps;
  // 10 failures per IP and 5 per account in 15 minutes, then a wait.
  const byIp = new FailureLimiter(10, 15 * 60_000);
  const byAccount = new FailureLimiter(5, 15 * 60_000);

  async function signIn(request: FastifyRequest, reply: FastifyReply, user: SessionUser) {
    const { token, expiresAt } = await sessions.create(user.id);
    setSessionCookie(request, reply, token, expiresAt);
    if (wantsJson(request)) return reply.send({ user });
    return reply.redirect("/", 303);
  }

  function fail(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    error: keyof typeof LOGIN_ERRORS | string,
    code: string,
    extra?: string,
  ) {
    if (wantsJson(request))
      return reply.code(status).send({ message: extra ?? LOGIN_ERRORS[error] ?? "Request failed.", code });
    const mode = error.startsWith("signup") ? "&mode=signup" : "";
    return reply.redirect(`/api/login?error=${encodeURIComponent(error)}${mode}`, 303);
  }

  app.get("/api/login", async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    reply.header("Cache-Control", "no-store").type("text/html; charset=utf-8");
    return loginPage({ allowSignup: config.ALLOW_SIGNUP, error: query.error, mode: query.mode });
  });

  app.post("/api/login", async (request, reply) => {
    const parsed = credentials.safeParse(request.body ?? {});
    if (!parsed.success) return fail(request, reply, 400, "invalid", "BAD_REQUEST", "Enter your e-mail and password.");
    const ipKey = `ip:${request.ip}`;
    const accountKey = `account:${normalizeEmail(parsed.data.email)}`;
    const wait = Math.max(byIp.retryAfter(ipKey), byAccount.retryAfter(accountKey));
    if (wait > 0) {
      reply.header("Retry-After", String(Math.ceil(wait / 1000)));
      return fail(
        request,
        reply,
        429,
        "limited",
        "TOO_MANY_REQUESTS",
        `Too many sign-in attempts. Try again in ${minutes(wait)} minute(s).`,
      );
    }
    const user = await verifyCredentials(database, parsed.data.email, parsed.data.password);
    if (!user) {
      byIp.fail(ipKey);
      byAccount.fail(accountKey);
      return fail(request, reply, 401, "invalid", "UNAUTHORIZED");
    }
    byAccount.reset(accountKey);
    return signIn(request, reply, user);
  });

  app.post("/api/register", async (request, reply) => {
    if (!config.ALLOW_SIGNUP) return fail(request, reply, 403, "signup-closed", "FORBIDDEN");
    const parsed = registration.safeParse(request.body ?? {});
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return fail(
        request,
        reply,
        400,
        "signup-invalid",
        "BAD_REQUEST",
        first ? `${first.path.join(".")}: ${first.message}` : undefined,
      );
    }
    const ipKey = `ip:${request.ip}`;
    const wait = byIp.retryAfter(ipKey);
    if (wait > 0) return fail(request, reply, 429, "limited", "TOO_MANY_REQUESTS");
    const user = await createUser(database, parsed.data);
    if (!user) {
      byIp.fail(ipKey);
      return fail(request, reply, 400, "signup", "BAD_REQUEST");
    }
    return signIn(request, reply, user);
  });

  async function signOut(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await sessions.invalidate(token);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.redirect("/", 303);
  }
  // GET for the web app's sign-out link; POST for scripts and forms.
  app.get("/api/logout", signOut);
  app.post("/api/logout", signOut);
}

export { SESSION_DAYS };
