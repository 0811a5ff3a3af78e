import type { Database } from "@jcba/db";
import type { SecurityEventKind } from "@jcba/domain";
import { MEMBER_HEADER, memberHeaderValue } from "@jcba/validators/headers";
import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { AuthStepRequired, publicError } from "../errors.ts";
import type { ContentCache } from "../services/content/content-cache.ts";
import { busyErrorOf, clientErrorOf } from "./db-errors.ts";

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  isAdmin: boolean;
  /** The contract edition the member chose to study; null or absent: the one in force. */
  studyEdition?: string | null;
}

/** How the caller proved who they are. */
export type CallerAuth =
  | {
      kind: "session";
      sessionId: string;
      /** This session passed a second factor (a TOTP or recovery code, or a passkey); admins need it. */
      secondFactor?: boolean;
      /** When the member last proved who they are in this session (sign-in or re-authentication). */
      authenticatedAt?: Date;
    }
  | {
      kind: "token";
      tokenId: number;
      scope: "read" | "write";
      /** Only an operator's token (made with the CLI) carries admin rights. */
      admin?: boolean;
    };

/** What the account procedures need from the server: passwords, sessions and the audit trail. */
export interface AccountServices {
  /** Days until a new API token expires when the caller does not say. */
  tokenDays: number;
  verifyPassword(userId: number, password: string): Promise<boolean>;
  /** Why a new password is refused (a common one, the e-mail itself), or null. */
  passwordProblem(password: string, email: string): Promise<string | null>;
  /** Stores a new password and ends every session of the user but `keepSessionId`. */
  setPassword(userId: number, password: string, keepSessionId?: string): Promise<void>;
  /** Forgets a revoked token at once. */
  forgetToken(tokenHash: string): Promise<void>;
  /** PASSWORD_SIGNIN: false refuses password changes (there is no password sign-in to change). */
  passwords: boolean;
  /** How the member can sign in, and an e-mail change waiting for its link (Account's tabs and forms). */
  signInMethods(userId: number): Promise<{
    passwords: boolean;
    hasPassword: boolean;
    passkeys: number;
    sso: boolean;
    pendingEmail: string | null;
  }>;
  /** Sends a link to `newEmail` that moves the account there when followed. */
  requestEmailChange(user: { id: number; firstName: string }, newEmail: string): Promise<void>;
  /**
   * Checks that the member is at the keyboard for a grave change (deleting the account): the password
   * (while PASSWORD_SIGNIN), a passkey's assertion, or this session's SSO sign-in within 5 minutes.
   * Null when it holds, else what is wrong, as "field: reason".
   */
  confirmPresence(
    userId: number,
    sessionId: string,
    proof: { password?: string | undefined; passkey?: string | undefined; sso?: boolean | undefined },
  ): Promise<string | null>;
  audit(event: {
    kind: Extract<
      SecurityEventKind,
      "password.changed" | "token.created" | "token.revoked" | "email.changeasked" | "session.ended"
    >;
    actorUserId: number;
    targetType?: string;
    targetId?: string | number;
    after?: unknown;
  }): Promise<void>;
}

/** What the admin directory needs from the server: ending a user's sessions on every server at once. */
export interface UserSessionServices {
  /** Ends every session and forgets every cached API token of the user, on every server. */
  endAll(userId: number): Promise<void>;
  /** The user's role changed: every server reads it afresh on the next request. */
  changed(userId: number): Promise<void>;
  /** Sessions ended in the database ('Signed-in devices'): every server forgets them at once. */
  forget(sessionIds: string[]): Promise<void>;
}

/** What the admin procedures need from the server's mailer (apps/server/src/mail). */
export interface MailServices {
  /** Sends a member a password-reset link; false when the account does not exist or is disabled. */
  sendPasswordReset(userId: number): Promise<boolean>;
  /** Tells the delivery loop there is mail to send now. */
  kick(): void;
}

/** What Admin → Backups needs from the server (apps/server/src/backups). */
export interface BackupServices {
  list(): Promise<import("../services/backups/schemas.ts").BackupListing>;
  /**
   * Starts a backup in the background and says its file's name; refuses when backups are not the
   * server's to take here, or while one is being written.
   */
  take(actorUserId: number): Promise<{ name: string } | { refused: "running" | "unavailable"; message: string }>;
}

/** What the invitation procedures need from the server: links, their tokens and their e-mail. */
export interface InvitationServices {
  /**
   * Stores one invitation per invitee, each with a new link, and queues its e-mail, in `tx`; answers
   * the new ids in the invitees' order. Call `sent` once `tx` commits.
   */
  issue(
    tx: Pick<Database, "db" | "rows">,
    invitees: { email: string; firstName: string; lastName: string }[],
    invitedBy: number | null,
  ): Promise<number[]>;
  /** A new link for invitation `id` (the old one stops working) and its e-mail queued, in `tx`. */
  reissue(tx: Pick<Database, "db" | "rows">, id: number): Promise<void>;
  /** Tells the delivery loop there is mail to send now. */
  sent(): void;
}

