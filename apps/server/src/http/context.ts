/**
 * What every procedure sees, over tRPC and REST alike: the database, the content cache, the caller,
 * and the server's account and session services the account and directory procedures call.
 */
import {
  type AccountServices,
  type BackupServices,
  type ContentCache,
  type Context,
  type InvitationServices,
  type MailServices,
  MEMBER_HEADER,
  type UserSessionServices,
} from "@jcba/api";
import { type Database, passkeys as passkeysTable, sessions as sessionsTable, users } from "@jcba/db";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { and, count, eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createCallerLookup } from "../auth/caller.ts";
import type { EmailLinks } from "../auth/email-verification.ts";
import { authenticationResponse, type createPasskeyCheck } from "../auth/passkeys/routes.ts";
import { passwordProblem } from "../auth/passwords.ts";
import type { Recovery } from "../auth/recovery.ts";
import type { AuditSink } from "../auth/security-audit.ts";
import type { Sessions } from "../auth/sessions.ts";
import { setPassword, verifyUserPassword } from "../auth/users.ts";
import type { Config } from "../process/config.ts";
import type { Tracing } from "../tracing/index.ts";

export interface ContextDeps {
  config: Config;
  database: Database;
  content: ContentCache;
  sessions: Sessions;
  audit: AuditSink;
  recovery: Recovery;
  /** Tells the mail delivery loop there is mail to send now. */
  mailSent: () => void;
  /** Admin → Backups (backups/backups.ts). */
  backups?: BackupServices;
  /** Set while requests are traced: each procedure gets a span. */
  tracing?: Tracing | undefined;
  invitations: InvitationServices;
  emailLinks: EmailLinks;
  passkeyCheck: ReturnType<typeof createPasskeyCheck>;
}

/** How recent an SSO sign-in must be to confirm deleting the account. */
const FRESH_SSO = "5 minutes";

export function createContextFactory({ tracing, ...deps }: ContextDeps) {
  const {
    config,
    database,
    content,
    sessions,
    audit,
    recovery,
    mailSent,
    backups,
    invitations,
    emailLinks,
    passkeyCheck,
  } = deps;
  const callerOf = createCallerLookup(sessions, audit);

  async function confirmPresence(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    sessionId: string,
    proof: Parameters<AccountServices["confirmPresence"]>[2],
  ): Promise<string | null> {
    if (proof.password !== undefined) {
      if (!config.PASSWORD_SIGNIN)
        return "password: This study hub does not sign in with passwords. Confirm with a passkey or your union account.";
      return (await verifyUserPassword(database, userId, proof.password))
        ? null
        : "password: That is not your password.";
    }
    if (proof.passkey !== undefined) {
      let sent: unknown = null;
      try {
        sent = JSON.parse(String(proof.passkey));
      } catch {
        /* refused below */
      }
      const response = authenticationResponse.safeParse(sent);
      if (!response.success) return "passkey: That is not a passkey's answer.";
      const checked = await passkeyCheck.verifyAssertion(
        request,
        reply,
        "passkey-confirm",
        response.data as AuthenticationResponseJSON,
      );
      if ("error" in checked) return `passkey: ${checked.error}`;
      return checked.found.user.id === userId ? null : "passkey: That passkey is not yours.";
    }
    if (proof.sso) {
      const [row] = await database.db
        .select({ fresh: sql<boolean>`${sessionsTable.createdAt} > now() - ${FRESH_SSO}::interval` })
        .from(sessionsTable)
        .where(and(eq(sessionsTable.id, sessionId), eq(sessionsTable.signedInWith, "sso")));
      return row?.fresh ? null : "sso: Sign in again with your union account, then confirm within 5 minutes.";
    }
    return "Confirm with your password, a passkey or your union account.";
  }

  const accountServices = (request: FastifyRequest, reply: FastifyReply): AccountServices => ({
    passwords: config.PASSWORD_SIGNIN,
    async signInMethods(userId) {
      const [[user], [keys], pendingEmail] = await Promise.all([
        database.db
          .select({ hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL` })
          .from(users)
          .where(eq(users.id, userId)),
        database.db.select({ n: count() }).from(passkeysTable).where(eq(passkeysTable.userId, userId)),
        emailLinks.pendingChange(userId),
      ]);
      return {
        passwords: config.PASSWORD_SIGNIN,
        hasPassword: Boolean(user?.hasPassword),
        passkeys: keys?.n ?? 0,
        sso: Boolean(config.OIDC_ISSUER),
        pendingEmail,
      };
    },
    requestEmailChange: (user, newEmail) => emailLinks.requestChange(user, newEmail),
    confirmPresence: (userId, sessionId, proof) => confirmPresence(request, reply, userId, sessionId, proof),
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
    forget: (sessionIds) => sessions.forgetSessions(sessionIds),
  };

  const mail: MailServices = { sendPasswordReset: (userId) => recovery.sendLink(userId), kick: mailSent };

  return async function createContext(req: FastifyRequest, res: FastifyReply): Promise<Context> {
    // Taken before the session lookup, which may wait; orders last-write-wins updates such as mastery.
    const receivedAt = new Date();
    const caller = await callerOf(req, res);
    // The member a queued write was made by; the procedures refuse it for anyone else (409).
    const writtenBy = req.headers[MEMBER_HEADER];
    return {
      database,
      content,
      receivedAt,
      user: caller?.user ?? null,
      ...(caller ? { auth: caller.auth } : {}),
      account: accountServices(req, res),
      userSessions,
      mail,
      ip: req.ip,
      requestId: req.id,
      ...(writtenBy !== undefined ? { writtenBy: String(writtenBy) } : {}),
      ...(backups ? { backups } : {}),
      ...(tracing ? { traceProcedure: tracing.procedure } : {}),
      invitations,
    };
  };
}
