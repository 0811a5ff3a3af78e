/**
 * Report a problem: a member reports a question or a flashcard (wrong answer, unclear, outdated,
 * typo, other); admins work through the queue and decide (fixed or rejected) with a reply the member
 * sees. Every decision goes into the audit trail with the report before and after.
 */
import { type Db, flashcards, questions, reports, users } from "@jcba/db";
import { hasControlChars } from "@jcba/validators";
import { TRPCError } from "@trpc/server";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { idParam } from "../schemas.ts";
import { toIso } from "../services/answers/answers.ts";
import { recordAdminAction } from "../services/audit/audit-trail.ts";
import { clientErrorFrom } from "../trpc/db-errors.ts";
import { adminProcedure, protectedProcedure, router } from "../trpc/procedures.ts";

const TAG = ["Reports"];

export const REPORT_CATEGORIES = ["wrong-answer", "unclear", "outdated", "typo", "other"] as const;
export const REPORT_STATUSES = ["open", "fixed", "rejected"] as const;
/** Open reports one member may have at a time, so the queue cannot be flooded by one account. */
export const MAX_OPEN_REPORTS = 100;

const itemType = z.enum(["question", "flashcard"], { error: "itemType must be question or flashcard." });
const category = z.enum(REPORT_CATEGORIES, {
  error: "category must be wrong-answer, unclear, outdated, typo or other.",
});
const status = z.enum(REPORT_STATUSES, { error: "status must be open, fixed or rejected." });
const text = (field: string, max: number) =>
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

const report = z.object({
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

const adminReport = report.extend({
  reporter: z.object({ id: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string() }),
});

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

export const reportsRouter = router({
  create: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/reports",
        tags: TAG,
        summary: "Report a problem with a question or a flashcard (any signed-in member)",
        protect: true,
      },
      successStatus: 201,
    })
    .input(reportInput)
    .output(report)
    .mutation(async ({ ctx, input }) => {
      const table = input.itemType === "question" ? questions : flashcards;
      const noun = input.itemType === "question" ? "Question" : "Flashcard";
      const id = await ctx.database.db.transaction(async (tx) => {
        const [item] = await tx.select({ archivedAt: table.archivedAt }).from(table).where(eq(table.id, input.itemId));
        if (!item || item.archivedAt)
          throw new TRPCError({ code: "NOT_FOUND", message: `${noun} ${input.itemId} does not exist.` });
        const [open] = await tx
          .select({ n: count() })
          .from(reports)
          .where(and(eq(reports.userId, ctx.user.id), eq(reports.status, "open")));
        if ((open?.n ?? 0) >= MAX_OPEN_REPORTS)
          throw new TRPCError({
            code: "TOO_MANY_REQUESTS",
            message: `You have ${MAX_OPEN_REPORTS} open reports; wait until an admin has looked at them.`,
          });
        const [row] = await tx
          .insert(reports)
          .values({
            userId: ctx.user.id,
            itemType: input.itemType,
            itemId: input.itemId,
            category: input.category,
            comment: input.comment ? input.comment : null,
          })
          .returning({ id: reports.id })
          .catch((e) =>
            clientErrorFrom(e, { conflict: "You already reported this item; an admin has not answered yet." }),
          );
        return row!.id;
      });
      return shape(await one(ctx.database.db, id));
    }),

  mine: protectedProcedure
    .meta({
      openapi: { method: "GET", path: "/reports", tags: TAG, summary: "Your own reports, newest first", protect: true },
    })
    .input(z.void())
    .output(z.array(report))
    .query(async ({ ctx }) => {
      const rows = await selectReports(ctx.database.db)
        .where(eq(reports.userId, ctx.user.id))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(500);
      return rows.map(shape);
    }),

  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/reports",
        tags: TAG,
        summary: "The report queue (admin): reports of one status, oldest open first, newest decided first",
        protect: true,
      },
    })
    .input(
      z.object({
        status: status.default("open"),
        limit: z.coerce.number().int("limit must be a whole number.").min(1).max(200).default(50),
        offset: z.coerce.number().int("offset must be a whole number.").min(0).max(1_000_000).default(0),
      }),
    )
    .output(z.object({ total: z.number().int(), reports: z.array(adminReport) }))
    .query(async ({ ctx, input }) => {
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
            ...(input.status === "open"
              ? [reports.createdAt, reports.id]
              : [desc(reports.decidedAt), desc(reports.id)]),
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
    }),

  openCount: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/reports/open-count",
        tags: TAG,
        summary: "How many reports wait for an admin",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.object({ open: z.number().int() }))
    .query(async ({ ctx }) => {
      const [row] = await ctx.database.db.select({ n: count() }).from(reports).where(eq(reports.status, "open"));
      return { open: row?.n ?? 0 };
    }),

  decide: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/admin/reports/{id}",
        tags: TAG,
        summary: "Decide a report (admin): fixed or rejected, with a reply the member sees; open puts it back",
        protect: true,
      },
    })
    .input(z.object({ id: idParam, status, reply: text("reply", 2000).optional() }))
    .output(report)
    .mutation(async ({ ctx, input }) => {
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
    }),
});

async function one(db: Db, id: number): Promise<ReportRow> {
  const [row] = await selectReports(db).where(eq(reports.id, id));
  return row!;
}
