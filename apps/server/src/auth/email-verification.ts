import { accountTokens, type Database, users } from "@jcba/db";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Mailer } from "../mail/mailer.ts";
import { emailChangedNotice, emailChangeMessage, verifyEmailMessage } from "../mail/messages.ts";
import type { Config } from "../process/config.ts";
import { csrfTokenFor, formTokenOk } from "./csrf.ts";
import { accountLinkProblem, newLinkToken, storeAccountLink, takeAccountLink } from "./link-tokens.ts";
import { LOGIN_NOTICES, loginPage } from "./login-page.ts";
import { DbLimiter } from "./rate-limit.ts";
import { answerThenSend, forgotInput, linkPage, readEmailForm, refuseForm, wantsJson } from "./recovery.ts";
import type { AuditSink } from "./security-audit.ts";
import { hashToken, type Sessions } from "./sessions.ts";
import { normalizeEmail } from "./users.ts";

export const VERIFY_PATH = "/verify-email";
export const VERIFY_SENT = LOGIN_NOTICES.get("verify-sent")!;

export const verifyInput = z.object({ token: z.string().min(1).max(200) });
/** The same form as forgot-password: one e-mail address. */
export const resendInput = forgotInput;

/** Why a link cannot be used; each is also a key of LOGIN_ERRORS. */
type LinkProblem = "verify-invalid" | "verify-used" | "verify-expired" | "verify-taken";
type Purpose = "email-verify" | "email-change";
const PURPOSES: Purpose[] = ["email-verify", "email-change"];

export type Followed =
  | { kind: "verified"; userId: number; email: string }
  | { kind: "changed"; userId: number; email: string; before: string };

export function createEmailLinks(deps: { config: Config; database: Database; mailer: Mailer; sessions: Sessions }) {
  const { config, database, mailer, sessions } = deps;
  const lifetimeMs = config.EMAIL_VERIFY_HOURS * 3_600_000;

  /** Stores a new link of `purpose` for the member (voiding older ones) and queues its message. */
  async function issue(
    user: { id: number; firstName: string },
    purpose: Purpose,
    to: string,
    newEmail: string | null,
  ): Promise<void> {
    const { token, hash } = newLinkToken();
    const link = mailer.link(VERIFY_PATH, { token });
    const content = (purpose === "email-verify" ? verifyEmailMessage : emailChangeMessage)({
      firstName: user.firstName,
      link,
      hours: config.EMAIL_VERIFY_HOURS,
    });
    await database.transaction(async (tx) => {
      await storeAccountLink(tx.db, { userId: user.id, purpose, hash, lifetimeMs, newEmail });
      await mailer.queue([{ kind: purpose, to, ...content }], tx);
    });
    mailer.sent();
  }

  async function linkProblem(token: string): Promise<LinkProblem | null> {
    const problem = await accountLinkProblem(database.db, token, PURPOSES);
    return problem && `verify-${problem}`;
  }

  return {
    /** Sends a verification link to an unverified, enabled member of that address; nothing otherwise. */
    async sendVerificationTo(email: string): Promise<void> {
      const [user] = await database.db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.email, normalizeEmail(email)), isNull(users.emailVerifiedAt), isNull(users.disabledAt)));
      if (user) await issue(user, "email-verify", user.email, null);
    },

    /** Sends a link to `newEmail` that moves the member's account there when followed. */
    async requestChange(user: { id: number; firstName: string }, newEmail: string): Promise<void> {
      await issue(user, "email-change", newEmail, newEmail);
    },

    /** The address a member asked to move to and has not confirmed yet, or null. */
    async pendingChange(userId: number): Promise<string | null> {
      const [row] = await database.db
        .select({ newEmail: accountTokens.newEmail })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, "email-change"),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, sql`now()`),
          ),
        );
      return row?.newEmail ?? null;
    },

    linkProblem,

    /** Uses the link: the address verified, or the account moved to the new one (the old one told). */
    async follow(token: string): Promise<Followed | LinkProblem> {
      try {
        const done = await database.transaction(async (tx): Promise<Followed | null> => {
          const row = await takeAccountLink(tx.db, token, PURPOSES);
          if (!row || !PURPOSES.includes(row.purpose as Purpose)) return null;
          const [user] = await tx.db
            .select({ email: users.email, firstName: users.firstName })
            .from(users)
            .where(eq(users.id, row.userId));
          if (!user) return null;
          if (row.purpose === "email-verify" || !row.newEmail) {
            await tx.db
              .update(users)
              .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
              .where(eq(users.id, row.userId));
            return { kind: "verified", userId: row.userId, email: user.email };
          }
          // Throws a unique violation when the address has an account by now: the link stays unused.
          await tx.db
            .update(users)
            .set({ email: row.newEmail, emailVerifiedAt: sql`now()` })
            .where(eq(users.id, row.userId));
          // Links to the old address (a reset, a verification) no longer name the account's address.
          await tx.db
            .delete(accountTokens)
            .where(and(eq(accountTokens.userId, row.userId), ne(accountTokens.tokenHash, hashToken(token))));
          await mailer.queue(
            [
              {
                kind: "email-changed",
                to: user.email,
                ...emailChangedNotice({ firstName: user.firstName, newEmail: row.newEmail, link: mailer.link("/") }),
              },
            ],
            tx,
          );
          return { kind: "changed", userId: row.userId, email: row.newEmail, before: user.email };
        });
        if (!done) return (await linkProblem(token)) ?? "verify-used";
        if (done.kind === "changed") {
          mailer.sent();
          // Every server reads the member's new address afresh.
          await sessions.userChanged(done.userId);
        }
        return done;
      } catch (err) {
        // 23505: unique violation (the driver's error, or the query error wrapping it).
        const code =
          (err as { code?: string; cause?: { code?: string } }).code ??
          (err as { cause?: { code?: string } }).cause?.code;
        if (code === "23505") return "verify-taken";
        throw err;
      }
    },
  };
}

