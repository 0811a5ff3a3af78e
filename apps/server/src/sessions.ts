/**
 * Sessions the Lucia way (lucia-auth.com): a random token lives only in the member's cookie; the
 * database keeps its SHA-256 as the session id. Sessions last 30 days and slide forward when used
 * in their second half. Scripts may use a personal API token as `Authorization: Bearer …`.
 */
import { createHash } from "node:crypto";
import type { SessionUser } from "@jcba/api";
import { apiTokens, type Database, sessions, users } from "@jcba/db";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, gt, lt, sql } from "drizzle-orm";

export const SESSION_COOKIE = "jcba_session";
const DAY = 24 * 60 * 60 * 1000;
export const SESSION_DAYS = 30;
// Cached sessions are dropped on every server the moment one of them ends a session or changes a
// user (SESSIONS_CHANNEL below), so the cache can be long-lived; this is only a safety net.
const CACHE_MS = 5 * 60_000;
/** Notifications that end cached sessions on every server: `s:<id>`, `u:<userId>`, `t:<tokenHash>`. */
export const SESSIONS_CHANNEL = "jcba_sessions";
const CACHE_MAX = 100_000;

export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

// SHA-256 as in the Lucia guide; Node's native hash, since it runs on every request.
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  isAdmin: users.isAdmin,
};

export interface Sessions {
  create(userId: number): Promise<{ token: string; expiresAt: Date }>;
  /** The user of a session token, sliding its expiry; null when unknown or expired. */
  validate(token: string): Promise<{ user: SessionUser; expiresAt: Date; renewed: boolean } | null>;
  validateApiToken(token: string): Promise<SessionUser | null>;
  invalidate(token: string): Promise<void>;
  /** Ends every session of a user, on every server. */
  invalidateUser(userId: number): Promise<void>;
  /** A user's name or role changed: every server reads it afresh on the next request (sessions stay). */
  userChanged(userId: number): Promise<void>;
  /** Resolves once this server hears other servers' session changes. */
  ready: Promise<void>;
  deleteExpired(): Promise<void>;
}

export function createSessions(database: Database): Sessions {
  const { db } = database;
  // Validated sessions are remembered for a few seconds so reads do not each cost a query.
  const cache = new Map<string, { user: SessionUser; expiresAt: Date; at: number }>();

  function forget(message: string) {
    const kind = message.slice(0, 2);
    const value = message.slice(2);
    if (kind === "s:") cache.delete(value);
    else if (kind === "t:") cache.delete(`api:${value}`);
    else if (kind === "u:") {
      const userId = Number(value);
      for (const [key, entry] of cache) if (entry.user.id === userId) cache.delete(key);
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
    async create(userId) {
      const token = generateToken();
      const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY);
      await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
      return { token, expiresAt };
    },

    async validate(token) {
      if (!/^[a-z2-7]{32}$/.test(token)) return null;
      const id = hashToken(token);
      const now = Date.now();
      const hit = cache.get(id);
      if (hit && now - hit.at < CACHE_MS && hit.expiresAt.getTime() > now)
        return { user: hit.user, expiresAt: hit.expiresAt, renewed: false };
      const [row] = await db
        .select({ ...userColumns, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now))));
      if (!row) {
        cache.delete(id);
        return null;
      }
      let { expiresAt, ...user } = row;
      let renewed = false;
      if (expiresAt.getTime() - now < (SESSION_DAYS / 2) * DAY) {
        expiresAt = new Date(now + SESSION_DAYS * DAY);
        await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
        renewed = true;
      }
      if (cache.size > CACHE_MAX) cache.clear();
      cache.set(id, { user, expiresAt, at: now });
      return { user, expiresAt, renewed };
    },

    async validateApiToken(token) {
      if (!/^[a-z2-7]{32}$/.test(token)) return null;
      const id = hashToken(token);
      const hit = cache.get(`api:${id}`);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.user;
      const [row] = await db
        .select(userColumns)
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(eq(apiTokens.tokenHash, id));
      if (!row) return null;
      await db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.tokenHash, id));
      cache.set(`api:${id}`, { user: row, expiresAt: new Date(8.64e15), at: Date.now() });
      return row;
    },

    async invalidate(token) {
      const id = hashToken(token);
      await db.delete(sessions).where(eq(sessions.id, id));
      await broadcast(`s:${id}`);
    },

    async invalidateUser(userId) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
      await broadcast(`u:${userId}`);
    },

    async userChanged(userId) {
      await broadcast(`u:${userId}`);
    },

    async deleteExpired() {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}
