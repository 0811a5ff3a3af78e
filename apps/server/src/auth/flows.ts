/**
 * Sign-in ceremonies in progress (an SSO redirect, a passkey challenge). What the browser must bring
 * back (state, nonce, PKCE verifier, WebAuthn challenge) stays on the server, under the SHA-256 of a
 * random key that only this browser's cookie holds; taking a flow deletes it, so each is used once.
 */
import { randomBytes } from "node:crypto";
import { authFlows, type Database } from "@jcba/db";
import { and, eq, gt, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { hashToken } from "./sessions.ts";

export type FlowKind = (typeof authFlows.$inferSelect)["kind"];

/** Long enough to type a password at the provider or touch a security key; short enough to be useless later. */
const FLOW_MS = 10 * 60_000;
const KEY_FORM = /^[A-Za-z0-9_-]{43}$/;

export interface Flow {
  userId: number | null;
  data: Record<string, string>;
}

export function createFlows(database: Database) {
  const { db } = database;

  async function open(kind: FlowKind, key: string, data: Record<string, string>, userId: number | null) {
    const expiresAt = new Date(Date.now() + FLOW_MS);
    // Old flows go as new ones begin: no timer needed.
    await db.delete(authFlows).where(lt(authFlows.expiresAt, new Date()));
    await db.insert(authFlows).values({ id: hashToken(key), kind, userId, data, expiresAt });
    return expiresAt;
  }

  async function claim(kind: FlowKind, key: string): Promise<Flow | null> {
    const [row] = await db
      .delete(authFlows)
      .where(and(eq(authFlows.id, hashToken(key)), eq(authFlows.kind, kind), gt(authFlows.expiresAt, new Date())))
      .returning({ userId: authFlows.userId, data: authFlows.data });
    return row ?? null;
  }

  return {
    /**
     * A flow known by a key the browser brings back signed (a WebAuthn challenge): no cookie, so two
     * requests of one page (the autofill one and the button's) cannot overwrite each other.
     */
    open: (kind: FlowKind, key: string, data: Record<string, string>) => open(kind, key, data, null),
    /** The flow of that key, deleted as it is read; null when missing, expired or used. */
    claim,

    /** Starts a flow of `kind` and gives the browser its key in the `cookie` cookie. */
    async begin(
      request: FastifyRequest,
      reply: FastifyReply,
      cookie: string,
      kind: FlowKind,
      data: Record<string, string>,
      userId: number | null = null,
    ) {
      const key = randomBytes(32).toString("base64url");
      const expiresAt = await open(kind, key, data, userId);
      reply.setCookie(cookie, key, {
        httpOnly: true,
        // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
        sameSite: "lax",
        secure: request.protocol === "https",
        path: "/api",
        expires: expiresAt,
      });
    },

    /** This browser's flow of `kind`, deleted as it is read; null when missing, expired or used. */
    async take(request: FastifyRequest, reply: FastifyReply, cookie: string, kind: FlowKind): Promise<Flow | null> {
      const key = request.cookies[cookie];
      if (!key) return null;
      reply.clearCookie(cookie, { path: "/api" });
      if (!KEY_FORM.test(key)) return null;
      return claim(kind, key);
    },
  };
}

export type Flows = ReturnType<typeof createFlows>;
