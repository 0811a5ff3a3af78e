import { auditEvents, sessions, testAttempts, users } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { and, asc, count, desc, eq, gte, inArray, isNull, like, lt, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { adminStats, adminUser, idParam } from "../schemas.ts";
import { toIso } from "../services/answers/answers.ts";
import { AUDIT_KINDS, recordAdminAction } from "../services/audit/audit-trail.ts";
import { adminProcedure, router } from "../trpc/procedures.ts";

const TAG = ["Admin"];

const pageParams = (defaultLimit: number, maxLimit: number) => ({
  limit: z.coerce
    .number({ error: "limit must be a number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(maxLimit, `limit must be at most ${maxLimit}.`)
    .default(defaultLimit),
  offset: z.coerce
    .number({ error: "offset must be a number." })
    .int("offset must be a whole number.")
    .min(0, "offset cannot be negative.")
    .max(10_000_000, "offset is too large.")
    .default(0),
});

const searchText = z
  .string({ error: "query must be text." })
  .trim()
  .max(100, "query is too long (at most 100 characters).")
  .optional();

/** LIKE pattern for text that starts with `prefix`, its wildcards taken literally. */
const startsWith = (prefix: string) => `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Members whose e-mail, full name or last name starts with the query (case-insensitive). Each test
 * matches an index of the users table (users_*_prefix_idx), so search stays fast with many members.
 */
function userSearch(query: string | undefined): SQL | undefined {
  if (!query) return undefined;
  const pattern = startsWith(query);
  return or(
    like(users.email, pattern),
    sql`lower(${users.firstName} || ' ' || ${users.lastName}) LIKE ${pattern}`,
    sql`lower(${users.lastName}) LIKE ${pattern}`,
  );
}

const usersInput = z
  .object({ query: searchText, ...pageParams(100, 500) })
  .optional()
  .transform((v) => v ?? { query: undefined, limit: 100, offset: 0 });

const auditEvent = z.object({
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

export const adminRouter = router({
  stats: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/stats",
        tags: TAG,
        summary: "Platform totals: users, questions, flashcards and practice-test attempts",
        protect: true,
      },
    })
    .input(z.void())
    .output(adminStats)
    .query(async ({ ctx }) => {
      const [[u], [t], snapshot] = await Promise.all([
        ctx.database.db.select({ n: count() }).from(users),
        ctx.database.db.select({ n: count() }).from(testAttempts),
        ctx.content.get(),
      ]);
      return {
        totalUsers: u?.n ?? 0,
        totalQuestions: snapshot.questions.length,
        totalFlashcards: snapshot.flashcards.length,
        totalAttempts: t?.n ?? 0,
      };
    }),

  users: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/users",
        tags: TAG,
        summary:
          "Users of the platform in name order, a page at a time (100 unless limit says, at most 500); query finds members whose name or e-mail starts with it. The total is at GET /admin/users/count.",
        protect: true,
      },
    })
    .input(usersInput)
    .output(z.array(adminUser))
    .query(async ({ ctx, input }) => {
      const order = [asc(users.lastName), asc(users.firstName), asc(users.id)];
      // The page's ids first, read from users_name_order_idx alone; then only those 50 rows. A deep
      // page (offset 20,000) then skips index entries instead of fetching 20,000 rows: 3 ms, not 130.
      const pageIds = ctx.database.db
        .select({ id: users.id })
        .from(users)
        .where(userSearch(input.query))
        .orderBy(...order)
        .limit(input.limit)
        .offset(input.offset);
      const rows = await ctx.database.db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          profileImageUrl: users.profileImageUrl,
          isAdmin: users.isAdmin,
          createdAt: users.createdAt,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .where(inArray(users.id, pageIds))
        .orderBy(...order);
      return rows.map(({ disabledAt, ...r }) => ({
        ...r,
        createdAt: toIso(r.createdAt),
        disabled: disabledAt !== null,
      }));
    }),

  usersCount: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/users/count",
        tags: TAG,
        summary: "How many users there are, or how many match query",
        protect: true,
      },
    })
    .input(z.object({ query: searchText }).optional())
    .output(z.object({ total: z.number().int() }))
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.database.db.select({ n: count() }).from(users).where(userSearch(input?.query));
      return { total: row?.n ?? 0 };
    }),

  updateUser: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/admin/users/{id}",
        tags: TAG,
        summary:
          "Make a member an admin or take it away, disable or enable an account (admin). The last admin stays; a disabled account's sessions and API tokens stop at once.",
        protect: true,
      },
    })
    .input(
      z
        .object({
          id: idParam,
          isAdmin: z.boolean({ error: "isAdmin must be true or false." }).optional(),
          disabled: z.boolean({ error: "disabled must be true or false." }).optional(),
        })
        .refine((v) => v.isAdmin !== undefined || v.disabled !== undefined, "Send isAdmin, disabled or both."),
    )
    .output(adminUser)
    .mutation(async ({ ctx, input }) => {
      if (input.id === ctx.user.id && input.disabled)
        throw new TRPCError({ code: "BAD_REQUEST", message: "You cannot disable your own account." });
      const result = await ctx.database.db.transaction(async (tx) => {
        // Every active admin is locked in id order, so two admins demoting each other at once cannot
        // both pass the last-admin check: the second waits, then sees the first one's change.
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.isAdmin, true), isNull(users.disabledAt)))
          .orderBy(asc(users.id))
          .for("update");
        const [current] = await tx.select().from(users).where(eq(users.id, input.id)).for("update");
        if (!current) throw new TRPCError({ code: "NOT_FOUND", message: `User ${input.id} does not exist.` });
        const isAdmin = input.isAdmin ?? current.isAdmin;
        const disabledAt = input.disabled === undefined ? current.disabledAt : input.disabled ? new Date() : null;
        const wasActiveAdmin = current.isAdmin && current.disabledAt === null;
        const staysActiveAdmin = isAdmin && disabledAt === null;
        if (wasActiveAdmin && !staysActiveAdmin && admins.filter((a) => a.id !== current.id).length === 0)
          throw new TRPCError({
            code: "CONFLICT",
            message: `${current.email} is the last admin. Make another member an admin first.`,
          });
        const keepDisabledAt = input.disabled === true && current.disabledAt !== null;
        const [row] = await tx
          .update(users)
          .set({ isAdmin, disabledAt: keepDisabledAt ? current.disabledAt : disabledAt })
          .where(eq(users.id, input.id))
          .returning();
        const events = [];
        if (isAdmin !== current.isAdmin)
          events.push({
            kind: "role.changed" as const,
            targetType: "user" as const,
            targetId: current.id,
            before: { email: current.email, isAdmin: current.isAdmin },
            after: { email: current.email, isAdmin },
          });
        if ((current.disabledAt === null) !== (row!.disabledAt === null)) {
          events.push({
            kind: row!.disabledAt ? ("user.disabled" as const) : ("user.enabled" as const),
            targetType: "user" as const,
            targetId: current.id,
            before: { email: current.email, disabledAt: current.disabledAt?.toISOString() ?? null },
            after: { email: current.email, disabledAt: row!.disabledAt?.toISOString() ?? null },
          });
          // Its sessions end with the change; other servers hear of it below.
          if (row!.disabledAt) await tx.delete(sessions).where(eq(sessions.userId, current.id));
        }
        await recordAdminAction(tx, ctx, events);
        return { row: row!, changed: events.length > 0, disabled: row!.disabledAt !== null };
      });
      if (result.disabled) await ctx.userSessions?.endAll(input.id);
      else if (result.changed) await ctx.userSessions?.changed(input.id);
      const { passwordHash: _hash, disabledAt, ...user } = result.row;
      return { ...user, createdAt: toIso(user.createdAt), disabled: disabledAt !== null };
    }),

  audit: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/audit",
        tags: TAG,
        summary:
          "The audit trail, newest first (admin): who did what, when, to which item, with the item before and after. actor is an e-mail (or its start); kind is one kind (question.updated) or a group (question); from and to bound the time.",
        protect: true,
      },
    })
    .input(
      z
        .object({
          ...pageParams(50, 200),
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
        })
        .optional()
        .transform(
          (v) => v ?? { limit: 50, offset: 0, actor: undefined, kind: undefined, from: undefined, to: undefined },
        ),
    )
    .output(z.object({ total: z.number().int(), kinds: z.array(z.string()), events: z.array(auditEvent) }))
    .query(async ({ ctx, input }) => {
      const conditions: (SQL | undefined)[] = [];
      if (input.actor) {
        const matches = ctx.database.db
          .select({ id: users.id })
          .from(users)
          .where(like(users.email, startsWith(input.actor)));
        conditions.push(inArray(auditEvents.actorUserId, matches));
      }
      if (input.kind)
        conditions.push(
          input.kind.includes(".") ? eq(auditEvents.kind, input.kind) : like(auditEvents.kind, `${input.kind}.%`),
        );
      if (input.from) conditions.push(gte(auditEvents.createdAt, new Date(input.from)));
      // A bare date as `to` includes that whole day.
      if (input.to)
        conditions.push(
          lt(
            auditEvents.createdAt,
            input.to.length === 10 ? new Date(Date.parse(input.to) + 86_400_000) : new Date(input.to),
          ),
        );
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        ctx.database.db
          .select({
            id: auditEvents.id,
            createdAt: auditEvents.createdAt,
            kind: auditEvents.kind,
            actorId: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            targetType: auditEvents.targetType,
            targetId: auditEvents.targetId,
            before: auditEvents.before,
            after: auditEvents.after,
            ip: auditEvents.ip,
          })
          .from(auditEvents)
          .leftJoin(users, eq(users.id, auditEvents.actorUserId))
          .where(where)
          .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
          .limit(input.limit)
          .offset(input.offset),
        ctx.database.db.select({ n: count() }).from(auditEvents).where(where),
      ]);
      return {
        total: total?.n ?? 0,
        kinds: [...AUDIT_KINDS],
        events: rows.map((r) => ({
          id: r.id,
          createdAt: toIso(r.createdAt),
          kind: r.kind,
          actor:
            r.actorId === null
              ? null
              : { id: r.actorId, email: r.email!, firstName: r.firstName!, lastName: r.lastName! },
          targetType: r.targetType,
          targetId: r.targetId,
          before: r.before,
          after: r.after,
          ip: r.ip,
        })),
      };
    }),
});
