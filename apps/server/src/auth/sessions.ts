/**
 * Sessions the Lucia way (lucia-auth.com): a random token lives only in the member's cookie; the
 * database keeps its SHA-256 as the session id. A session slides forward when used in the second half
 * of its 30 days, but never outlives its absolute lifetime from sign-in (30 days for members, 12 hours
 * for admins by default). Scripts may use a personal API token as `Authorization: Bearer …`, which
 * expires and has a scope.
 */
import { createHash } from "node:crypto";
import type { SessionUser } from "@jcba/api";
import { apiTokens, type Database, sessions, userColumns, users } from "@jcba/db";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";

export const SESSION_COOKIE = "jcba_session";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The sliding part: a session unused for this long ends. */
export const SESSION_DAYS = 30;
// Cached sessions are dropped on every server the moment one of them ends a session or changes a
// user (SESSIONS_CHANNEL below), so the cache can be long-lived; this is only a safety net.
const CACHE_MS = 5 * 60_000;
/**
 * Notifications that end cached sessions on every server: `s:<id>` one session, `u:<userId>` all of a
 * user's, `x:<userId>:<id>` all of a user's but one, `t:<tokenHash>` one API token.
 */
export const SESSIONS_CHANNEL = "jcba_sessions";
const CACHE_MAX = 100_000;

/**
 * Over HTTPS (directly, or behind a proxy TRUST_PROXY trusts to say so) the cookie is named with the
 * `__Host-` prefix: browsers then keep it only when it is Secure, for path / and this host alone, so
 * neither a sibling subdomain nor a plain-HTTP answer can plant or shadow a member's session. Over
 * HTTPS only that name is read.
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const sessionCookieName = (request: FastifyRequest) =>
  request.protocol === "https" ? HOST_SESSION_COOKIE : SESSION_COOKIE;

/** The session token the request's cookie carries, under the name its protocol uses. */
export const sessionTokenOf = (request: FastifyRequest): string | undefined =>
  request.cookies[sessionCookieName(request)];

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(request), { path: "/", secure: request.protocol === "https" });
}

/** The session's cookie: never readable by scripts, sent on same-site navigations, secure over HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(sessionCookieName(request), token, {
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    path: "/",
    expires: expiresAt,
  });
}

export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

// SHA-256 as in the Lucia guide; Node's native hash, since it runs on every request.
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type TokenScope = "read" | "write";

/** What a session has proved beyond the password, and when its owner last proved who they are. */
export interface SessionStamps {
  secondFactor: boolean;
  authenticatedAt: Date;
}

export interface ValidSession extends SessionStamps {
  user: SessionUser;
  /** The session's id (the token's hash), to end every session but this one. */
  id: string;
  expiresAt: Date;
  renewed: boolean;
}

/** Where a session was begun, for 'Signed-in devices'. */
export interface SessionOrigin {
  userAgent?: string | null;
  network?: string | null;
}

export interface ValidApiToken {
  user: SessionUser;
  tokenId: number;
  scope: TokenScope;
  /** An operator's token (made with the CLI): it may reach admin paths. */
  admin: boolean;
  /** True when this call read the token from the database (at most every few seconds per token). */
  fresh: boolean;
}

export interface Sessions {
  /**
   * A new session; `secondFactor` when the sign-in itself proved two factors (a passkey);
   * `signedInWith`: password, passkey or sso (a fresh SSO sign-in confirms deleting the account).
   */
  create(
    user: { id: number; isAdmin: boolean },
    options?: SessionOrigin & { secondFactor?: boolean; signedInWith?: string },
  ): Promise<{ token: string; id: string; expiresAt: Date }>;
  /**
   * The session's owner just proved who they are (re-authentication), with a second factor or not:
   * its stamps change on every server at once.
   */
  authenticated(sessionId: string, secondFactor: boolean): Promise<void>;
  /** The user of a session token, sliding its expiry; null when unknown, expired or past its lifetime. */
  validate(token: string): Promise<ValidSession | null>;
  validateApiToken(token: string): Promise<ValidApiToken | null>;
  /** Ends one session, at once on this server. */
  invalidate(token: string): Promise<void>;
  /** Ends every session (but `exceptSessionId`, when given) and every API token of a user, on every server at once. */
  invalidateUser(userId: number, exceptSessionId?: string): Promise<void>;
  /** A user's name or role changed: every server reads it afresh on the next request (sessions stay). */
  userChanged(userId: number): Promise<void>;
  /** Forgets a revoked API token on every server at once. */
  invalidateApiToken(tokenHash: string): Promise<void>;
  /** Forgets sessions already deleted from the database, on every server at once. */
  forgetSessions(sessionIds: string[]): Promise<void>;
  /** Resolves once this server hears other servers' session changes. */
  ready: Promise<void>;
  deleteExpired(): Promise<void>;
}

