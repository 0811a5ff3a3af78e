/** Sign-in, sign-up and sign-out: GET/POST /api/login, POST /api/register, GET/POST /api/logout. */

import { createHash, timingSafeEqual } from "node:crypto";
import type { SessionUser } from "@jcba/api";
import { accountSchemas, publishOperation } from "@jcba/api";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { refusal } from "../http/errors.ts";
import { addressKey } from "./address-key.ts";
import { csrfTokenFor, formTokenOk, isCrossSite } from "./csrf.ts";
import type { EmailLinks } from "./email-verification.ts";
import { isKnownDevice, rememberDevice } from "./known-device.ts";
import { LOGIN_ERRORS, LOGIN_NOTICES, loginPage, logoutPage, SIGNUP_DONE } from "./login-page.ts";
import type { Provider } from "./oidc/provider.ts";
import { SSO_COOKIE } from "./oidc/routes.ts";
import { passwordProblem } from "./passwords.ts";
import { DbLimiter, failedSignInDelayMs } from "./rate-limit.ts";
import { answerThenSend, wantsJson } from "./recovery.ts";
import { recordLockedRefusal } from "./refusal-audit.ts";
import { secondFactorStep } from "./second-factor/routes.ts";
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from "./sessions.ts";
import { type AuthRouteDeps, sessionOrigin } from "./sign-in.ts";
import { createUser, isDisabled, isEmailVerified, normalizeEmail, verifyCredentials } from "./users.ts";

const { hasControlChars, newPassword } = accountSchemas;
const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !hasControlChars(v, true), "cannot contain control characters");

export const credentials = z.object({ email: oneLine(320), password: z.string().min(1).max(1000) });
export const registration = z.object({
  email: z.email().max(320),
  password: newPassword,
  firstName: oneLine(100),
  lastName: oneLine(100),
  code: z.string().max(200).optional(),
});

