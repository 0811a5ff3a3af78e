import { testAttempts, users } from "@jcba/db";
import { asc, count } from "drizzle-orm";
import { z } from "zod";
import { toIso } from "../answers.ts";
import { adminStats, adminUser } from "../schemas.ts";
import { adminProcedure, router } from "../trpc.ts";

const TAG = ["Admin"];

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
      openapi: { method: "GET", path: "/admin/users", tags: TAG, summary: "Every user of the platform", protect: true },
    })
    .input(z.void())
    .output(z.array(adminUser))
    .query(async ({ ctx }) => {
      const rows = await ctx.database.db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          profileImageUrl: users.profileImageUrl,
          isAdmin: users.isAdmin,
          createdAt: users.createdAt,
        })
        .from(users)
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
      return rows.map((r) => ({ ...r, createdAt: toIso(r.createdAt) }));
    }),
});
