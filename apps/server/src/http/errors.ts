/**
 * Every 4xx and 5xx answer the server sends outside tRPC: the REST routes, the sign-in routes, the
 * write guard, the draining gate, unknown API paths and what Fastify refuses itself. The body is built
 * by @jcba/api's errors.ts, which tRPC's error formatter uses too, so every transport says the same.
 */
import { BUSY_RETRY_AFTER_SECONDS, errorBody, publicError } from "@jcba/api";
import { type TRPC_ERROR_CODE_KEY, TRPCError } from "@trpc/server";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { PasswordWorkBusy } from "../auth/passwords.ts";

export { errorBody };

/** A refusal's body, for the routes that answer without throwing: `{ message, code }`. */
export const refusal = (code: TRPC_ERROR_CODE_KEY, message: string) => errorBody({ code, message });

/**
 * Answers with what `error` may tell the client (a failure on our side: nothing but the request id)
 * and logs a failure on our side in full under `logMessage`.
 */
export function sendError(reply: FastifyReply, error: unknown, logMessage = "request failed") {
  const answer = publicError(error, reply.request.id);
  // A procedure's failure wraps what really failed (a database error, say): that is what the log needs.
  if (answer.status >= 500)
    reply.log.error({ err: error instanceof TRPCError ? (error.cause ?? error) : error }, logMessage);
  // Busy, not broken (a statement past STATEMENT_TIMEOUT_MS): the client may try again shortly.
  if (answer.status === 503) reply.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  return reply.code(answer.status).send(errorBody(answer));
}

/**
 * Errors Fastify raises itself (malformed JSON, too large, wrong media type) and any a route throws.
 * Set before the routes: a route keeps the error handler in place when it is registered.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    // Busy, not broken (auth/passwords.ts): the client may try again shortly.
    if (error instanceof PasswordWorkBusy)
      return reply
        .code(503)
        .header("Retry-After", "5")
        .send(errorBody({ code: "SERVICE_UNAVAILABLE", message: error.message }));
    return sendError(reply, error);
  });
}
