/**
 * Password recovery: 'Forgot password?' sends a single-use link (PUBLIC_URL/reset-password?token=…)
 * that sets a new password, ends every session and signs the member in on that device. The token has
 * 256 random bits and only its SHA-256 is stored; it expires after PASSWORD_RESET_MINUTES, and a new
 * request voids older links. Asking answers the same, in the same time, whether or not the address
 * has an account: the lookup and the e-mail happen after the answer.
 */
import { accountSchemas } from "@jcba/api";
import { accountTokens, type Database, userColumns, users } from "@jcba/db";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { refusal } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { passwordResetMessage } from "../mail/messages.ts";
import type { Config } from "../process/config.ts";
import { addressKey } from "./address-key.ts";
import { csrfTokenFor, formTokenOk } from "./csrf.ts";
import { rememberDevice } from "./known-device.ts";
import { accountLinkProblem, newLinkToken, storeAccountLink, takeAccountLink } from "./link-tokens.ts";
import { LOGIN_ERRORS, LOGIN_NOTICES, loginPage } from "./login-page.ts";
import { passwordProblem } from "./passwords.ts";
import { DbLimiter } from "./rate-limit.ts";
import { hashToken, setSessionCookie } from "./sessions.ts";
import type { AuthRouteDeps } from "./sign-in.ts";
import { normalizeEmail, setPassword } from "./users.ts";

export const RESET_PATH = "/reset-password";
export const FORGOT_SENT = LOGIN_NOTICES.get("reset-sent")!;

export const forgotInput = z.object({ email: z.email("Enter a valid e-mail address.").max(320) });
export const resetInput = z.object({
  token: z.string().min(1).max(200),
  password: accountSchemas.newPassword,
  /** The form's second password field; scripts leave it out. */
  confirm: z.string().max(2000).optional(),
});

/** Why a link cannot be used; each is also a key of LOGIN_ERRORS. */
type LinkProblem = "reset-invalid" | "reset-used" | "reset-expired";

export interface Recovery {
  /** Sends a reset link to the member; false when there is no such member or the account is disabled. */
  sendLink(userId: number): Promise<boolean>;
}

export function createRecovery(deps: { config: Config; database: Database; mailer: Mailer }): Recovery & {
  sendLinkTo(email: string): Promise<void>;
  linkProblem(token: string): Promise<LinkProblem | null>;
  consume(token: string): Promise<{ userId: number } | LinkProblem>;
} {
  const { config, database, mailer } = deps;
  const lifetimeMs = config.PASSWORD_RESET_MINUTES * 60_000;

  async function sendTo(where: ReturnType<typeof eq>): Promise<boolean> {
    const [user] = await database.db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(where, isNull(users.disabledAt)));
    if (!user) return false;
    const { token, hash } = newLinkToken();
    const message = passwordResetMessage({
      firstName: user.firstName,
      link: mailer.link(RESET_PATH, { token }),
      minutes: config.PASSWORD_RESET_MINUTES,
    });
    await database.transaction(async (tx) => {
      await storeAccountLink(tx.db, { userId: user.id, purpose: "password-reset", hash, lifetimeMs });
      await mailer.queue([{ kind: "password-reset", to: user.email, ...message }], tx);
    });
    mailer.sent();
    return true;
  }

  async function linkProblem(token: string): Promise<LinkProblem | null> {
    const problem = await accountLinkProblem(database.db, token, ["password-reset"]);
    return problem && `reset-${problem}`;
  }

  return {
    sendLink: (userId) => sendTo(eq(users.id, userId)),
    async sendLinkTo(email) {
      await sendTo(eq(users.email, email));
    },
    linkProblem,
    async consume(token) {
      const row = await takeAccountLink(database.db, token, ["password-reset"]);
      if (!row) return (await linkProblem(token)) ?? "reset-used";
      return { userId: row.userId };
    },
  };
}

export const wantsJson = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").startsWith("application/json");

/**
 * The page of an e-mailed link: its token (bounded before any lookup) and why it cannot be used, with
 * the answer's headers set: never cached, and the token in its address never sent on in a Referer.
 */
