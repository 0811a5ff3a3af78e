/**
 * Report a problem: a member reports a question or a flashcard (wrong answer, unclear, outdated,
 * typo, other); admins work through the queue and decide (fixed or rejected) with a reply the member
 * sees. Every decision goes into the audit trail with the report before and after.
 */
import { type Db, flashcards, questions, reports, users } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { clientErrorFrom } from "../../trpc/db-errors.ts";
import type { Context } from "../../trpc/procedures.ts";
import { recordAdminAction } from "../audit/audit-trail.ts";
import { toIso } from "../rows.ts";
import type { decision, queueInput, reportInput } from "./schemas.ts";

/** Open reports one member may have at a time, so the queue cannot be flooded by one account. */
export const MAX_OPEN_REPORTS = 100;

/** The report's columns with its item's text, section and archive state (null when it is gone). */
const reportColumns = {
  id: reports.id,
  itemType: reports.itemType,
  itemId: reports.itemId,
  category: reports.category,
  comment: reports.comment,
  status: reports.status,
  reply: reports.reply,
  createdAt: reports.createdAt,
  decidedAt: reports.decidedAt,
  itemText: sql<string | null>`coalesce(${questions.questionText}, ${flashcards.term})`,
  itemSection: sql<number | null>`coalesce(${questions.sectionNumber}, ${flashcards.sectionNumber})`,
  itemArchived: sql<boolean>`coalesce(${questions.archivedAt}, ${flashcards.archivedAt}) IS NOT NULL`,
};

const joinQuestion = and(eq(reports.itemType, "question"), eq(questions.id, reports.itemId));
const joinFlashcard = and(eq(reports.itemType, "flashcard"), eq(flashcards.id, reports.itemId));

/** Reports with their items, to be narrowed with .where(). */
const selectReports = (db: Db) =>
  db.select(reportColumns).from(reports).leftJoin(questions, joinQuestion).leftJoin(flashcards, joinFlashcard);
type ReportRow = Awaited<ReturnType<typeof selectReports>>[number];

const shape = (r: ReportRow) => ({
  id: r.id,
  itemType: r.itemType,
  itemId: r.itemId,
  category: r.category,
  comment: r.comment,
  status: r.status,
  reply: r.reply,
  createdAt: toIso(r.createdAt),
  decidedAt: r.decidedAt ? toIso(r.decidedAt) : null,
  item:
    r.itemText === null || r.itemSection === null
      ? null
      : { text: r.itemText, sectionNumber: Number(r.itemSection), archived: Boolean(r.itemArchived) },
});

async function one(db: Db, id: number): Promise<ReportRow> {
  const [row] = await selectReports(db).where(eq(reports.id, id));
  return row!;
}

/** Files a member's report; at most MAX_OPEN_REPORTS open ones, one per item. */
export async function fileReport(ctx: Pick<Context, "database">, userId: number, input: z.infer<typeof reportInput>) {
  const table = input.itemType === "question" ? questions : flashcards;
  const noun = input.itemType === "question" ? "Question" : "Flashcard";
  const id = await ctx.database.db.transaction(async (tx) => {
    const [item] = await tx.select({ archivedAt: table.archivedAt }).from(table).where(eq(table.id, input.itemId));
    if (!item || item.archivedAt)
      throw new TRPCError({ code: "NOT_FOUND", message: `${noun} ${input.itemId} does not exist.` });
    const [open] = await tx
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.userId, userId), eq(reports.status, "open")));
    if ((open?.n ?? 0) >= MAX_OPEN_REPORTS)
      throw new TRPCError({
        code: "TOO_MANY_REQUESTS",
        message: `You have ${MAX_OPEN_REPORTS} open reports; wait until an admin has looked at them.`,
      });
    const [row] = await tx
      .insert(reports)
      .values({
        userId: userId,
        itemType: input.itemType,
        itemId: input.itemId,
        category: input.category,
        comment: input.comment ? input.comment : null,
      })
      .returning({ id: reports.id })
      .catch((e) => clientErrorFrom(e, { conflict: "You already reported this item; an admin has not answered yet." }));
    return row!.id;
  });
  return shape(await one(ctx.database.db, id));
}

/** The member's own reports, newest first. */
export async function reportsOf(ctx: Pick<Context, "database">, userId: number) {
  const rows = await selectReports(ctx.database.db)
    .where(eq(reports.userId, userId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(500);
  return rows.map(shape);
}

/** The queue of one status, oldest open first, newest decided first. */
export async function reportQueue(ctx: Pick<Context, "database">, input: z.infer<typeof queueInput>) {
  const where = eq(reports.status, input.status);
  const [rows, [total]] = await Promise.all([
    ctx.database.db
      .select({
        ...reportColumns,
        reporterId: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.userId))
      .leftJoin(questions, joinQuestion)
      .leftJoin(flashcards, joinFlashcard)
      .where(where)
      .orderBy(
        ...(input.status === "open" ? [reports.createdAt, reports.id] : [desc(reports.decidedAt), desc(reports.id)]),
      )
      .limit(input.limit)
      .offset(input.offset),
    ctx.database.db.select({ n: count() }).from(reports).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    reports: rows.map((r) => ({
      ...shape(r),
      reporter: { id: r.reporterId, email: r.email, firstName: r.firstName, lastName: r.lastName },
    })),
  };
}

export async function openReportCount(ctx: Pick<Context, "database">) {
  const [row] = await ctx.database.db.select({ n: count() }).from(reports).where(eq(reports.status, "open"));
  return { open: row?.n ?? 0 };
}

/** An admin's decision (fixed or rejected, with a reply), or back to open; recorded in the audit trail. */
export async function decideReport(
  ctx: Pick<Context, "database" | "user" | "requestId" | "ip"> & { user: { id: number } },
  input: z.infer<typeof decision>,
) {
  await ctx.database.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: reports.status, reply: reports.reply, decidedAt: reports.decidedAt })
      .from(reports)
      .where(eq(reports.id, input.id))
      .for("update");
    if (!before) throw new TRPCError({ code: "NOT_FOUND", message: `Report ${input.id} does not exist.` });
    const reopened = input.status === "open";
    const [after] = await tx
      .update(reports)
      .set({
        status: input.status,
        reply: input.reply === undefined ? before.reply : input.reply || null,
        decidedAt: reopened ? null : new Date(),
        decidedBy: reopened ? null : ctx.user.id,
      })
      .where(eq(reports.id, input.id))
      .returning({ status: reports.status, reply: reports.reply, decidedAt: reports.decidedAt })
      .catch((e) => clientErrorFrom(e, { conflict: "The member already has another open report of this item." }));
    await recordAdminAction(tx, ctx, {
      kind: "report.decided",
      targetType: "report",
      targetId: input.id,
      before,
      after,
    });
  });
  return shape(await one(ctx.database.db, input.id));
}
