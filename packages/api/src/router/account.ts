/** The signed-in member's own account: password and personal API tokens. */
import { changePasswordInput, createTokenInput, idParam } from "@jcba/validators/api";
import { z } from "zod";
import { changePassword } from "../services/account/password.ts";
import { passwordChanged, tokenInfo, tokenRevoked } from "../services/account/schemas.ts";
import { createToken, revokeToken, tokensOf } from "../services/account/tokens.ts";
import { protectedProcedure, router, sessionProcedure } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Account");

export const accountRouter = router({
  changePassword: sessionProcedure
    .meta(rest("POST", "/account/password", "Change your password; every other session of your account ends"))
    .input(changePasswordInput)
    .output(passwordChanged)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),

  tokens: protectedProcedure
    .meta(rest("GET", "/account/tokens", "Your personal API tokens (never the tokens themselves)"))
    .input(z.void())
    .output(z.array(tokenInfo))
    .query(({ ctx }) => tokensOf(ctx)),

  createToken: sessionProcedure
    .meta(rest("POST", "/account/tokens", "Create a personal API token; the token is shown in this answer only"))
    .input(createTokenInput)
    .output(tokenInfo.extend({ token: z.string() }))
    .mutation(({ ctx, input }) => createToken(ctx, input)),

  revokeToken: sessionProcedure
    .meta(rest("DELETE", "/account/tokens/{id}", "Revoke one of your API tokens; it stops working at once"))
    .input(z.object({ id: idParam }))
    .output(tokenRevoked)
    .mutation(({ ctx, input }) => revokeToken(ctx, input.id)),
});
