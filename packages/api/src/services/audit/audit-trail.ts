/**
 * Admin actions in the audit trail (audit_events): who, when, what, and the item before and after.
 * Written in the same transaction as the change it records, so a change is never stored without its
 * record, nor a record without its change. Rows are only ever inserted: no procedure edits or deletes them.
 */
import { auditEvents, type Db } from "@jcba/db";
import type { Context } from "../../trpc/procedures.ts";

export type AdminAuditKind =
  | "question.created"
  | "question.updated"
  | "question.deleted"
  | "question.archived"
  | "question.imported"
  | "flashcard.created"
  | "flashcard.updated"
  | "flashcard.deleted"
  | "flashcard.archived"
  | "flashcard.imported"
  | "report.decided"
  | "role.changed"
  | "user.disabled"
  | "user.enabled";

/** Every kind the trail holds, for the Audit screen's filter (security events come from the server). */
export const AUDIT_KINDS = [
  "question.created",
  "question.updated",
  "question.deleted",
  "question.archived",
  "question.imported",
  "flashcard.created",
  "flashcard.updated",
  "flashcard.deleted",
  "flashcard.archived",
  "flashcard.imported",
  "report.decided",
  "role.changed",
  "user.disabled",
  "user.enabled",
  "signin.success",
  "signin.failure",
  "signin.locked",
  "signup.success",
  "signup.refused",
  "signout",
  "password.changed",
  "token.created",
  "token.used",
  "token.revoked",
] as const;

export interface AdminAuditEvent {
  kind: AdminAuditKind;
  targetType: "question" | "flashcard" | "report" | "user";
  targetId: number;
  before: unknown;
  after: unknown;
}

type Writer = { insert: Db["insert"] };

export async function recordAdminAction(
  db: Writer,
  ctx: Pick<Context, "user" | "requestId" | "ip">,
  events: AdminAuditEvent | AdminAuditEvent[],
): Promise<void> {
  const list = Array.isArray(events) ? events : [events];
  // In chunks: a large import must stay under PostgreSQL's 65,535 parameters per statement.
  for (let i = 0; i < list.length; i += 1000) await insertChunk(db, ctx, list.slice(i, i + 1000));
}

async function insertChunk(db: Writer, ctx: Pick<Context, "user" | "requestId" | "ip">, list: AdminAuditEvent[]) {
  await db.insert(auditEvents).values(
    list.map((e) => ({
      kind: e.kind,
      // The operator CLI calls as user 0, which has no row: recorded as the operator (no actor).
      actorUserId: ctx.user && ctx.user.id > 0 ? ctx.user.id : null,
      targetType: e.targetType,
      targetId: String(e.targetId),
      before: e.before ?? null,
      after: e.after ?? null,
      requestId: ctx.requestId ?? null,
      ip: ctx.ip ?? null,
    })),
  );
}
