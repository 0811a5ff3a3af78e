/**
 * What every procedure sees, over tRPC and REST alike: the database, the content cache, the caller,
 * and the server's account and session services the account and directory procedures call.
 */
import {
  type AccountServices,
  type ContentCache,
  type Context,
  type MailServices,
  MEMBER_HEADER,
  type UserSessionServices,
} from "@jcba/api";
import type { Database } from "@jcba/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createCallerLookup } from "../auth/caller.ts";
import { passwordProblem } from "../auth/passwords.ts";
import type { Recovery } from "../auth/recovery.ts";
import type { AuditSink } from "../auth/security-audit.ts";
import type { Sessions } from "../auth/sessions.ts";
import { setPassword, verifyUserPassword } from "../auth/users.ts";
import type { Config } from "../process/config.ts";

export interface ContextDeps {
  config: Config;
  database: Database;
  content: ContentCache;
  sessions: Sessions;
  audit: AuditSink;
  recovery: Recovery;
  /** Tells the mail delivery loop there is mail to send now. */
  mailSent: () => void;
}

export function createContextFactory({ config, database, content, sessions, audit, recovery, mailSent }: ContextDeps) {
  const callerOf = createCallerLookup(sessions, audit);

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
      account: accountServices(req),
      userSessions,
      mail,
      ip: req.ip,
      requestId: req.id,
      ...(writtenBy !== undefined ? { writtenBy: String(writtenBy) } : {}),
    };
  };
}
