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

/** Turns constraint violations a client can cause into 4xx errors; anything else is rethrown. */
export function clientErrorFrom(error: unknown, messages: { notFound?: string; conflict?: string } = {}): never {
  const state = sqlState(error);
  if (state === "23503")
    throw new TRPCError({
      code: "NOT_FOUND",
      message: messages.notFound ?? "A referenced item does not exist.",
      cause: error,
    });
  if (state === "23505")
    throw new TRPCError({ code: "CONFLICT", message: messages.conflict ?? "That already exists.", cause: error });
  if (state === "23514" || state === "22P02" || state === "22003")
    throw new TRPCError({
      code: "BAD_REQUEST",
      message: "The data does not meet the rules for this item.",
      cause: error,
    });
  throw error;
}
