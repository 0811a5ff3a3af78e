/** Failed e-mail on the admin dashboard: the outbox's messages the server gave up on, and a retry. */
import { mailOutbox } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import { toIso } from "../rows.ts";
import type { failedMailInput } from "./schemas.ts";

export async function failedMail(ctx: Pick<Context, "database">, input: z.output<typeof failedMailInput>) {
  const failed = eq(mailOutbox.status, "failed");
  const [rows, [total]] = await Promise.all([
    ctx.database.db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(failed)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(input.limit)
      .offset(input.offset),
    ctx.database.db.select({ n: count() }).from(mailOutbox).where(failed),
  ]);
  return { total: total?.n ?? 0, items: rows.map((r) => ({ ...r, createdAt: toIso(r.createdAt) })) };
}

export async function retryMail(ctx: Pick<Context, "database" | "mail">, id: number) {
  const [row] = await ctx.database.db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed")))
    .returning({ id: mailOutbox.id });
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: `There is no failed e-mail ${id}.` });
  ctx.mail?.kick();
  return { id: row.id, status: "pending" as const };
}
