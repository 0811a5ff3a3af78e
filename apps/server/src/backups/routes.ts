/**
 * GET /api/admin/backups/{name}: an admin downloads one backup file (the list and "take one now" are
 * procedures, packages/api/src/router/backups.ts). A file, not JSON, so a route of its own; only the
 * names the backup directory lists are served, so no other path can be asked for.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Caller } from "../auth/caller.ts";
import type { AuditSink } from "../auth/security-audit.ts";
import { refusal } from "../http/errors.ts";
import type { Backups } from "./backups.ts";

export function registerBackupRoutes(
  app: FastifyInstance,
  deps: {
    backups: Backups;
    audit: AuditSink;
    callerOf: (request: FastifyRequest, reply: FastifyReply) => Promise<Caller | null>;
  },
) {
  app.get<{ Params: { name: string } }>("/api/admin/backups/:name", async (request, reply) => {
    const caller = await deps.callerOf(request, reply);
    if (!caller) return reply.code(401).send(refusal("UNAUTHORIZED", "Sign in to continue."));
    if (!caller.user.isAdmin) return reply.code(403).send(refusal("FORBIDDEN", "This needs an admin account."));
    const path = deps.backups.pathOf(request.params.name);
    const info = path ? await stat(path).catch(() => null) : null;
    if (!path || !info?.isFile())
      return reply
        .code(404)
        .send(refusal("NOT_FOUND", "There is no backup with that name: see GET /api/admin/backups."));
    await deps.audit.record(
      { kind: "backup.downloaded", actorUserId: caller.user.id, targetType: "backup", targetId: request.params.name },
      request,
    );
    return reply
      .header("Content-Type", "application/gzip")
      .header("Content-Length", String(info.size))
      .header("Content-Disposition", `attachment; filename="${request.params.name}"`)
      .header("Cache-Control", "no-store")
      .send(createReadStream(path));
  });
}