export interface SessionLifetimes {
  /** Absolute lifetime of a member's session, from sign-in. */
  memberMs: number;
  /** Absolute lifetime of an admin's session, from sign-in. */
  adminMs: number;
}

export const DEFAULT_LIFETIMES: SessionLifetimes = { memberMs: 30 * DAY, adminMs: 12 * HOUR };

interface CachedSession extends SessionStamps {
  user: SessionUser;
  expiresAt: Date;
  at: number;
}

export function createSessions(database: Database, lifetimes: SessionLifetimes = DEFAULT_LIFETIMES): Sessions {
  const { db } = database;
  // Validated sessions are remembered for a few seconds so reads do not each cost a query; every way a
  // session ends on this server goes through invalidate/invalidateUser, which drop the entries at once.
  const cache = new Map<string, CachedSession>();
  const apiCache = new Map<string, { token: Omit<ValidApiToken, "fresh">; expiresAt: number; at: number }>();

  /** The session's expiry: its sliding end, capped by its absolute end. */
  const expiryOf = (createdAt: Date, isAdmin: boolean, slidingFrom: number) =>
    new Date(
      Math.min(
        slidingFrom + SESSION_DAYS * DAY,
        createdAt.getTime() + (isAdmin ? lifetimes.adminMs : lifetimes.memberMs),
      ),
    );

  function forget(message: string) {
    const kind = message.slice(0, 2);
    const value = message.slice(2);
    if (kind === "s:") cache.delete(value);
    else if (kind === "t:") apiCache.delete(value);
    else if (kind === "u:" || kind === "x:") {
      const [user, except] = value.split(":");
      const userId = Number(user);
      for (const [key, entry] of cache) if (entry.user.id === userId && key !== except) cache.delete(key);
      for (const [key, entry] of apiCache) if (entry.token.user.id === userId) apiCache.delete(key);
    }
  }
  /** Forgets here at once, then on every other server. */
  async function broadcast(message: string) {
    forget(message);
    await database.notify(SESSIONS_CHANNEL, message);
  }
  const ready = database
    .listen(SESSIONS_CHANNEL, forget, () => cache.clear())
    .catch(() => {
      // Without notifications, other servers' logouts reach this one within CACHE_MS.
    });

  return {
    ready,
    async create(user, options = {}) {
      const token = generateToken();
      const id = hashToken(token);
      const now = Date.now();
      const createdAt = new Date(now);
      const expiresAt = expiryOf(createdAt, user.isAdmin, now);
      await db.insert(sessions).values({
        id,
        userId: user.id,
        expiresAt,
        createdAt,
        signedInWith: options.signedInWith ?? null,
        authenticatedAt: createdAt,
        lastSeenAt: createdAt,
        secondFactorAt: options.secondFactor ? createdAt : null,
        userAgent: options.userAgent?.slice(0, 300) ?? null,
        network: options.network ?? null,
      });
      return { token, id, expiresAt };
    },

    async authenticated(sessionId, secondFactor) {
      const now = new Date();
      await db
        .update(sessions)
        .set(secondFactor ? { authenticatedAt: now, secondFactorAt: now } : { authenticatedAt: now })
        .where(eq(sessions.id, sessionId));
      await broadcast(`s:${sessionId}`);
    },

    async validate(token) {
      if (!/^[a-z2-7]{32}$/.test(token)) return null;
      const id = hashToken(token);
      const now = Date.now();
      const hit = cache.get(id);
      if (hit && now - hit.at < CACHE_MS && hit.expiresAt.getTime() > now)
        return {
          user: hit.user,
          id,
          expiresAt: hit.expiresAt,
          renewed: false,
          secondFactor: hit.secondFactor,
          authenticatedAt: hit.authenticatedAt,
        };
      const [row] = await db
        .select({
          ...userColumns,
          expiresAt: sessions.expiresAt,
          createdAt: sessions.createdAt,
          secondFactorAt: sessions.secondFactorAt,
          authenticatedAt: sessions.authenticatedAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now)), isNull(users.disabledAt)));
      if (!row) {
        cache.delete(id);
        return null;
      }
      const { expiresAt: storedExpiry, createdAt, secondFactorAt, authenticatedAt, ...user } = row;
      const stamps = { secondFactor: secondFactorAt !== null, authenticatedAt };
      // A member promoted to admin keeps a member's session only up to an admin's lifetime.
      const cap = expiryOf(createdAt, user.isAdmin, now);
      let expiresAt = storedExpiry;
      let renewed = false;
      if (cap.getTime() <= now) {
        await db.delete(sessions).where(eq(sessions.id, id));
        cache.delete(id);
        return null;
      }
      if (cap.getTime() < expiresAt.getTime() || expiresAt.getTime() - now < (SESSION_DAYS / 2) * DAY) {
        expiresAt = cap;
        renewed = expiresAt.getTime() !== storedExpiry.getTime();
        if (renewed) await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
      }
      if (cache.size > CACHE_MAX) cache.clear();
      // Read from the database at most every few minutes per session: 'last seen' needs no more.
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, id));
      cache.set(id, { user, expiresAt, at: now, ...stamps });
      return { user, id, expiresAt, renewed, ...stamps };
    },

    async validateApiToken(token) {
      if (!/^[a-z2-7]{32}$/.test(token)) return null;
      const hash = hashToken(token);
      const now = Date.now();
      const hit = apiCache.get(hash);
      if (hit && now - hit.at < CACHE_MS && hit.expiresAt > now) return { ...hit.token, fresh: false };
      const [row] = await db
        .select({
          ...userColumns,
          tokenId: apiTokens.id,
          scope: apiTokens.scope,
          admin: apiTokens.admin,
          expiresAt: apiTokens.expiresAt,
        })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(and(eq(apiTokens.tokenHash, hash), gt(apiTokens.expiresAt, new Date(now)), isNull(users.disabledAt)));
      if (!row) {
        apiCache.delete(hash);
        return null;
      }
      await db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, row.tokenId));
      const { tokenId, scope, admin, expiresAt, ...user } = row;
      const valid = { user, tokenId, scope, admin };
      if (apiCache.size > CACHE_MAX) apiCache.clear();
      apiCache.set(hash, { token: valid, expiresAt: expiresAt.getTime(), at: now });
      return { ...valid, fresh: true };
    },

    async invalidate(token) {
      const id = hashToken(token);
      await db.delete(sessions).where(eq(sessions.id, id));
      await broadcast(`s:${id}`);
    },

    async invalidateUser(userId, exceptSessionId) {
      // A password change or a disable ends the user's API tokens too: a token made before must not
      // outlive the password it was made under, nor come back when the account is enabled again.
      await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
      await db
        .delete(sessions)
        .where(
          exceptSessionId === undefined
            ? eq(sessions.userId, userId)
            : and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)),
        );
      await broadcast(exceptSessionId === undefined ? `u:${userId}` : `x:${userId}:${exceptSessionId}`);
    },

    async userChanged(userId) {
      await broadcast(`u:${userId}`);
    },

    async invalidateApiToken(tokenHash) {
      await broadcast(`t:${tokenHash}`);
    },

    async forgetSessions(sessionIds) {
      for (const id of sessionIds) await broadcast(`s:${id}`);
    },

    async deleteExpired() {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}
