/** zod schemas of the admin's invitations: a roster in, its check or its sending out, a page of states. */
import { idParam } from "@jcba/validators/api";
import { MAX_ROSTER_CHARS, MAX_ROSTER_ROWS } from "@jcba/validators/invitations";
import { z } from "zod";
import { pagedInput } from "../directory/schemas.ts";
import { rowsCheckReport } from "../transfer/schemas.ts";

export const INVITATION_STATES = ["queued", "sent", "failed", "accepted", "expired", "revoked"] as const;
export const invitationState = z.enum(INVITATION_STATES, {
  error: `status must be one of ${INVITATION_STATES.join(", ")}.`,
});

/**
 * Each row is checked by the service (so a dry run can report every bad row), not here: only its shape
 * and size are. Strings are bounded so a hostile body costs little.
 */
const rosterEntry = z.object({
  email: z.string().max(1000),
  firstName: z.string().max(1000).optional(),
  lastName: z.string().max(1000).optional(),
});

export const inviteInput = z
  .object({
    invitations: z
      .array(rosterEntry)
      .min(1, "invitations is empty.")
      .max(MAX_ROSTER_ROWS, `A roster may hold at most ${MAX_ROSTER_ROWS.toLocaleString("en-US")} invitations.`)
      .optional()
      .meta({ description: "The invitees as JSON. Send this or csv." }),
    csv: z
      .string()
      .min(1, "csv is empty.")
      .max(MAX_ROSTER_CHARS, "The roster is too large (4 MB at most).")
      .optional()
      .meta({
        description:
          "The roster as CSV: email, first name, last name (a header row naming them is optional). A text/csv request body arrives here.",
      }),
    dryRun: z
      .preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean())
      .default(false)
      .meta({ description: "Only check the roster: report bad rows, members and open invitations; write nothing." }),
  })
  .refine((v) => (v.invitations === undefined) !== (v.csv === undefined), {
    message: "Send either invitations (JSON) or csv, not both.",
    path: ["invitations"],
  });

export const rosterRow = z.object({
  /** 1-based row of the roster (a CSV header row is row 0). */
  row: z.number().int(),
  email: z.string(),
  outcome: z.enum(["invalid", "duplicate", "member", "invited"]).meta({
    description:
      "invalid: a field is wrong; duplicate: the address is on an earlier row; member: the address has an account; invited: the address has an open invitation (resend it instead). Only invalid and duplicate rows stop a roster; the others are skipped.",
  }),
  problems: z.array(z.string()),
});

/** Applied: invitations were stored and their e-mail queued. */
export const inviteReport = z.object({
  ...rowsCheckReport,
  /** Rows that get (or, in a dry run, would get) an invitation. */
  invited: z.number().int(),
  skipped: z.number().int(),
  /** Every row that is not invited, in roster order. */
  rows: z.array(rosterRow),
});

export const invitationsInput = pagedInput({ status: invitationState.optional() }, 50, 500);

export const invitation = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: invitationState,
  createdAt: z.string(),
  /** When its current link was sent (a resend sets it again). */
  sentAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Why its e-mail was not sent, while it is failed or being tried again. */
  lastError: z.string().nullable(),
});

export const invitationsPage = z.object({
  total: z.number().int(),
  /** How many invitations are in each state, for the filters. */
  counts: z.object(
    Object.fromEntries(INVITATION_STATES.map((s) => [s, z.number().int()])) as Record<
      (typeof INVITATION_STATES)[number],
      z.ZodNumber
    >,
  ),
  items: z.array(invitation),
});

export const invitationId = z.object({ id: idParam });
