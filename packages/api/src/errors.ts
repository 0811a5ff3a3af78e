/**
 * What every 4xx and 5xx answer says, on every transport: tRPC (trpc.ts puts it in tRPC's envelope),
 * and the server's REST routes, sign-in routes, write guard, draining gate and Fastify's own refusals
 * (apps/server/src/http/errors.ts sends it as `{ message, code, issues? }`). Refused input names each
 * invalid field; a failure on our side says only that something failed and which request it was: its
 * detail (SQL, parameters) goes to the log, never to the client.
 */
import { type TRPC_ERROR_CODE_KEY, TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { sqlState } from "./trpc/db-errors.ts";

export const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again.";

/** Why a signed-in caller is refused until they take one more step: what `code` says in the answer. */
export type AuthStep = "SECOND_FACTOR_REQUIRED" | "REAUTH_REQUIRED";

/** A 403 whose `code` names the step the caller must take (the web app routes or asks on it). */
export class AuthStepRequired extends TRPCError {
  constructor(
    readonly step: AuthStep,
    message: string,
  ) {
    super({ code: "FORBIDDEN", message });
  }
}

/** An invalid field of refused input, as zod reports it. */
export interface InputIssue {
  path?: PropertyKey[];
  message: string;
}

/** An error as the client may see it. */
export interface PublicError {
  status: number;
  code: TRPC_ERROR_CODE_KEY | AuthStep;
  message: string;
  /** Refused input's invalid fields, as zod reported them. */
  issues?: InputIssue[];
  /** Only for a failure on our side: the id its log line carries. */
  requestId?: string;
}

/** The JSON body of an error answer outside tRPC (the OpenAPI document's Error). */
export interface ErrorBody {
  message: string;
  code: string;
  issues?: { path: string[]; message: string }[];
  requestId?: string;
}

/** Codes for what Fastify refuses before any route runs (malformed JSON, a body too large, …). */
const CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

const issuesOf = (cause: unknown): InputIssue[] | undefined =>
  cause && typeof cause === "object" && "issues" in cause ? (cause as { issues: InputIssue[] }).issues : undefined;

/**
 * What an error may tell the client: a procedure's TRPCError as it is (but an internal one), an HTTP
 * error with a 4xx status (Fastify's own) by that status, and anything else as an internal failure.
 */
export function publicError(error: unknown, requestId?: string): PublicError {
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (error.code === "INTERNAL_SERVER_ERROR") return internal(status, requestId);
    if (error instanceof AuthStepRequired) return { status, code: error.step, message: error.message };
    const issues = issuesOf(error.cause);
    return { status, code: error.code, message: error.message, ...(issues ? { issues } : {}) };
  }
  if (sqlState(error) === "57014")
    return {
      status: 503,
      code: "SERVICE_UNAVAILABLE",
      message: "The database is busy right now. Please try again in a few seconds.",
    };
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500)
    return { status, code: CODE_BY_STATUS[status] ?? "BAD_REQUEST", message: (error as Error).message };
  return internal(500, requestId);
}

function internal(status: number, requestId: string | undefined): PublicError {
  return { status, code: "INTERNAL_SERVER_ERROR", message: INTERNAL_MESSAGE, ...(requestId ? { requestId } : {}) };
}

const pathOf = (issue: InputIssue) => issue.path?.map(String) ?? [];

/**
 * The body of an error answer: `{ message, code }`; for refused input each invalid field's path and
 * message too, with the message naming them all; for a failure on our side the request id.
 */
export function errorBody(error: Pick<PublicError, "code" | "message" | "issues" | "requestId">): ErrorBody {
  const { code, issues, requestId } = error;
  if (requestId) return { message: error.message, code, requestId };
  if (!issues) return { message: error.message, code };
  return {
    message: issues.map((i) => (pathOf(i).length > 0 ? `${pathOf(i).join(".")}: ${i.message}` : i.message)).join(" "),
    code,
    issues: issues.map((i) => ({ path: pathOf(i), message: i.message })),
  };
}