export async function linkPage<P extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  problemOf: (token: string) => Promise<P | null>,
  invalid: P,
): Promise<{ token: string; problem: P | null; error: unknown }> {
  const query = request.query as Record<string, unknown>;
  const token = typeof query.token === "string" ? query.token : "";
  const problem = token && token.length <= 200 ? await problemOf(token) : invalid;
  reply.header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer").type("text/html; charset=utf-8");
  return { token, problem, error: problem ?? query.error };
}

/** A refusal of an e-mailed link's routes: JSON for scripts, back to a page with ?error= for the form. */
export function refuseForm(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  error: string,
  page: string,
  message?: string,
) {
  if (wantsJson(request))
    return reply
      .code(status)
      .send(
        refusal(
          status === 429
            ? "TOO_MANY_REQUESTS"
            : status === 403
              ? "FORBIDDEN"
              : status === 409
                ? "CONFLICT"
                : "BAD_REQUEST",
          message ?? LOGIN_ERRORS.get(error) ?? "Request failed.",
        ),
      );
  const separator = page.includes("?") ? "&" : "?";
  return reply.redirect(`${page}${separator}error=${encodeURIComponent(error)}`, 303);
}

/** The page an e-mailed link opens (its form, or why the link cannot be used). */
export function linkFormPage(
  request: FastifyRequest,
  reply: FastifyReply,
  options: Omit<Parameters<typeof loginPage>[0], "csrfToken">,
) {
  reply
    .header("Cache-Control", "no-store")
    // The token is in this page's address: no other site may see it in a Referer.
    .header("Referrer-Policy", "no-referrer")
    .type("text/html; charset=utf-8");
  return loginPage({ ...options, csrfToken: csrfTokenFor(request, reply) });
}

/**
 * The form of a page that e-mails a link (forgot password, send the verification again): its CSRF
 * token, a well-formed address, then one request counted against the client's address and the e-mail
 * address (`limits`, in that order) before any lookup, so a flood costs the server nothing more.
 */
export async function readEmailForm(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { page: string; limits: readonly [DbLimiter, DbLimiter]; what: string },
): Promise<{ email: string } | { refused: FastifyReply }> {
  const { page, limits, what } = options;
  if (!formTokenOk(request)) return { refused: refuseForm(request, reply, 403, "expired", page) };
  const parsed = forgotInput.safeParse(request.body ?? {});
  if (!parsed.success) return { refused: refuseForm(request, reply, 400, "forgot-invalid", page) };
  const email = normalizeEmail(parsed.data.email);
  const wait = Math.max(await limits[0].take(addressKey(request.ip)), await limits[1].take(email));
  if (wait === 0) return { email };
  reply.header("Retry-After", String(Math.ceil(wait / 1000)));
  const minutes = Math.max(1, Math.ceil(wait / 60_000));
  return {
    refused: refuseForm(
      request,
      reply,
      429,
      "limited",
      page,
      `Too many requests for ${what}. Try again in ${minutes} minute(s).`,
    ),
  };
}

/**
 * Answers a form that e-mails a link (sign-up, forgot password, send the verification again), then
 * sends the link (`send`, null when there is none to send): after the answer, so the answer and its
 * time say nothing about whether the address has an account.
 */
export function answerThenSend(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { notice: string; message: string | undefined },
  send: { link: () => Promise<unknown>; failure: string } | null,
) {
  if (send)
    setImmediate(() => {
      send.link().catch((err) => request.log.error({ err }, send.failure));
    });
  if (wantsJson(request)) return reply.send({ message: answer.message });
  return reply.redirect(`/api/login?notice=${answer.notice}`, 303);
}

/**
 * The form an e-mailed link opened (a password reset, an invitation): its form token, then its token,
 * new password and confirmation. A refusal goes back to the form (`path?token=…`), or for a bad
 * token to `invalidPage` with `invalidError`.
 */
