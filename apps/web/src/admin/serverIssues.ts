import { TRPCClientError } from "@trpc/client";
import { errorMessage } from "../app/trpc.ts";

export type FieldErrors = Record<string, string>;

interface Issue {
  path?: readonly (string | number)[];
  message?: string;
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
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = (issue.path ?? []).join(".");
    const field = knownFields.includes(key)
      ? key
      : knownFields.includes(String(issue.path?.[0] ?? ""))
        ? String(issue.path?.[0])
        : null;
    if (field && issue.message && !fields[field]) fields[field] = issue.message;
  }
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
