/**
 * Hard items (questions a member lapsed 6 times or more, @jcba/domain's rule): the list by section for
 * Performance, and why the member says they missed one, asked in Review.
 */
import { missReasons } from "@jcba/db";
import { HARD_ITEM_LAPSES, type MissReason } from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { eq, sql } from "drizzle-orm";
import type { Context } from "../../trpc/procedures.ts";
import { studyBank } from "../editions/member-edition.ts";
import { toIso } from "../rows.ts";

type Reader = Pick<Context, "database" | "content"> & Partial<Pick<Context, "user">>;

export async function hardItemsOf(ctx: Reader, userId: number) {
  const rows = await ctx.database.rows<{ itemId: number; lapses: number; reason: MissReason | null }>(sql`
    SELECT i.item_id AS "itemId", i.lapses,
      (SELECT r.reason FROM miss_reasons r WHERE r.user_id = i.user_id AND r.question_id = i.item_id
        ORDER BY r.created_at DESC, r.id DESC LIMIT 1) AS reason
    FROM review_items i
    WHERE i.user_id = ${userId} AND i.item_type = 'question' AND i.lapses >= ${HARD_ITEM_LAPSES}
    ORDER BY i.lapses DESC, i.item_id`);
  // The questions of the member's edition: one they lapsed in another edition's text is not asked now.
  const { bank } = await studyBank(ctx);
  const bySection = new Map<
    number,
    { questionId: number; questionText: string; lapses: number; lastReason: MissReason | null }[]
  >();
  for (const r of rows) {
    const q = bank.questionsById.get(r.itemId);
    if (!q) continue; // archived, deleted or of another edition: not asked
    const list = bySection.get(q.sectionNumber) ?? [];
    list.push({ questionId: q.id, questionText: q.questionText, lapses: r.lapses, lastReason: r.reason });
    bySection.set(q.sectionNumber, list);
  }
  return {
    minimumLapses: HARD_ITEM_LAPSES,
    sections: [...bySection.entries()]
      .sort(([a], [b]) => a - b)
      .map(([sectionNumber, items]) => ({ sectionNumber, items })),
  };
}

/**
 * Keeps why the member missed a hard item; refuses a question that is not hard for them. A reason sent
 * again with the same client id (a device's outbox replaying after a lost answer) is kept once: the
 * first one stands.
 */
export async function recordMissReason(
  ctx: Reader,
  userId: number,
  input: { questionId: number; reason: MissReason; id?: string | undefined },
) {
  const [item] = await ctx.database.rows<{ lapses: number }>(sql`
    SELECT lapses FROM review_items WHERE user_id = ${userId} AND item_type = 'question' AND item_id = ${input.questionId}`);
  const snapshot = await ctx.content.get();
  if (!snapshot.questionsById.has(input.questionId))
    throw new TRPCError({ code: "NOT_FOUND", message: `Question ${input.questionId} does not exist.` });
  if (!item || item.lapses < HARD_ITEM_LAPSES)
    throw new TRPCError({
      code: "BAD_REQUEST",
      message: `Question ${input.questionId} is not a hard item of yours (missed ${HARD_ITEM_LAPSES} times or more).`,
    });
  const columns = {
    id: missReasons.id,
    userId: missReasons.userId,
    questionId: missReasons.questionId,
    reason: missReasons.reason,
    createdAt: missReasons.createdAt,
  };
  let [row] = await ctx.database.db
    .insert(missReasons)
    .values({ userId, questionId: input.questionId, reason: input.reason, clientId: input.id ?? null })
    .onConflictDoNothing({ target: missReasons.clientId })
    .returning(columns);
  if (!row && input.id) {
    [row] = await ctx.database.db.select(columns).from(missReasons).where(eq(missReasons.clientId, input.id));
    if (!row || row.userId !== userId || row.questionId !== input.questionId)
      throw new TRPCError({ code: "CONFLICT", message: "That id was already used for another reason." });
  }
  return { id: row!.id, questionId: row!.questionId, reason: row!.reason, createdAt: toIso(row!.createdAt) };
}