export function readLinkForm(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  invalidError: string,
  invalidPage: string,
): { input: z.infer<typeof resetInput>; formPage: string } | { refused: FastifyReply } {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const token = typeof body.token === "string" ? body.token : "";
  const formPage = `${path}?token=${encodeURIComponent(token)}`;
  if (!formTokenOk(request)) return { refused: refuseForm(request, reply, 403, "expired", formPage) };
  const parsed = resetInput.safeParse(body);
  if (parsed.success) return { input: parsed.data, formPage };
  const issue = parsed.error.issues[0];
  if (issue?.path[0] === "password")
    return { refused: refuseForm(request, reply, 400, "reset-password", formPage, `password: ${issue.message}`) };
  return { refused: refuseForm(request, reply, 400, invalidError, invalidPage) };
}

export function registerRecoveryRoutes(
  app: FastifyInstance,
  deps: AuthRouteDeps & { recovery: ReturnType<typeof createRecovery> },
) {
  const { config, database, sessions, audit, recovery } = deps;
  // Like sign-in: 30 requests per address (a union office shares one) and 5 per e-mail address in
  // 15 minutes, then a wait.
  const byClient = new DbLimiter(database, "forgot-ip", 30, 15 * 60_000);
  const byAccount = new DbLimiter(database, "forgot-account", 5, 15 * 60_000);

  app.post("/api/password/forgot", async (request, reply) => {
    const form = await readEmailForm(request, reply, {
      page: "/api/login?mode=forgot",
      limits: [byClient, byAccount],
      what: "a new password",
    });
    if ("refused" in form) return form.refused;
    const { email } = form;
    await audit.record({ kind: "password.forgot", targetType: "email", targetId: email }, request);
    return answerThenSend(
      request,
      reply,
      { notice: "reset-sent", message: FORGOT_SENT },
      { link: () => recovery.sendLinkTo(email), failure: "password-reset link not queued" },
    );
  });

  app.get(RESET_PATH, async (request, reply) => {
    const { token, problem, error } = await linkPage(request, reply, recovery.linkProblem, "reset-invalid");
    return loginPage({
      allowSignup: config.ALLOW_SIGNUP,
      csrfToken: csrfTokenFor(request, reply),
      error,
      mode: problem ? "forgot" : "reset",
      resetToken: problem ? undefined : token,
    });
  });

  app.post("/api/password/reset", async (request, reply) => {
    const form = readLinkForm(request, reply, RESET_PATH, "reset-invalid", "/api/login?mode=forgot");
    if ("refused" in form) return form.refused;
    const { input, formPage: resetPage } = form;
    const problem = await recovery.linkProblem(input.token);
    if (problem) return refuseForm(request, reply, 400, problem, "/api/login?mode=forgot");
    if (input.confirm !== undefined && input.confirm !== input.password)
      return refuseForm(request, reply, 400, "reset-mismatch", resetPage);
    const [owner] = await database.db
      .select({ ...userColumns, disabledAt: users.disabledAt })
      .from(users)
      .innerJoin(accountTokens, eq(accountTokens.userId, users.id))
      .where(eq(accountTokens.tokenHash, hashToken(input.token)));
    if (!owner) return refuseForm(request, reply, 400, "reset-invalid", "/api/login?mode=forgot");
    if (owner.disabledAt) return refuseForm(request, reply, 403, "disabled", "/api/login");
    const weak = await passwordProblem(input.password, owner.email);
    if (weak) return refuseForm(request, reply, 400, "reset-password", resetPage, `password: ${weak}`);
    const used = await recovery.consume(input.token);
    if (typeof used === "string") return refuseForm(request, reply, 400, used, "/api/login?mode=forgot");
    // Every session and API token ends; this device is signed in with a new session.
    await setPassword(database, sessions, owner.id, input.password);
    await database.db
      .delete(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, owner.id),
          eq(accountTokens.purpose, "password-reset"),
          ne(accountTokens.tokenHash, hashToken(input.token)),
        ),
      );
    await audit.record(
      { kind: "password.reset", actorUserId: owner.id, targetType: "user", targetId: owner.id },
      request,
    );
    const { disabledAt: _disabled, ...user } = owner;
    const session = await sessions.create(user);
    setSessionCookie(request, reply, session.token, session.expiresAt);
    await rememberDevice(database, request, reply, user.id);
    if (wantsJson(request)) return reply.send({ message: "Your password is changed and you are signed in.", user });
    return reply.redirect("/", 303);
  });
}
