/**
 * 'Send password reset' in the admin directory: the server e-mails the member a link (apps/server's
 * recovery); the admin never sees the link nor sets the password. Recorded in the audit trail.
 */
import { users } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import type { Context } from "../../trpc/procedures.ts";
import { recordAdminAction } from "../audit/audit-trail.ts";

export async function sendPasswordReset(
  ctx: Pick<Context, "database" | "user" | "mail" | "requestId" | "ip">,
  id: number,
) {
  if (!ctx.mail) throw new TRPCError({ code: "PRECONDITION_FAILED", message: "Only the running server sends e-mail." });
  const [member] = await ctx.database.db
    .select({ email: users.email, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, id));
  if (!member) throw new TRPCError({ code: "NOT_FOUND", message: `User ${id} does not exist.` });
  if (member.disabledAt)
    throw new TRPCError({
      code: "CONFLICT",
      message: `${member.email} is disabled. Enable the account before sending a password reset.`,
    });
  if (!(await ctx.mail.sendPasswordReset(id)))
    throw new TRPCError({ code: "CONFLICT", message: `${member.email} cannot be sent a password reset now.` });
  await recordAdminAction(ctx.database.db, ctx, {
    kind: "user.resetlink",
    targetType: "user",
    targetId: id,
    before: null,
    after: { email: member.email },
  });
  return { message: `A link to choose a new password was sent to ${member.email}.` };
}
