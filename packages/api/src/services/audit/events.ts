/** The audit trail as the Audit screen reads it: newest first, by actor, kind and time. */
import { auditEvents, users } from "@jcba/db";
import { and, count, desc, eq, gte, inArray, like, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import { startsWith } from "../directory/users.ts";
import { toIso } from "../rows.ts";
import { AUDIT_KINDS } from "./audit-trail.ts";
import type { auditQuery } from "./schemas.ts";

export async function auditEventsPage(ctx: Pick<Context, "database">, input: z.output<typeof auditQuery>) {
  const conditions: (SQL | undefined)[] = [];
  if (input.actor) {
    const matches = ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(like(users.email, startsWith(input.actor)));
    conditions.push(inArray(auditEvents.actorUserId, matches));
  }
  if (input.kind)
    conditions.push(
      input.kind.includes(".") ? eq(auditEvents.kind, input.kind) : like(auditEvents.kind, `${input.kind}.%`),
    );
  if (input.from) conditions.push(gte(auditEvents.createdAt, new Date(input.from)));
  // A bare date as `to` includes that whole day.
  if (input.to)
    conditions.push(
      lt(
        auditEvents.createdAt,
        input.to.length === 10 ? new Date(Date.parse(input.to) + 86_400_000) : new Date(input.to),
      ),
    );
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.database.db
      .select({
        id: auditEvents.id,
        createdAt: auditEvents.createdAt,
        kind: auditEvents.kind,
        actorId: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        targetType: auditEvents.targetType,
        targetId: auditEvents.targetId,
        before: auditEvents.before,
        after: auditEvents.after,
        ip: auditEvents.ip,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(input.limit)
      .offset(input.offset),
    ctx.database.db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    kinds: [...AUDIT_KINDS],
    events: rows.map((r) => ({
      id: r.id,
      createdAt: toIso(r.createdAt),
      kind: r.kind,
      actor:
        r.actorId === null ? null : { id: r.actorId, email: r.email!, firstName: r.firstName!, lastName: r.lastName! },
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before,
      after: r.after,
      ip: r.ip,
    })),
  };
}
