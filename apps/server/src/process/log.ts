/**
 * How errors appear in log lines. Hand-written rather than pino's standard serializer, which copies
 * every property of an error: drizzle's query errors carry the statement's parameters (an e-mail, a
 * password hash) in `params` and again in the message. Here the SQL text stays, the values do not.
 */
const ARGON_HASH = /\$argon2(?:id|i|d)\$[^\s,"')]*/g;

const scrub = (text: string) =>
  text.replace(/\nparams: [\s\S]*$/, "\nparams: [redacted]").replace(ARGON_HASH, "[hash]");

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function errorSerializer(error: unknown): LoggedError {
  return serialize(error, 0);
}

function serialize(error: unknown, depth: number): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error)), stack: "" };
  const out: LoggedError = {
    type: error.constructor?.name ?? "Error",
    message: scrub(error.message),
    stack: scrub(error.stack ?? ""),
  };
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  if (error.cause !== undefined && depth < 4) out.cause = serialize(error.cause, depth + 1);
  return out;
}
