import { TRPCClientError } from "@trpc/client";
import { errorMessage } from "../app/trpc.ts";

/** Messages by field path ('questionText', 'options.2'). */
export type FieldErrors = Record<string, string>;

interface Issue {
  path?: readonly PropertyKey[];
  message?: string;
}

/** The first message for each known field; a path below a known field ('options.2.x') counts for its first part. */
function errorsOf(issues: readonly Issue[], knownFields?: readonly string[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = (issue.path ?? []).map(String).join(".");
    const head = String(issue.path?.[0] ?? "");
    const field = !knownFields || knownFields.includes(key) ? key : knownFields.includes(head) ? head : null;
    if (field && issue.message && !fields[field]) fields[field] = issue.message;
  }
  return fields;
}

/** What checkForm needs of a zod schema (typed structurally, so the web needs no zod types of its own). */
interface Parseable<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

/**
 * A form checked with the same zod schema the server uses: the parsed value to send, or the
 * messages by field (the first one for each).
 */
export function checkForm<T>(
  schema: Parseable<T>,
  draft: unknown,
): { ok: true; value: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(draft);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: errorsOf(result.error.issues) };
}

/**
 * A failed save as the form shows it: zod issues from the server (data.issues) become messages
 * keyed by field path ('questionText', 'options.2'); the description for the toast reads
 * '400: <the issues' messages>' instead of the raw JSON the server puts in the message.
 */
export function serverErrors(
  error: unknown,
  knownFields: readonly string[],
): { fields: FieldErrors; description: string } {
  const issues =
    error instanceof TRPCClientError ? ((error.data as { issues?: Issue[] } | undefined)?.issues ?? []) : [];
  const fields = errorsOf(issues, knownFields);
  if (issues.length === 0) return { fields, description: errorMessage(error) };
  const status =
    error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  const text = issues
    .map((i) => i.message)
    .filter(Boolean)
    .join(" ");
  return { fields, description: status ? `${status}: ${text}` : text };
}

/** Moves focus to the first field with a message, in form order. */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors, order: readonly string[]) {
  const first = order.find((f) => errors[f]);
  if (!first || !form) return;
  const el = form.querySelector<HTMLElement>(`[name="${first}"]`);
  el?.focus();
}
