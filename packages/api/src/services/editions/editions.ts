/**
 * Contract editions: the list members choose from, and an admin adding the next contract. A new
 * edition starts with the items of the edition in force (carry-over) unless the admin says otherwise.
 */
import { editions, flashcards, questions } from "@jcba/db";
import { editionInForce } from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { asc, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import { recordAdminAction } from "../audit/audit-trail.ts";
import type { createEditionInput } from "./schemas.ts";

/** Today as yyyy-mm-dd (UTC), the day editions are compared with. */
export const today = () => new Date().toISOString().slice(0, 10);

/** Every edition, oldest first, with which is in force and how many items are true for it. */
export async function listEditions(ctx: Pick<Context, "database" | "content">) {
  const [rows, snapshot] = await Promise.all([
    ctx.database.db
      .select({ slug: editions.slug, name: editions.name, effectiveOn: editions.effectiveOn })
      .from(editions)
      .orderBy(asc(editions.effectiveOn), asc(editions.slug)),
    ctx.content.get(),
  ]);
  const inForce = editionInForce(rows, today());
  const count = (items: readonly { editions: string[] }[], slug: string) =>
    items.reduce((n, item) => n + (item.editions.includes(slug) ? 1 : 0), 0);
  return rows.map((e) => ({
    ...e,
    inForce: e.slug === inForce?.slug,
    questions: count(snapshot.questions, e.slug),
    flashcards: count(snapshot.flashcards, e.slug),
  }));
}

/** The slug of the edition in force today (null before any takes effect). */
export async function editionInForceNow(ctx: Pick<Context, "database">): Promise<string | null> {
  const rows = await ctx.database.db.select({ slug: editions.slug, effectiveOn: editions.effectiveOn }).from(editions);
  return editionInForce(rows, today())?.slug ?? null;
}

/** Adds an edition (admin); with carry-over, the items of the edition in force are true for it too. */
export async function createEdition(
  ctx: Pick<Context, "database" | "content" | "user" | "requestId" | "ip">,
  input: z.output<typeof createEditionInput>,
) {
  const from = input.carryOver ? await editionInForceNow(ctx) : null;
  await ctx.database.transaction(async ({ db: tx }) => {
    const [created] = await tx
      .insert(editions)
      .values({
        slug: input.slug,
        name: input.name,
        effectiveOn: input.effectiveOn,
        createdBy: ctx.user && ctx.user.id > 0 ? ctx.user.id : null,
      })
      .onConflictDoNothing()
      .returning({ slug: editions.slug });
    if (!created) throw new TRPCError({ code: "CONFLICT", message: `Edition ${input.slug} already exists.` });
    if (from) {
      // Metadata only: the version triggers ignore the editions column, so no item gets a new version.
      for (const table of [questions, flashcards])
        await tx
          .update(table)
          .set({ editions: sql`array_append(${table.editions}, ${input.slug})` })
          .where(sql`${from} = ANY(${table.editions})`);
    }
    await recordAdminAction(tx, ctx, {
      kind: "edition.created",
      targetType: "edition",
      targetId: input.slug,
      before: null,
      after: { ...input, carriedOverFrom: from },
    });
  });
  ctx.content.invalidate();
  const list = await listEditions(ctx);
  return list.find((e) => e.slug === input.slug)!;
}
