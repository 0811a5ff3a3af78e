/**
 * The admin's export of the question bank or the deck (JSON or CSV), and import (JSON, CSV, Moodle GIFT
 * or Aiken: formats.ts checks every row): all rows or none, each in the audit trail.
 */
import { flashcards, questions } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import { type AdminAuditEvent, recordAdminAction } from "../audit/audit-trail.ts";
import { flashcardColumns, questionColumns } from "../content/columns.ts";
import { checkImport, serialize } from "./formats.ts";
import type { exportInput, importInput } from "./schemas.ts";

export async function exportItems(ctx: Pick<Context, "database">, input: z.output<typeof exportInput>) {
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
}

/** A dry run reports each row's problems; otherwise every row is written, or none when any is invalid. */
export async function importItems(
  ctx: Pick<Context, "database" | "content" | "user" | "requestId" | "ip">,
  input: z.output<typeof importInput>,
) {
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
        checked.error ?? `${summary.invalid} row(s) have problems; nothing was imported. Run a dry run to see them.`,
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
}
