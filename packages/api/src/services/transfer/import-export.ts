/**
 * The admin's export of the question bank or the deck (JSON or CSV), and import (JSON, CSV, Moodle GIFT
 * or Aiken: formats.ts checks every row): all rows or none, each in the audit trail.
 */
import { editions, flashcards, questions } from "@jcba/db";
import { FLASHCARD_VERSION_FIELDS, fieldChanges, QUESTION_VERSION_FIELDS } from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import { type AdminAuditEvent, recordAdminAction } from "../audit/audit-trail.ts";
import { flashcardColumns, questionColumns } from "../content/columns.ts";
import { actAs } from "../content/items.ts";
import { checkImport, serialize } from "./formats.ts";
import type { exportInput, importInput } from "./schemas.ts";

export async function exportItems(ctx: Pick<Context, "database">, input: z.output<typeof exportInput>) {
  const rows =
    input.kind === "questions"
      ? await ctx.database.db
          .select({ ...questionColumns, replaces: questions.replaces })
          .from(questions)
          .orderBy(asc(questions.sectionNumber), asc(questions.id))
      : await ctx.database.db
          .select({ ...flashcardColumns, replaces: flashcards.replaces })
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

type Checked = Awaited<ReturnType<typeof checkImport>>["valid"][number];

/** The values an imported row writes; editions and `replaces` only when the row gives them. */
function rowValues(kind: "questions" | "flashcards", { values, alternatives, editions, replaces }: Checked, now: Date) {
  const v = values as Record<string, unknown>;
  const linked = { ...(editions ? { editions } : {}), ...(replaces !== undefined ? { replaces } : {}) };
  return kind === "questions"
    ? {
        ...v,
        options: v.questionType === "multiple-choice" ? v.options : null,
        citation: v.citation ?? null,
        ...(alternatives ? { alternatives } : {}),
        ...linked,
        editedAt: now,
      }
    : { ...v, citation: v.citation ?? null, ...linked, editedAt: now };
}

/**
 * The version each valid row would make, by row: 1 for a new item, the next one for an update that
 * changes what members see or how it is graded, null for an update of metadata only (the database's
 * trigger decides the same way when the rows are written).
 */
async function versionsMade(
  ctx: Pick<Context, "database">,
  kind: "questions" | "flashcards",
  valid: Checked[],
  now: Date,
): Promise<Map<number, number | null>> {
  const table = kind === "questions" ? questions : flashcards;
  const columns = (kind === "questions" ? questionColumns : flashcardColumns) as typeof questionColumns;
  const fields = kind === "questions" ? QUESTION_VERSION_FIELDS : FLASHCARD_VERSION_FIELDS;
  const ids = valid.flatMap((c) => (c.id === null ? [] : [c.id]));
  const current = new Map(
    ids.length === 0
      ? []
      : (
          await ctx.database.db
            .select(columns)
            .from(table as typeof questions)
            .where(inArray(table.id, ids))
        ).map((r) => [r.id, r as Record<string, unknown>]),
  );
  return new Map(
    valid.map((c) => {
      if (c.id === null) return [c.row, 1];
      const before = current.get(c.id)!;
      const after = { ...before, ...rowValues(kind, c, now) };
      return [c.row, fieldChanges(before, after, fields).length > 0 ? (before.version as number) + 1 : null];
    }),
  );
}

/** A dry run reports each row's problems; otherwise every row is written, or none when any is invalid. */
export async function importItems(
  ctx: Pick<Context, "database" | "content" | "user" | "requestId" | "ip">,
  input: z.output<typeof importInput>,
) {
  const table = input.kind === "questions" ? questions : flashcards;
  const [items, known] = await Promise.all([
    ctx.database.db.select({ id: table.id, replaces: table.replaces }).from(table),
    ctx.database.db.select({ slug: editions.slug }).from(editions),
  ]);
  const replaces = new Map(items.map((r) => [r.id, r.replaces]));
  const checked = await checkImport(input.kind, input.format, input.content, new Set(replaces.keys()), {
    defaultSection: input.defaultSection ?? null,
    editions: new Set(known.map((e) => e.slug)),
    replaces,
  });
  const now = new Date();
  const versions = await versionsMade(ctx, input.kind, ("candidates" in checked && checked.candidates) || [], now);
  const summary = {
    dryRun: input.dryRun,
    error: checked.error ?? null,
    total: checked.reports.length,
    creates: checked.reports.filter((r) => r.action === "create").length,
    updates: checked.reports.filter((r) => r.action === "update").length,
    invalid: checked.reports.filter((r) => r.action === "invalid").length,
    rows: checked.reports.map((r) => ({ ...r, newVersion: versions.get(r.row) ?? null })),
  };
  const ok = !checked.error && summary.invalid === 0;
  if (input.dryRun) return { ...summary, applied: false };
  if (!ok)
    throw new TRPCError({
      code: "BAD_REQUEST",
      message:
        checked.error ?? `${summary.invalid} row(s) have problems; nothing was imported. Run a dry run to see them.`,
    });
  const columns = (input.kind === "questions" ? questionColumns : flashcardColumns) as typeof questionColumns;
  const noun = input.kind === "questions" ? "question" : "flashcard";
  await ctx.database.db.transaction(async (tx) => {
    // The versions the import makes name the importing admin (see services/content/items.ts).
    await tx.execute(actAs(ctx));
    // Every imported item goes into the audit trail with what it was before and what it became.
    const events: AdminAuditEvent[] = [];
    for (const checkedRow of checked.valid) {
      const { id } = checkedRow;
      const row = rowValues(input.kind, checkedRow, now);
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
