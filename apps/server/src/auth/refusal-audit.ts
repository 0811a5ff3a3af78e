/**
 * Refused sign-ins on a locked account or address, aggregated: one audit row (and one warn line) per
 * account or address per window, whose `after.count` grows with each further refusal. Anonymous clients
 * cannot flood the audit trail or the log, and the trail still says how hard the door was tried.
 */
import type { Database } from "@jcba/db";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AuditSink } from "./security-audit.ts";

const WINDOW_MINUTES = 15;

export async function recordLockedRefusal(
  database: Database,
  audit: AuditSink,
  target: { targetType: "email" | "address"; targetId: string },
  request: FastifyRequest,
): Promise<void> {
  const counted = await database.rows<{ id: number }>(sql`
    UPDATE audit_events
    SET after = jsonb_build_object('count', coalesce((after->>'count')::int, 1) + 1, 'lastAt', now())
    WHERE id = (
      SELECT id FROM audit_events
      WHERE kind = 'signin.locked' AND target_type = ${target.targetType} AND target_id = ${target.targetId}
        AND created_at > now() - ${`${WINDOW_MINUTES} minutes`}::interval
      ORDER BY id DESC LIMIT 1)
    RETURNING id`);
  if (counted.length > 0) return;
  await audit.record({ kind: "signin.locked", ...target, after: { count: 1 } }, request);
}
