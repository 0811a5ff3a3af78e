/**
 * Security events: one row in the audit trail (audit_events) and one log line, each with the user id
 * and the request id. Never a password, a hash or a token.
 */
import { auditEvents, type Database } from "@jcba/db";
import type { SecurityEventKind } from "@jcba/domain";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";

export interface SecurityEvent {
  kind: SecurityEventKind;
  actorUserId?: number | null;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
}

/** A member made admin by the server's settings, with no admin acting: the setting that did it is named. */
export const promotedBySetting = (userId: number, by: "ADMIN_EMAIL" | "OIDC_ADMIN_CLAIM"): SecurityEvent => ({
  kind: "role.changed",
  actorUserId: null,
  targetType: "user",
  targetId: userId,
  before: { isAdmin: false },
  after: { isAdmin: true, by },
});

export interface AuditSink {
  record(event: SecurityEvent, request?: FastifyRequest): Promise<void>;
}

/** Where the log lines go: the server's pino logger, or the CLI's console. */
export type AuditLog = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

export function createAudit(database: Database, log: AuditLog): AuditSink {
  return {
    async record(event, request) {
      const requestId = request?.id ?? null;
      const ip = request?.ip ?? null;
      const level = event.kind === "signin.failure" || event.kind === "signin.locked" ? "warn" : "info";
      log[level](
        {
          security: event.kind,
          userId: event.actorUserId ?? null,
          reqId: requestId,
          ip,
          target: event.targetType ? `${event.targetType}:${event.targetId ?? ""}` : undefined,
        },
        `security event ${event.kind}`,
      );
      try {
        await database.db.insert(auditEvents).values({
          kind: event.kind,
          actorUserId: event.actorUserId ?? null,
          targetType: event.targetType ?? null,
          targetId: event.targetId === undefined ? null : String(event.targetId),
          before: event.before ?? null,
          after: event.after ?? null,
          requestId,
          ip,
        });
      } catch (err) {
        // The answer the user waits for does not depend on the audit row; the log line above has it.
        log.error({ err, security: event.kind, reqId: requestId }, "audit event not stored");
      }
    },
  };
}
