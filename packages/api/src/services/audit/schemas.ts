/** zod schemas of the audit trail as the Audit screen reads it. */
import { z } from "zod";
import { pagedInput } from "../directory/schemas.ts";

export const auditEvent = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  kind: z.string(),
  actor: z
    .object({ id: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string() })
    .nullable()
    .meta({ description: "Null for the operator (CLI, start-up) and for sign-in attempts of unknown accounts." }),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});

const isoDate = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be a date and time such as 2026-01-31T00:00:00Z.` })
    .or(z.iso.date({ error: `${field} must be a date such as 2026-01-31.` }))
    .optional();

export const auditQuery = pagedInput(
  {
    actor: z
      .string({ error: "actor must be text." })
      .trim()
      .max(254, "actor is too long (at most 254 characters).")
      .optional(),
    kind: z
      .string({ error: "kind must be text." })
      .regex(/^[a-z]+(\.[a-z]+)?$/, "kind must be a kind such as question.updated, or a group such as question.")
      .optional(),
    from: isoDate("from"),
    to: isoDate("to"),
  },
  50,
  200,
);

export const auditPage = z.object({ total: z.number().int(), kinds: z.array(z.string()), events: z.array(auditEvent) });
