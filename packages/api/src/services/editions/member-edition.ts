/**
 * The contract edition a request studies: the one it names (`edition=`), else the member's choice in
 * Account, else the edition in force. Resolved from the content snapshot and the session's user, so
 * the study, review, test, search and readiness paths gain no query.
 */
import { users } from "@jcba/db";
import { editionInForce } from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import type { Context } from "../../trpc/procedures.ts";
import { type EditionView, editionView, type Snapshot } from "../content/content-cache.ts";
import { today } from "./editions.ts";

/** In-process callers without a member (jobs, the CLI) study the edition in force. */
type Caller = Pick<Context, "content"> & { user?: { studyEdition?: string | null } | null };

/** The slug of the edition a request studies; null only while no edition exists (then nothing is filtered). */
export function studyEditionIn(
  snapshot: Pick<Snapshot, "editions">,
  user: { studyEdition?: string | null } | null,
  requested?: string,
): string | null {
  if (requested !== undefined) {
    if (!snapshot.editions.some((e) => e.slug === requested))
      throw new TRPCError({
        code: "BAD_REQUEST",
        message: `edition: there is no edition ${requested} (GET /api/editions lists them).`,
      });
    return requested;
  }
  // A chosen edition an admin has since removed falls back to the one in force.
  const chosen = user?.studyEdition;
  if (chosen && snapshot.editions.some((e) => e.slug === chosen)) return chosen;
  return editionInForce(snapshot.editions, today())?.slug ?? null;
}

/** The snapshot (for items a member's history keeps) and the items true for the request's edition. */
export async function studyBank(
  ctx: Caller,
  requested?: string,
): Promise<{ snapshot: Snapshot; bank: EditionView; edition: string | null }> {
  const snapshot = await ctx.content.get();
  const edition = studyEditionIn(snapshot, ctx.user ?? null, requested);
  return { snapshot, bank: edition === null ? snapshot : editionView(snapshot, edition), edition };
}

/** Account → Edition: the member's choice (null: the one in force) and the edition that makes. */
export async function studyEditionOf(ctx: Pick<Context, "content" | "database"> & { user: { id: number } }) {
  const [row] = await ctx.database.db
    .select({ chosen: users.studyEdition })
    .from(users)
    .where(eq(users.id, ctx.user.id));
  const snapshot = await ctx.content.get();
  const chosen = row?.chosen ?? null;
  return { chosen, edition: studyEditionIn(snapshot, { studyEdition: chosen }) };
}

/** Saves the member's edition (null: follow the edition in force); an unknown edition is a 400. */
export async function setStudyEdition(
  ctx: Pick<Context, "content" | "database" | "userSessions"> & { user: { id: number } },
  edition: string | null,
) {
  if (edition !== null) studyEditionIn(await ctx.content.get(), null, edition);
  await ctx.database.db.update(users).set({ studyEdition: edition }).where(eq(users.id, ctx.user.id));
  // Every server's cached session reads the new choice on the next request.
  await ctx.userSessions?.changed(ctx.user.id);
  return studyEditionOf(ctx);
}
