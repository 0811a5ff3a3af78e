/**
 * The HTTP status of a failed tRPC call: tRPC's own (`data.httpStatus`), or, for a refusal the server
 * made before tRPC ran (past capacity, or shutting down: no tRPC envelope), the response's. Undefined
 * when no answer came back (offline, connection lost).
 */
export function httpStatusOf(error: unknown): number | undefined {
  const failure = error as { data?: { httpStatus?: number }; meta?: { response?: { status?: number } } } | null;
  return failure?.data?.httpStatus ?? failure?.meta?.response?.status;
}

/** What a member reads when the server is past capacity (503). */
export const BUSY_TEXT = "The server is busy. Please try again in a few seconds.";