/** What every procedure sees: the database, the signed-in user (if any) and the content cache. */
export interface Context {
  database: Database;
  user: SessionUser | null;
  content: ContentCache;
  /** Absent for in-process callers such as the operator CLI. */
  auth?: CallerAuth;
  /** Absent for in-process callers; the account procedures need it. */
  account?: AccountServices;
  /** Absent for in-process callers, which end sessions in the database only. */
  userSessions?: UserSessionServices;
  /** Absent for in-process callers such as the operator CLI, which send no e-mail. */
  mail?: MailServices;
  /** The caller's address, for the audit trail. */
  ip?: string;
  /** The HTTP request's id, quoted in 500 answers so the log line can be found. */
  requestId?: string;
  /** When the request reached the server, before it waited for anything; orders last-write-wins updates. */
  receivedAt?: Date;
  /**
   * The member a write was made by, as the device's outbox says (the `X-Member-Id` header): a queued
   * write must never be recorded under whoever is signed in when it is sent. Absent for other calls.
   */
  writtenBy?: string;
  /** The server's backups of the embedded database; absent for in-process callers such as the CLI. */
  backups?: BackupServices;
  /** Runs the procedure in a trace span of its own; set only while the server traces requests. */
  traceProcedure?: <T>(path: string, run: () => Promise<T>) => Promise<T>;
  /** Absent for in-process callers such as the operator CLI, which send no e-mail. */
  invitations?: InvitationServices;
}

/**
 * Procedure meta: the REST path, the status of a REST answer that is not 200 (201 for a creation, 202
 * for work accepted to run later), and whether a DELETE takes its input as a JSON body (a password)
 * rather than in the query string.
 */
export type ProcedureMeta = OpenApiMeta<{ successStatus?: 201 | 202; inputInBody?: true }>;

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // The message, the zod issues of refused input, and for a failure on our side only the request id
    // (errors.ts, as for every other error answer); never a stack trace.
    errorFormatter({ shape, error, ctx }) {
      const { message, issues, requestId, code } = publicError(error, ctx?.requestId);
      return {
        message,
        code: shape.code,
        data: {
          // A step the caller must take (SECOND_FACTOR_REQUIRED, REAUTH_REQUIRED), else tRPC's own code.
          code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          issues,
          ...(requestId ? { requestId } : {}),
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Database errors a client caused (bad data, a conflict, a lost race) become 4xx answers everywhere. */
export const publicProcedure = t.procedure.use(async ({ ctx, path, next }) => {
  const result = await (ctx.traceProcedure ? ctx.traceProcedure(path, () => next()) : next());
  if (!result.ok && result.error.code === "INTERNAL_SERVER_ERROR") {
    const mapped = clientErrorOf(result.error.cause) ?? busyErrorOf(result.error.cause);
    if (mapped) throw mapped;
  }
  return result;
});

/** Signed-in members and admins; 401 otherwise. A read-only API token may only read. */
export const protectedProcedure = publicProcedure.use(({ ctx, next, type }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  if (type === "mutation" && ctx.auth?.kind === "token" && ctx.auth.scope !== "write")
    throw new TRPCError({ code: "FORBIDDEN", message: "This API token is read-only." });
  if (ctx.writtenBy !== undefined) {
    if (!memberHeaderValue.test(ctx.writtenBy))
      throw new TRPCError({ code: "BAD_REQUEST", message: `The ${MEMBER_HEADER} header must be a member's id.` });
    // Checked before the procedure runs, so a refused write changes nothing.
    if (Number(ctx.writtenBy) !== ctx.user.id)
      throw new TRPCError({
        code: "CONFLICT",
        message: "This change was made by another member on this device; it waits for them to sign in.",
      });
  }
  // Only what changes: tRPC merges it into the context.
  return next({ ctx: { user: ctx.user } });
});

/** Only a signed-in browser session: API tokens cannot change passwords or make more tokens. */
export const sessionProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.auth?.kind !== "session" || !ctx.account)
    throw new TRPCError({ code: "FORBIDDEN", message: "Sign in with your password to manage your account." });
  return next({ ctx: { auth: ctx.auth, account: ctx.account } });
});

/**
 * Admins only; 401 when signed out, 403 for members. A browser session must have passed the second
 * factor (403 SECOND_FACTOR_REQUIRED: the app then asks for it or for enrolment), and an API token
 * must be an operator's admin token (made with the CLI); in-process callers (the CLI) pass.
 */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: "FORBIDDEN", message: "This needs an admin account." });
  if (ctx.auth?.kind === "session" && !ctx.auth.secondFactor)
    throw new AuthStepRequired(
      "SECOND_FACTOR_REQUIRED",
      "Admin actions need your second factor: enter a code from your authenticator app, or set one up.",
    );
  if (ctx.auth?.kind === "token" && !ctx.auth.admin)
    throw new TRPCError({
      code: "FORBIDDEN",
      message: "Personal API tokens cannot reach admin paths; an operator makes admin tokens with the CLI.",
    });
  return next();
});

/** How recent a sign-in or re-authentication must be for role changes, disables, imports and new tokens. */
export const REAUTH_WINDOW_MS = 15 * 60_000;

/**
 * A browser session whose owner proved who they are within the last 15 minutes (403 REAUTH_REQUIRED
 * otherwise: the app asks for the password and code, or a passkey, and retries). Tokens and in-process
 * callers pass: only an operator makes a token that reaches these.
 */
export const recentlyAuthenticated = t.middleware(({ ctx, next }) => {
  const at = ctx.auth?.kind === "session" ? ctx.auth.authenticatedAt : undefined;
  if (ctx.auth?.kind === "session" && (!at || Date.now() - at.getTime() > REAUTH_WINDOW_MS))
    throw new AuthStepRequired("REAUTH_REQUIRED", "Confirm it is you: enter your password again (and your code).");
  return next();
});
