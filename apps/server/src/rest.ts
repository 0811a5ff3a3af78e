/**
 * Serves every procedure that carries `meta.openapi` at its REST path as a native Fastify route.
 * trpc-to-openapi supplies the meta model and the OpenAPI document; this adapter replaces its runtime
 * handler, which re-validates the router per request, builds a fetch Request per call, coerces
 * "false" to true in JSON bodies, and cannot be compressed by @fastify/compress.
 */

import { appRouter, type Context, createCallerFactory, INTERNAL_MESSAGE } from "@jcba/api";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { OpenApiMeta } from "trpc-to-openapi";

type Caller = Record<string, unknown>;
interface ProcedureDef {
  meta?: OpenApiMeta;
  inputs: { _zod?: { def?: { type?: string } } }[];
}

const createCaller = createCallerFactory(appRouter);

function issueMessage(issues: { path?: PropertyKey[]; message: string }[]): string {
  return issues
    .map((i) => (i.path && i.path.length > 0 ? `${i.path.map(String).join(".")}: ${i.message}` : i.message))
    .join(" ");
}

export function sendError(reply: FastifyReply, error: unknown) {
  const err = error instanceof TRPCError ? error : new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error });
  const status = getHTTPStatusCodeFromError(err);
  const issues =
    err.cause && "issues" in err.cause
      ? (err.cause as { issues: { path?: PropertyKey[]; message: string }[] }).issues
      : undefined;
  if (status >= 500) {
    // The detail (SQL, parameters) goes to the log only; the answer names the request to look for.
    reply.log.error({ err: err.cause ?? err }, "procedure failed");
    return reply.code(status).send({ message: INTERNAL_MESSAGE, code: err.code, requestId: reply.request.id });
  }
  return reply.code(status).send({
    message: issues ? issueMessage(issues) : err.message,
    code: err.code,
    ...(issues ? { issues: issues.map((i) => ({ path: i.path?.map(String) ?? [], message: i.message })) } : {}),
  });
}

export function registerRestRoutes(
  app: FastifyInstance,
  createContext: (request: FastifyRequest, reply: FastifyReply) => Promise<Context>,
) {
  const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: ProcedureDef }> }).procedures;
  for (const [path, procedure] of Object.entries(procedures)) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi) continue;
    const takesNoInput =
      procedure._def.inputs.length === 0 || procedure._def.inputs.every((i) => i._zod?.def?.type === "void");
    const segments = path.split(".");
    const usesBody = openapi.method === "POST" || openapi.method === "PATCH" || openapi.method === "PUT";
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
          const caller = createCaller(await createContext(request, reply)) as unknown as Caller;
          const fn = segments.reduce<unknown>((node, key) => (node as Caller)[key], caller) as (
            input: unknown,
          ) => Promise<unknown>;
          return await fn(input);
        } catch (error) {
          return sendError(reply, error);
        }
      },
    });
  }
}
