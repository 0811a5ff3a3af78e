import { flashcards, questions } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { sectionNumber } from "../schemas.ts";
import { type AdminAuditEvent, recordAdminAction } from "../services/audit/audit-trail.ts";
import { flashcardColumns, questionColumns } from "../services/content/columns.ts";
import { checkImport, serialize } from "../services/transfer/formats.ts";
import { adminProcedure, router } from "../trpc/procedures.ts";

const TAG = ["Admin"];
const kind = z.enum(["questions", "flashcards"], { error: "kind must be questions or flashcards." });
const format = z.enum(["json", "csv"], { error: "format must be json or csv." });
const importFormat = z.enum(["json", "csv", "gift", "aiken"], { error: "format must be json, csv, gift or aiken." });
export const MAX_IMPORT_CHARS = 4_000_000;

const report = z.object({
  dryRun: z.boolean(),
  applied: z.boolean(),
  error: z.string().nullable(),
  total: z.number().int(),
  creates: z.number().int(),
  updates: z.number().int(),
  invalid: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      id: z.number().int().nullable(),
      action: z.enum(["create", "update", "invalid"]),
      problems: z.array(z.string()),
    }),
  ),
});

export const transferRouter = router({
  export: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/export",
        tags: TAG,
        summary: "Export the question bank or the deck as JSON or CSV (admin)",
        protect: true,
      },
    })
    .input(z.object({ kind, format: format.default("json") }))
    .output(z.object({ filename: z.string(), contentType: z.string(), count: z.number().int(), content: z.string() }))
    .query(async ({ ctx, input }) => {
      const rows =
        input.kind === "questions"
          ? await ctx.database.db
              .select(questionColumns)
              .from(questions)
              .orderBy(asc(questions.sectionNumber), asc(questions.id))
          : await ctx.database.db
              .select(flashcardColumns)
              .from(flashcards)
              .orderBy(asc(flashcards.sectionNumber), asc(flashcards.id));
      const date = new Date().toISOString().slice(0, 10);
      return {
        filename: `jcba-${input.kind}-${date}.${input.format}`,
        contentType: input.format === "json" ? "application/json" : "text/csv",
        count: rows.length,
        content: serialize(input.kind, input.format, rows),
      };
    }),

  import: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/import",
        tags: TAG,
        summary:
          "Import questions or flashcards (admin). With dryRun, only reports each row's problems. Rows with an id update that item, rows without one create an item; nothing is written unless every row is valid. Questions may also come as Moodle GIFT or Aiken (multiple choice and short answer); their section comes from a GIFT $CATEGORY naming a section, else from defaultSection.",
        protect: true,
      },
    })
    .input(
      z.object({
        kind,
        format: importFormat,
        defaultSection: sectionNumber.optional(),
        content: z.string().min(1, "content is empty.").max(MAX_IMPORT_CHARS, "The file is too large (4 MB at most)."),
        dryRun: z.boolean().default(true),
      }),
    )
    .output(report)
    .mutation(async ({ ctx, input }) => {
      const table = input.kind === "questions" ? questions : flashcards;
      const ids = new Set((await ctx.database.db.select({ id: table.id }).from(table)).map((r) => r.id));
      const checked = await checkImport(input.kind, input.format, input.content, ids, {
        defaultSection: input.defaultSection ?? null,
      });
      const summary = {
        dryRun: input.dryRun,
        error: checked.error ?? null,
        total: checked.reports.length,
        creates: checked.reports.filter((r) => r.action === "create").length,
        updates: checked.reports.filter((r) => r.action === "update").length,
        invalid: checked.reports.filter((r) => r.action === "invalid").length,
        rows: checked.reports,
      };
      const ok = !checked.error && summary.invalid === 0;
      if (input.dryRun) return { ...summary, applied: false };
      if (!ok)
        throw new TRPCError({
          code: "BAD_REQUEST",
          message:
            checked.error ??
            `${summary.invalid} row(s) have problems; nothing was imported. Run a dry run to see them.`,
        });
      const now = new Date();
      const columns = (input.kind === "questions" ? questionColumns : flashcardColumns) as typeof questionColumns;
      const noun = input.kind === "questions" ? "question" : "flashcard";
      await ctx.database.db.transaction(async (tx) => {
        // Every imported item goes into the audit trail with what it was before and what it became.
        const events: AdminAuditEvent[] = [];
        for (const { id, values, alternatives } of checked.valid) {
          const v = values as Record<string, unknown>;
          const row =
            input.kind === "questions"
              ? {
                  ...v,
                  options: v.questionType === "multiple-choice" ? v.options : null,
                  citation: v.citation ?? null,
                  ...(alternatives ? { alternatives } : {}),
                  editedAt: now,
                }
              : { ...v, citation: v.citation ?? null, editedAt: now };
          let before: unknown = null;
          let after: { id: number } | undefined;
          if (id === null)
            [after] = await tx
              .insert(table)
              .values(row as never)
              .returning(columns);
          else {
            [before] = await tx
              .select(columns)
              .from(table as typeof questions)
              .where(eq(table.id, id))
              .for("update");
            [after] = await tx
              .update(table)
              .set(row as never)
              .where(eq(table.id, id))
              .returning(columns);
          }
          events.push({ kind: `${noun}.imported`, targetType: noun, targetId: after!.id, before, after });
        }
        await recordAdminAction(tx, ctx, events);
      });
      ctx.content.invalidate();
      return { ...summary, applied: true };
    }),
});
