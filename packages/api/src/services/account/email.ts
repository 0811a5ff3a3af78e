/**
 * Account → E-mail: a member asks to move their account to a new address. A link goes to the new
 * address (the server's e-mail links); the change applies only when it is followed, so the old
 * address keeps working until then, and the old address is told once it happened.
 */
import type { changeEmailInput } from "@jcba/validators/api";
import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import type { AccountServices, SessionUser } from "../../trpc/procedures.ts";

export async function requestEmailChange(
  ctx: { user: SessionUser; account: AccountServices },
  input: z.infer<typeof changeEmailInput>,
) {
  const newEmail = input.newEmail.trim().toLowerCase();
  if (newEmail === ctx.user.email)
    throw new TRPCError({ code: "BAD_REQUEST", message: "newEmail: That is the address your account uses now." });
  // The same answer whether or not the address has an account: following the link says so, to its owner only.
  await ctx.account.requestEmailChange(ctx.user, newEmail);
  await ctx.account.audit({
    kind: "email.changeasked",
    actorUserId: ctx.user.id,
    targetType: "user",
    targetId: ctx.user.id,
    after: { email: newEmail },
  });
  return { sent: true as const, newEmail };
}
