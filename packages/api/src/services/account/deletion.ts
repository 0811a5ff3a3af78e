/**
 * 'Delete my account': the member's password (or a passkey, or a fresh SSO sign-in) confirms it, then one transaction removes the person.
 * Their first answers stay for item analysis and peer statistics, copied to anonymous_first_answers
 * with no user, time or order; every other row of theirs goes (MEMBER_TABLES), their e-mail is taken
 * out of the audit trail and the sign-in limits, and the user row goes last. The last admin cannot
 * leave. The deletion itself is audited, by user id only.
 */
import {
  accountTokens,
  apiTokens,
  auditEvents,
  authFlows,
  editions,
  flashcardMastery,
  flashcardVersions,
  invitations,
  memberFirstTotals,
  memberSettings,
  missReasons,
  oauthAccounts,
  passkeys,
  pushSubscriptions,
  questionAttempts,
  questionFlags,
  questionResults,
  questionVersions,
  recoveryCodes,
  reminderSettings,
  reports,
  reviewCalibration,
  reviewItems,
  reviewItemVersions,
  reviewLog,
  reviewModels,
  sessions,
  studyPlans,
  testAttempts,
  totpFactors,
  users,
} from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AccountServices, Context, UserSessionServices } from "../../trpc/procedures.ts";
import { lockActiveAdmins } from "../directory/users.ts";

/**
 * Every table holding rows of one member, with the column naming them, deleted in this order (answers
 * before the tests they belong to). A new table with a member's rows (passkeys, sign-in accounts, reset
 * links, invitations) goes in this list: deletion.test.ts fails for a table that refers to users and is
 * in neither this list nor LINKS_CLEARED.
 */
export const MEMBER_TABLES: readonly { table: PgTable; userId: PgColumn }[] = [
  { table: sessions, userId: sessions.userId },
  { table: apiTokens, userId: apiTokens.userId },
  { table: questionAttempts, userId: questionAttempts.userId },
  { table: questionResults, userId: questionResults.userId },
  { table: memberFirstTotals, userId: memberFirstTotals.userId },
  { table: testAttempts, userId: testAttempts.userId },
  { table: flashcardMastery, userId: flashcardMastery.userId },
  { table: reviewItems, userId: reviewItems.userId },
  { table: reviewLog, userId: reviewLog.userId },
  { table: memberSettings, userId: memberSettings.userId },
  { table: questionFlags, userId: questionFlags.userId },
  { table: reports, userId: reports.userId },
  { table: oauthAccounts, userId: oauthAccounts.userId },
  { table: passkeys, userId: passkeys.userId },
  { table: authFlows, userId: authFlows.userId },
  { table: accountTokens, userId: accountTokens.userId },
  { table: reviewModels, userId: reviewModels.userId },
  { table: pushSubscriptions, userId: pushSubscriptions.userId },
  { table: reminderSettings, userId: reminderSettings.userId },
  { table: studyPlans, userId: studyPlans.userId },
  { table: missReasons, userId: missReasons.userId },
  { table: totpFactors, userId: totpFactors.userId },
  { table: recoveryCodes, userId: recoveryCodes.userId },
  { table: reviewCalibration, userId: reviewCalibration.userId },
  { table: reviewItemVersions, userId: reviewItemVersions.userId },
];

/** Columns that name a member among other people's rows: they are set to null, the rows stay. */
export const LINKS_CLEARED: readonly PgColumn[] = [
  auditEvents.actorUserId,
  reports.decidedBy,
  questionVersions.createdBy,
  flashcardVersions.createdBy,
  invitations.invitedBy,
  editions.createdBy,
];

type Caller = Pick<Context, "database" | "requestId" | "ip"> & {
  user: { id: number; email: string };
  auth: { sessionId: string };
  account: AccountServices;
  userSessions?: UserSessionServices;
};

export async function deleteAccount(ctx: Caller, proof: Parameters<AccountServices["confirmPresence"]>[2]) {
  const { id, email } = ctx.user;
  const problem = await ctx.account.confirmPresence(id, ctx.auth.sessionId, proof);
  if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: problem });
  await ctx.database.transaction(async ({ db, rows }) => {
    // As for a demotion: two last admins leaving at once cannot both pass the check.
    const admins = await lockActiveAdmins(db);
    if (admins.some((a) => a.id === id) && admins.length === 1)
      throw new TRPCError({
        code: "CONFLICT",
        message: "You are the last admin. Make another member an admin before deleting your account.",
      });
    await rows(sql`
      INSERT INTO anonymous_first_answers (question_id, question_version, is_correct, chosen_option, time_taken_ms, rest_share)
      SELECT a.question_id, a.question_version, a.is_correct, a.chosen_option, a.time_taken_ms,
        CASE WHEN t.answered > 1 THEN (t.correct - a.is_correct::int)::float8 / (t.answered - 1) END
      FROM question_attempts a LEFT JOIN member_first_totals t ON t.user_id = a.user_id
      WHERE a.user_id = ${id} AND a.is_first
      ORDER BY random()`);
    for (const { table, userId } of MEMBER_TABLES) await db.delete(table).where(eq(userId, id));
    for (const column of LINKS_CLEARED)
      await db
        .update(column.table as PgTable)
        .set({ [column.name]: null } as never)
        .where(eq(column, id));
    // The e-mail in the audit trail (refused sign-ins name the address, role changes quote it) and in
    // the sign-in limits' keys.
    await rows(sql`
      UPDATE audit_events SET
        target_id = CASE WHEN target_id = ${email} THEN NULL ELSE target_id END,
        before = CASE WHEN strpos(before::text, ${email}) > 0
          THEN replace(before::text, ${email}, '(deleted member)')::jsonb ELSE before END,
        after = CASE WHEN strpos(after::text, ${email}) > 0
          THEN replace(after::text, ${email}, '(deleted member)')::jsonb ELSE after END
      WHERE target_id = ${email} OR strpos(before::text, ${email}) > 0 OR strpos(after::text, ${email}) > 0`);
    await rows(sql`DELETE FROM auth_limits WHERE strpos(key, ${email}) > 0`);
    // Mail to the member still waiting or failed (a reset link's message names them by address only).
    await rows(sql`DELETE FROM mail_outbox WHERE lower(to_address) = lower(${email})`);
    // Invitations of the member's address: the one they accepted, and any older or revoked ones.
    await db.delete(invitations).where(eq(invitations.email, email));
    await db.delete(users).where(eq(users.id, id));
    await db.insert(auditEvents).values({
      kind: "account.deleted",
      actorUserId: null,
      targetType: "user",
      targetId: String(id),
      requestId: ctx.requestId ?? null,
      ip: ctx.ip ?? null,
    });
  });
  // Sessions and tokens are gone from the database; every server forgets its cached ones now.
  await ctx.userSessions?.endAll(id);
  return { deleted: true as const };
}
