/**
 * Why a submission is still on the taking screen, in the member's terms. With the outbox, a missing
 * connection or an expired session is no problem (the test waits on the device and is graded there
 * meanwhile); only the server refusing it for good, or the device refusing to store it, is.
 */
import { errorMessage } from "../app/trpc.ts";

export type SubmitProblemKind = "rejected" | "storage";
export interface SubmitProblem {
  kind: SubmitProblemKind;
  detail: string;
}

export const PROBLEM_TEXT: Record<SubmitProblemKind, string> = {
  rejected:
    "The server did not accept this test (the question bank may have changed since you started). Your answers are still saved on this device.",
  storage:
    "This device would not store your test for sending (its storage may be full or blocked). Your answers are still on screen: free some space, then select Retry.",
};

/** The outbox could not store the submission (IndexedDB refused it). */
export const storageProblem = (error: unknown): SubmitProblem => ({ kind: "storage", detail: errorMessage(error) });
