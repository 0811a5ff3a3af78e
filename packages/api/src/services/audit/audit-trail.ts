/**
 * Admin actions in the audit trail (audit_events): who, when, what, and the item before and after.
 * Written in the same transaction as the change it records, so a change is never stored without its
 * record, nor a record without its change. Rows are only ever inserted: no procedure edits or deletes them.
 */
import { auditEvents, type Db } from "@jcba/db";
import type { AdminAuditKind } from "@jcba/domain";
import type { Context } from "../../trpc/procedures.ts";

/** The kinds are listed once, in @jcba/domain, for the API, the server and the Audit screen alike. */
export { AUDIT_KINDS } from "@jcba/domain";

export interface AdminAuditEvent {
  kind: AdminAuditKind;
  targetType: "question" | "flashcard" | "report" | "user" | "edition" | "invitation";
  /** An id, or an edition's slug. */
  targetId: number | string;
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
