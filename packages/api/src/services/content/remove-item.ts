/**
 * The one way an admin removes a question or a flashcard. An item no member has used is deleted; one
 * that members have answered or rated is archived instead (gone from study, tests and lists, while
 * their answers, progress and past tests stay as they were). Either way a shipped item is tombstoned,
 * so loading the content again does not bring it back.
 */
import { contentTombstones, flashcards, questions } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { eq, sql } from "drizzle-orm";
import type { Context } from "../../trpc/procedures.ts";
import { recordAdminAction } from "../audit/audit-trail.ts";
import { flashcardColumns, questionColumns } from "./columns.ts";

const KINDS = {
  question: {
    table: questions,
    columns: questionColumns,
    noun: "Question",
    used: (id: number) => sql`EXISTS (SELECT 1 FROM question_attempts WHERE question_id = ${id})`,
  },
  flashcard: {
    table: flashcards,
    columns: flashcardColumns,
    noun: "Flashcard",
    used: (id: number) => sql`EXISTS (SELECT 1 FROM flashcard_mastery WHERE flashcard_id = ${id})`,
  },
} as const;

export async function removeContentItem(
  ctx: Pick<Context, "database" | "user" | "requestId" | "ip">,
  kind: keyof typeof KINDS,
  id: number,
): Promise<{ archived: boolean }> {
  const { table, columns, noun, used } = KINDS[kind];
  return ctx.database.transaction(async (tx) => {
    // Locked, so an answer arriving meanwhile either counts as use or waits for the removal.
    const [row] = await tx.rows<{ contentKey: string | null; used: boolean }>(
      sql`SELECT content_key AS "contentKey", ${used(id)} AS used FROM ${table} WHERE id = ${id} FOR UPDATE`,
    );
    if (!row) throw new TRPCError({ code: "NOT_FOUND", message: `${noun} ${id} does not exist.` });
    // The item as it was, for the audit trail.
    const [before] = await tx.db
      .select(columns as typeof questionColumns)
      .from(table as typeof questions)
      .where(eq(table.id, id));
    if (row.used) await tx.db.update(table).set({ archivedAt: new Date() }).where(eq(table.id, id));
    else await tx.db.delete(table).where(eq(table.id, id));
    if (row.contentKey)
      await tx.db.insert(contentTombstones).values({ contentKey: row.contentKey }).onConflictDoNothing();
    await recordAdminAction(tx.db, ctx, {
      kind: `${kind}.${row.used ? "archived" : "deleted"}`,
      targetType: kind,
      targetId: id,
      before,
      after: null,
    });
    return { archived: row.used };
  });
}
