/**
 * Serves every procedure that carries `meta.openapi` at its REST path as a native Fastify route:
 * Fastify parses the body and compresses the answer, and the handler calls the procedure the way tRPC's
 * own caller does, so REST and /api/trpc share one set of procedures, input rules and role checks.
 * Content lists are serialised once per content version and carry an ETag (304 on If-None-Match).
 * trpc-to-openapi supplies the meta model and the OpenAPI document (openapi.ts). Query strings and
 * path ids arrive as strings; the input schemas coerce them. Errors go out as `{ message, code,
 * issues? }` (sendError, errors.ts), the body the document declares as Error.
 */
import { appRouter, type Context, type ProcedureMeta, serializedOnce } from "@jcba/api";
import { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./errors.ts";

interface ProcedureDef {
  meta?: ProcedureMeta;
  type: "query" | "mutation" | "subscription";
  inputs: { _zod?: { def?: { type?: string } } }[];
}
/**
 * A procedure called the way tRPC's own server-side caller calls it (createCallerFactory), minus the
 * proxy built and the path looked up again on every request: this runs on every REST call.
 */
type Procedure = ((opts: {
  path: string;
  ctx: Context;
  type: ProcedureDef["type"];
  getRawInput: () => Promise<unknown>;
  signal: undefined;
  batchIndex: number;
}) => Promise<unknown>) & { _def: ProcedureDef };

export function registerRestRoutes(
  app: FastifyInstance,
  createContext: (request: FastifyRequest, reply: FastifyReply) => Promise<Context>,
) {
  const procedures = (appRouter._def as unknown as { procedures: Record<string, Procedure> }).procedures;
  for (const [path, procedure] of Object.entries(procedures)) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi) continue;
    const takesNoInput =
      procedure._def.inputs.length === 0 || procedure._def.inputs.every((i) => i._zod?.def?.type === "void");
    const usesBody =
      openapi.method === "POST" ||
      openapi.method === "PATCH" ||
      openapi.method === "PUT" ||
      procedure._def.meta?.inputInBody === true;
    app.route({
      method: openapi.method,
      url: `/api${openapi.path.replace(/\{(\w+)\}/g, ":$1")}`,
      handler: async (request, reply) => {
        try {
          let input: unknown;
          if (!takesNoInput) {
            const source = usesBody ? request.body : request.query;
            if (source !== undefined && source !== null && (typeof source !== "object" || Array.isArray(source))) {
              throw new TRPCError({ code: "BAD_REQUEST", message: "The request body must be a JSON object." });
            }
            input = { ...(source as object | undefined), ...(request.params as object) };
          }
          const result = await procedure({
            path,
            ctx: await createContext(request, reply),
            type: procedure._def.type,
            getRawInput: async () => input,
            signal: undefined,
            batchIndex: 0,
          });
          const successStatus = procedure._def.meta?.successStatus;
          if (successStatus) reply.code(successStatus);
          // Content lists are serialised once per content version, and answer If-None-Match.
          const shared = serializedOnce(result);
          if (!shared) return result;
          reply.header("ETag", shared.etag);
          if (request.headers["if-none-match"] === shared.etag) return reply.code(304).send();
          return reply.type("application/json; charset=utf-8").send(shared.json);
        } catch (error) {
          return sendError(reply, error, "procedure failed");
        }
      },
    });
  }
}

/** The roster's REST path, which also takes the CSV file itself as the body. */
export const ROSTER_ROUTE = "/api/admin/invitations";

/**
 * A `text/csv` body for POST /api/admin/invitations: it becomes the procedure's `csv` input, and
 * `?dryRun=true` its dryRun. Like JSON, a cross-site HTML form cannot send it (browsers preflight it).
 */
export function registerRosterCsv(app: FastifyInstance) {
  app.addContentTypeParser("text/csv", { parseAs: "string" }, (request, body, done) => {
    if (request.url.split("?")[0] !== ROSTER_ROUTE)
      return done(
        Object.assign(new Error("Only POST /api/admin/invitations takes a CSV body; send JSON."), { statusCode: 415 }),
      );
    const { dryRun } = (request.query ?? {}) as { dryRun?: unknown };
    done(null, { csv: body, ...(dryRun !== undefined ? { dryRun } : {}) });
  });
}