export type EmailLinks = ReturnType<typeof createEmailLinks>;

export function registerEmailVerificationRoutes(
  app: FastifyInstance,
  deps: { config: Config; database: Database; audit: AuditSink; links: EmailLinks },
) {
  const { config, database, audit, links } = deps;
  // Like 'Forgot password?': 30 requests per address and 5 per e-mail address in 15 minutes.
  const byClient = new DbLimiter(database, "verify-ip", 30, 15 * 60_000);
  const byAccount = new DbLimiter(database, "verify-account", 5, 15 * 60_000);

  // The link shows a page with a button: a mail scanner that opens links cannot move an account.
  app.get(VERIFY_PATH, async (request, reply) => {
    const { token, problem, error } = await linkPage(request, reply, links.linkProblem, "verify-invalid");
    return loginPage({
      allowSignup: config.ALLOW_SIGNUP && config.PASSWORD_SIGNIN,
      csrfToken: csrfTokenFor(request, reply),
      error,
      mode: problem ? "resend" : "verify",
      verifyToken: problem ? undefined : token,
    });
  });

  app.post("/api/email/verify", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!formTokenOk(request)) return refuseForm(request, reply, 403, "expired", "/api/login");
    const parsed = verifyInput.safeParse(body);
    if (!parsed.success) return refuseForm(request, reply, 400, "verify-invalid", "/api/login?mode=resend");
    const done = await links.follow(parsed.data.token);
    if (typeof done === "string")
      return refuseForm(request, reply, done === "verify-taken" ? 409 : 400, done, "/api/login?mode=resend");
    await audit.record(
      done.kind === "verified"
        ? { kind: "email.verified", actorUserId: done.userId, targetType: "user", targetId: done.userId }
        : {
            kind: "email.changed",
            actorUserId: done.userId,
            targetType: "user",
            targetId: done.userId,
            before: { email: done.before },
            after: { email: done.email },
          },
      request,
    );
    const notice = done.kind === "verified" ? "verified" : "email-changed";
    if (wantsJson(request)) return reply.send({ message: LOGIN_NOTICES.get(notice), email: done.email });
    return reply.redirect(`/api/login?notice=${notice}`, 303);
  });

  app.post("/api/email/verify/resend", async (request, reply) => {
    const form = await readEmailForm(request, reply, {
      page: "/api/login?mode=resend",
      limits: [byClient, byAccount],
      what: "a new link",
    });
    if ("refused" in form) return form.refused;
    const { email } = form;
    return answerThenSend(
      request,
      reply,
      { notice: "verify-sent", message: VERIFY_SENT },
      { link: () => links.sendVerificationTo(email), failure: "verification link not queued" },
    );
  });
}
