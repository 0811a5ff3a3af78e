/** Why a submission failed, in the member's terms, and what the taking screen tells them. */
import { TRPCClientError } from "@trpc/client";
import { errorMessage } from "../app/trpc.ts";

export type SubmitProblemKind = "offline" | "network" | "signedOut" | "rejected" | "server";
export interface SubmitProblem {
  kind: SubmitProblemKind;
  detail: string;
}

export const PROBLEM_TEXT: Record<SubmitProblemKind, string> = {
  offline:
    "You appear to be offline. Your answers are saved on this device, so nothing is lost. Check your connection, then select Retry.",
  network:
    "We couldn't reach the server. Your answers are saved on this device, so nothing is lost. Check your connection, then select Retry.",
  signedOut:
    "You have been signed out. Your answers are saved on this device: sign in again, come back to Practice Test and resume, or select Retry once you are signed in.",
  server:
    "The server had a problem recording your test. Your answers are saved on this device; select Retry in a moment.",
  rejected:
    "The server did not accept this test (the question bank may have changed since you started). Your answers are still saved on this device.",
};

/** What went wrong with a submission, in the member's terms. */
export function submitProblem(error: unknown): SubmitProblem {
  const detail = errorMessage(error);
  const status =
    error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  if (status === 401) return { kind: "signedOut", detail };
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429)
    return { kind: "rejected", detail };
  if (status !== undefined) return { kind: "server", detail };
  return { kind: navigator.onLine ? "network" : "offline", detail };
}
