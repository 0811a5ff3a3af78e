import { TRPCError } from "@trpc/server";

/** The SQLSTATE of a database error, through drizzle's wrapper if there is one. */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The 4xx error for a database error a client can cause, or null for anything else (a real fault):
 * constraint violations, data the database cannot take, and two requests racing for the same rows.
 */
export function clientErrorOf(
  error: unknown,
  messages: { notFound?: string; conflict?: string } = {},
): TRPCError | null {
  const state = sqlState(error);
  if (!state) return null;
  if (state === "23503")
    return new TRPCError({
      code: "NOT_FOUND",
      message: messages.notFound ?? "A referenced item does not exist.",
      cause: error,
    });
  if (state === "23505")
    return new TRPCError({ code: "CONFLICT", message: messages.conflict ?? "That already exists.", cause: error });
  // Serialization failure and deadlock: another request changed the same rows at the same moment.
  if (state === "40001" || state === "40P01")
    return new TRPCError({
      code: "CONFLICT",
      message: "Another request changed the same data at the same moment. Please try again.",
      cause: error,
    });
  // Class 22 (data exception: bad encoding, out of range, invalid text) and 23514 (a CHECK rule).
  if (state === "23514" || state === "23502" || state.startsWith("22"))
    return new TRPCError({
      code: "BAD_REQUEST",
      message: "The data does not meet the rules for this item.",
      cause: error,
    });
  return null;
}

/** How long a client should wait before trying again after the database was too busy (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * 503 for a statement the database cancelled because it ran past STATEMENT_TIMEOUT_MS (57014, as
 * PostgreSQL and PGlite both report it): the database is busy, not broken, and the same request may
 * well succeed shortly. The transports add Retry-After to every 503.
 */
export function busyErrorOf(error: unknown): TRPCError | null {
  if (sqlState(error) !== "57014") return null;
  return new TRPCError({
    code: "SERVICE_UNAVAILABLE",
    message: "The database is busy right now. Please try again in a few seconds.",
    cause: error,
  });
}

/** Turns constraint violations a client can cause into 4xx errors; anything else is rethrown. */
export function clientErrorFrom(error: unknown, messages: { notFound?: string; conflict?: string } = {}): never {
  throw clientErrorOf(error, messages) ?? error;
}
