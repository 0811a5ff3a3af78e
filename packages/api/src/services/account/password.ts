/** A member changes their password: the server's account services check and store it (passwords live with sign-in). */
import type { changePasswordInput } from "@jcba/validators/api";
import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import type { AccountServices, CallerAuth, SessionUser } from "../../trpc/procedures.ts";

export async function changePassword(
  ctx: { user: SessionUser; account: AccountServices; auth: Extract<CallerAuth, { kind: "session" }> },
  input: z.infer<typeof changePasswordInput>,
) {
  if (!ctx.account.passwords)
    throw new TRPCError({
      code: "FORBIDDEN",
      message: "This study hub signs in with your union account, not a password: there is no password to change.",
    });
  if (!(await ctx.account.verifyPassword(ctx.user.id, input.currentPassword)))
    throw new TRPCError({ code: "BAD_REQUEST", message: "currentPassword: That is not your current password." });
  const problem = await ctx.account.passwordProblem(input.newPassword, ctx.user.email);
  if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: `newPassword: ${problem}` });
  await ctx.account.setPassword(ctx.user.id, input.newPassword, ctx.auth.sessionId);
  await ctx.account.audit({
    kind: "password.changed",
    actorUserId: ctx.user.id,
    targetType: "user",
    targetId: ctx.user.id,
  });
  return { changed: true as const, otherSessionsEnded: true as const };
}
