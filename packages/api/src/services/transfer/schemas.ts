/** zod schemas of the admin's import and export of the bank and the deck. */
import { sectionNumber } from "@jcba/validators/api";
import { z } from "zod";

const kind = z.enum(["questions", "flashcards"], { error: "kind must be questions or flashcards." });
const format = z.enum(["json", "csv"], { error: "format must be json or csv." });
const importFormat = z.enum(["json", "csv", "gift", "aiken"], { error: "format must be json, csv, gift or aiken." });
export const MAX_IMPORT_CHARS = 4_000_000;

/**
 * What a file of rows checked before it is applied reports (an import, an invitation roster): whether
 * this was the dry run or the rows were applied, and how many rows there were and were invalid.
 */
export const rowsCheckReport = {
  dryRun: z.boolean(),
  applied: z.boolean(),
  total: z.number().int(),
  invalid: z.number().int(),
};

export const importReport = z.object({
  ...rowsCheckReport,
  error: z.string().nullable(),
  creates: z.number().int(),
  updates: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      id: z.number().int().nullable(),
      action: z.enum(["create", "update", "invalid"]),
      problems: z.array(z.string()),
      newVersion: z.number().int().nullable().meta({
        description:
          "The version the row makes: 1 for a new item, the next for a change of what members see or how it is graded, null for metadata only or an invalid row.",
      }),
    }),
  ),
});

export const exportInput = z.object({ kind, format: format.default("json") });

export const exported = z.object({
  filename: z.string(),
  contentType: z.string(),
  count: z.number().int(),
  content: z.string(),
});

export const importInput = z.object({
  kind,
  format: importFormat,
  defaultSection: sectionNumber.optional(),
  content: z.string().min(1, "content is empty.").max(MAX_IMPORT_CHARS, "The file is too large (4 MB at most)."),
  dryRun: z.boolean().default(true),
});
