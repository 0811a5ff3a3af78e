/** zod schemas of the e-mail admins see: failed messages, and a password-reset link sent. */
import { z } from "zod";
import { pagedInput } from "../directory/schemas.ts";

export const resetSent = z.object({ message: z.string() });

export const failedMailInput = pagedInput({}, 50, 200);

export const failedMessage = z.object({
  id: z.number().int(),
  /** What it was, e.g. "password-reset". */
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});

export const failedMailPage = z.object({ total: z.number().int(), items: z.array(failedMessage) });

export const failedMailRetried = z.object({ id: z.number().int(), status: z.literal("pending") });
