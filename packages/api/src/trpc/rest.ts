import type { OpenApiMethod } from "trpc-to-openapi";
import type { ProcedureMeta } from "./procedures.ts";

/**
 * A procedure's REST endpoint, for the REST adapter and the OpenAPI document: every endpoint of a
 * router shares its tag and needs a signed-in caller (`protect`). A creation may answer 201, work accepted to run
 * later 202. A DELETE
 * whose input is a secret (a password) takes it as a JSON body (`inputInBody`), never in the query
 * string, which access logs and proxies keep.
 */
export const restEndpoints =
  (tag: string) =>
  (
    method: OpenApiMethod,
    path: `/${string}`,
    summary: string,
    options: { successStatus?: 201 | 202; inputInBody?: true } = {},
  ) =>
    ({ openapi: { method, path, tags: [tag], summary, protect: true }, ...options }) satisfies ProcedureMeta;
