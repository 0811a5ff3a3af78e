/** Who is calling, and how: a session cookie (sliding its expiry) or a personal API token. */
import type { CallerAuth, SessionUser } from "@jcba/api";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AuditSink } from "./security-audit.ts";
import { type Sessions, sessionTokenOf, setSessionCookie } from "./sessions.ts";

export type Caller = { user: SessionUser; auth: CallerAuth };

export function createCallerLookup(sessions: Sessions, audit: AuditSink) {
  return async function callerOf(request: FastifyRequest, reply: FastifyReply): Promise<Caller | null> {
    const header = request.headers.authorization;
    if (header?.startsWith("Bearer ")) {
      const valid = await sessions.validateApiToken(header.slice(7).trim());
      if (!valid) return null;
      // Recorded when the token is read from the database: at most every few seconds per token.
      if (valid.fresh)
        await audit.record(
          { kind: "token.used", actorUserId: valid.user.id, targetType: "api_token", targetId: valid.tokenId },
          request,
        );
      return {
        user: valid.user,
        auth: { kind: "token", tokenId: valid.tokenId, scope: valid.scope, admin: valid.admin },
      };
    }
    const token = sessionTokenOf(request);
    if (!token) return null;
    const session = await sessions.validate(token);
    if (!session) return null;
    if (session.renewed) setSessionCookie(request, reply, token, session.expiresAt);
    return {
      user: session.user,
      auth: {
        kind: "session",
        sessionId: session.id,
        secondFactor: session.secondFactor,
        authenticatedAt: session.authenticatedAt,
      },
    };
  };
}
