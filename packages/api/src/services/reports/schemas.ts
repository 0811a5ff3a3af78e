/** zod schemas of problem reports. */
import { hasControlChars } from "@jcba/validators";
import { idParam } from "@jcba/validators/api";
import { z } from "zod";

export const REPORT_CATEGORIES = ["wrong-answer", "unclear", "outdated", "typo", "other"] as const;
export const REPORT_STATUSES = ["open", "fixed", "rejected"] as const;
const itemType = z.enum(["question", "flashcard"], { error: "itemType must be question or flashcard." });
const category = z.enum(REPORT_CATEGORIES, {
  error: "category must be wrong-answer, unclear, outdated, typo or other.",
});
export const status = z.enum(REPORT_STATUSES, { error: "status must be open, fixed or rejected." });
export const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .max(max, `${field} is too long (at most ${max} characters).`)
    .refine((v) => !hasControlChars(v), `${field} cannot contain control characters.`);

export const reportInput = z.object({
  itemType,
  itemId: idParam,
  category,
  comment: text("comment", 1000).optional(),
});

export const report = z.object({
  id: z.number().int(),
  itemType,
  itemId: z.number().int(),
  category,
  comment: z.string().nullable(),
  status,
  reply: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The reported item as it is now: its question text or term, its section, and whether it is archived. */
  item: z
    .object({ text: z.string(), sectionNumber: z.number().int(), archived: z.boolean() })
    .nullable()
    .meta({ description: "Null when the item has since been deleted." }),
});

export const adminReport = report.extend({
  reporter: z.object({ id: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string() }),
});

export const queueInput = z.object({
  status: status.default("open"),
  limit: z.coerce.number().int("limit must be a whole number.").min(1).max(200).default(50),
  offset: z.coerce.number().int("offset must be a whole number.").min(0).max(1_000_000).default(0),
});

export const decision = z.object({ id: idParam, status, reply: text("reply", 2000).optional() });

export const reportPage = z.object({ total: z.number().int(), reports: z.array(adminReport) });

export const openReports = z.object({ open: z.number().int() });
