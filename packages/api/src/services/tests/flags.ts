/** Questions a member flagged to come back to (in Study or in a test); kept until they clear them. */
import { questionFlags } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { and, eq, inArray } from "drizzle-orm";
import { clientErrorFrom } from "../../trpc/db-errors.ts";
import type { Context } from "../../trpc/procedures.ts";

export async function flagsOf(ctx: Pick<Context, "database">, userId: number): Promise<number[]> {
  const rows = await ctx.database.db
    .select({ id: questionFlags.questionId })
    .from(questionFlags)
    .where(eq(questionFlags.userId, userId))
    .orderBy(questionFlags.questionId);
  return rows.map((r) => r.id);
}

export async function setFlag(
  ctx: Pick<Context, "database" | "content">,
  userId: number,
  input: { questionId: number; flagged: boolean },
) {
  const snapshot = await ctx.content.get();
  if (!snapshot.questionsById.has(input.questionId))
    throw new TRPCError({ code: "NOT_FOUND", message: `Question ${input.questionId} does not exist.` });
  if (input.flagged)
    await ctx.database.db
      .insert(questionFlags)
      .values({ userId, questionId: input.questionId })
      .onConflictDoNothing()
      .catch((e) => clientErrorFrom(e, { notFound: `Question ${input.questionId} does not exist.` }));
  else
    await ctx.database.db
      .delete(questionFlags)
      .where(and(eq(questionFlags.userId, userId), eq(questionFlags.questionId, input.questionId)));
  return input;
}

/** Clears the flags of the given questions; answers with how many there were. */
export async function clearFlags(ctx: Pick<Context, "database">, userId: number, questionIds: number[]) {
  const gone = await ctx.database.db
    .delete(questionFlags)
    .where(and(eq(questionFlags.userId, userId), inArray(questionFlags.questionId, questionIds)))
    .returning({ id: questionFlags.questionId });
  return { cleared: gone.length };
}