/** Sign-in and sign-up forms and JSON bodies are small. */
export const AUTH_BODY_LIMIT = 16 * 1024;

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
const sha256 = (s: string) => createHash("sha256").update(s).digest();

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: AuthRouteDeps & { sso: Provider | null; emailLinks: EmailLinks },
) {
  const { config, database, sessions, audit, sso, emailLinks } = deps;
  const allowSignup = config.ALLOW_SIGNUP && config.PASSWORD_SIGNIN;
  // Failed sign-ins: 10 per address and 5 per account in 15 minutes, then a wait. Sign-ups: SIGNUP_LIMIT
  // per address an hour. Counted in the database, so every server process shares them.
  const failuresByIp = new DbLimiter(database, "fail-ip", 10, 15 * 60_000);
  const failuresByAccount = new DbLimiter(database, "fail-account", 5, 15 * 60_000);
  const signupsByIp = new DbLimiter(database, "signup-ip", config.SIGNUP_LIMIT, 60 * 60_000);
  const signupCode = config.SIGNUP_CODE ? sha256(config.SIGNUP_CODE) : null;

  async function signIn(request: FastifyRequest, reply: FastifyReply, user: SessionUser) {
    const { token, expiresAt } = await sessions.create(user, { ...sessionOrigin(request), signedInWith: "password" });
    setSessionCookie(request, reply, token, expiresAt);
    // Admins go on to enrol or enter a code (second-factor/routes.ts); members are done.
    const secondFactor = await secondFactorStep(database, user);
    if (wantsJson(request)) return reply.send(secondFactor ? { user, secondFactor } : { user });
    return reply.redirect(secondFactor ? "/second-factor" : "/", 303);
  }

  function fail(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    error: string,
    code: TRPC_ERROR_CODE_KEY,
    message?: string,
  ) {
    if (wantsJson(request))
      return reply.code(status).send(refusal(code, message ?? LOGIN_ERRORS.get(error) ?? "Request failed."));
    const mode = error.startsWith("signup") ? "&mode=signup" : "";
    return reply.redirect(`/api/login?error=${encodeURIComponent(error)}${mode}`, 303);
  }

  const limited = (request: FastifyRequest, reply: FastifyReply, wait: number, what: string) => {
    reply.header("Retry-After", String(Math.ceil(wait / 1000)));
    return fail(
      request,
      reply,
      429,
      "limited",
      "TOO_MANY_REQUESTS",
      `Too many ${what}. Try again in ${minutes(wait)} minute(s).`,
    );
  };

  app.get("/api/login", async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const csrfToken = csrfTokenFor(request, reply);
    reply.header("Cache-Control", "no-store").type("text/html; charset=utf-8");
    return loginPage({
      allowSignup,
      passwords: config.PASSWORD_SIGNIN,
      ssoLabel: sso ? config.OIDC_LABEL : null,
      csrfToken,
      error: query.error,
      notice: query.notice,
      mode: query.mode,
      signupDomains: config.SIGNUP_DOMAINS,
      needsCode: signupCode !== null,
    });
  });

  app.post("/api/login", { bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    if (!config.PASSWORD_SIGNIN) return fail(request, reply, 403, "password-off", "FORBIDDEN");
    if (!formTokenOk(request)) return fail(request, reply, 403, "expired", "FORBIDDEN");
    const parsed = credentials.safeParse(request.body ?? {});
    if (!parsed.success) return fail(request, reply, 400, "invalid", "BAD_REQUEST", "Enter your e-mail and password.");
    const email = normalizeEmail(parsed.data.email);
    const address = addressKey(request.ip);
    const { count: addressFailures, waitMs: addressWait } = await failuresByIp.status(address);
    if (addressWait > 0) {
      publishOperation.signinRefused({ reason: "lockout" });
      await recordLockedRefusal(database, audit, { targetType: "address", targetId: address }, request);
      return limited(request, reply, addressWait, "sign-in attempts");
    }
    // A timer, not work: the wait holds this request only.
    const delay = failedSignInDelayMs(addressFailures);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    // Strangers' wrong passwords lock the account for strangers, not for the owner's known device.
    const accountWait = await failuresByAccount.retryAfter(email);
    if (accountWait > 0 && !(await isKnownDevice(database, request, email))) {
      publishOperation.signinRefused({ reason: "lockout" });
      await recordLockedRefusal(database, audit, { targetType: "email", targetId: email }, request);
      return limited(request, reply, accountWait, "sign-in attempts");
    }
    const user = await verifyCredentials(database, email, parsed.data.password);
    if (!user) {
      publishOperation.signinRefused({ reason: "failure" });
      await Promise.all([failuresByIp.hit(address), failuresByAccount.hit(email)]);
      await audit.record({ kind: "signin.failure", targetType: "email", targetId: email }, request);
      return fail(request, reply, 401, "invalid", "UNAUTHORIZED");
    }
    await failuresByAccount.reset(email);
    // Said only to someone who knows the password: a disabled or unconfirmed account is no secret from its owner.
    const refusedOwner = async (reason: "disabled" | "unverified") => {
      const after = { reason };
      await audit.record(
        { kind: "signin.failure", actorUserId: user.id, targetType: "user", targetId: user.id, after },
        request,
      );
      publishOperation.signinRefused({ reason: "failure" });
    };
    if (await isDisabled(database, user.id)) {
      await refusedOwner("disabled");
      return fail(request, reply, 403, "disabled", "FORBIDDEN");
    }
    // The page then offers to send the link again.
    if (config.REQUIRE_EMAIL_VERIFICATION && !(await isEmailVerified(database, user.id))) {
      await refusedOwner("unverified");
      if (wantsJson(request))
        return reply.code(403).send({ code: "EMAIL_UNVERIFIED", message: LOGIN_ERRORS.get("unverified")! });
      return reply.redirect("/api/login?error=unverified", 303);
    }
    await audit.record(
      { kind: "signin.success", actorUserId: user.id, targetType: "user", targetId: user.id },
      request,
    );
    await rememberDevice(database, request, reply, user.id);
    return signIn(request, reply, user);
  });

  app.post("/api/register", { bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    if (!allowSignup) return fail(request, reply, 403, "signup-closed", "FORBIDDEN");
    if (!formTokenOk(request)) return fail(request, reply, 403, "expired", "FORBIDDEN");
    const parsed = registration.safeParse(request.body ?? {});
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const field = first?.path[0];
      return fail(
        request,
        reply,
        400,
        field === "password" ? "signup-password" : "signup-invalid",
        "BAD_REQUEST",
        first ? `${first.path.join(".")}: ${first.message}` : undefined,
      );
    }
    const input = parsed.data;
    const email = normalizeEmail(input.email);
    const address = addressKey(request.ip);
    const blocked = await failuresByIp.retryAfter(address);
    if (blocked > 0) return limited(request, reply, blocked, "sign-ups from your network");
    const domain = email.split("@").pop()!;
    if (config.SIGNUP_DOMAINS.length > 0 && !config.SIGNUP_DOMAINS.includes(domain)) {
      await audit.record(
        { kind: "signup.refused", targetType: "email", targetId: email, after: { reason: "domain" } },
        request,
      );
      return fail(request, reply, 403, "signup-domain", "FORBIDDEN");
    }
    if (signupCode) {
      const sent = sha256(input.code ?? "");
      if (!timingSafeEqual(sent, signupCode)) {
        await failuresByIp.hit(address);
        await audit.record(
          { kind: "signup.refused", targetType: "email", targetId: email, after: { reason: "code" } },
          request,
        );
        return fail(request, reply, 403, "signup-code", "FORBIDDEN");
      }
    }
    // Counted before the costly part (the strength estimate, the hash), and in one statement, so
    // parallel sign-ups cannot all pass the check before any of them is counted.
    const wait = await signupsByIp.take(address);
    if (wait > 0) return limited(request, reply, wait, "sign-ups from your network");
    const problem = await passwordProblem(input.password, email);
    if (problem) return fail(request, reply, 400, "signup-password", "BAD_REQUEST", `password: ${problem}`);
    // The answer is the same whether or not the address already had an account, and takes as long
    // (the password is hashed either way): sign-up does not tell anyone who is a member.
    const verify = config.REQUIRE_EMAIL_VERIFICATION;
    const user = await createUser(database, { ...input, email, emailVerified: false });
    if (user)
      await audit.record(
        { kind: "signup.success", actorUserId: user.id, targetType: "user", targetId: user.id },
        request,
      );
    else
      await audit.record(
        { kind: "signup.refused", targetType: "email", targetId: email, after: { reason: "taken" } },
        request,
      );
    // A new account, or one still waiting for its link, is sent one; the answer is the same either way.
    return answerThenSend(
      request,
      reply,
      verify
        ? { notice: "signup-verify", message: LOGIN_NOTICES.get("signup-verify") }
        : { notice: "signup", message: SIGNUP_DONE },
      verify ? { link: () => emailLinks.sendVerificationTo(email), failure: "verification link not queued" } : null,
    );
  });

  /** Ends the session here; answers where to end the provider's session too (an SSO sign-in), or null. */
  async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const token = sessionTokenOf(request);
    if (token) {
      const session = await sessions.validate(token);
      await sessions.invalidate(token);
      if (session) await audit.record({ kind: "signout", actorUserId: session.user.id }, request);
    }
    clearSessionCookie(request, reply);
    const idToken = request.cookies[SSO_COOKIE];
    if (!idToken) return null;
    reply.clearCookie(SSO_COOKIE, { path: "/api" });
    return sso ? sso.endSessionUrl(idToken) : null;
  }

  // The spec's browser navigation: the app's Logout link is a same-origin navigation and signs out at
  // once. From anywhere else (a link on another site, an image tag) it only shows a Sign out button.
  app.get("/api/logout", async (request, reply) => {
    const site = request.headers["sec-fetch-site"];
    if (!sessionTokenOf(request)) return reply.redirect("/", 303);
    if (site === "same-origin") return reply.redirect((await signOut(request, reply)) ?? "/", 303);
    const csrfToken = csrfTokenFor(request, reply);
    return reply.header("Cache-Control", "no-store").type("text/html; charset=utf-8").send(logoutPage(csrfToken));
  });

  app.post("/api/logout", { bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    if (isCrossSite(request) || !formTokenOk(request))
      return reply.code(403).send(refusal("FORBIDDEN", LOGIN_ERRORS.get("expired")!));
    const endSessionUrl = await signOut(request, reply);
    if (wantsJson(request)) return reply.send(endSessionUrl ? { signedOut: true, endSessionUrl } : { signedOut: true });
    return reply.redirect(endSessionUrl ?? "/", 303);
  });
}
