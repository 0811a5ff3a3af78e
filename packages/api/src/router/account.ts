/** The signed-in member's own account: password, personal API tokens, and their data (download, delete). */
import {
  changeEmailInput,
  changePasswordInput,
  createTokenInput,
  deleteAccountInput,
  idParam,
  studyEditionInput,
} from "@jcba/validators/api";
import { z } from "zod";
import { deleteAccount } from "../services/account/deletion.ts";
import * as signedInDevices from "../services/account/devices.ts";
import { requestEmailChange } from "../services/account/email.ts";
import { exportAccount } from "../services/account/export.ts";
import { changePassword } from "../services/account/password.ts";
import * as schemas from "../services/account/schemas.ts";
import { createToken, revokeToken, tokensOf } from "../services/account/tokens.ts";
import { setStudyEdition, studyEditionOf } from "../services/editions/member-edition.ts";
import { studyEditionChoice } from "../services/editions/schemas.ts";
import { protectedProcedure, recentlyAuthenticated, router, sessionProcedure } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Account");

export const accountRouter = router({
  changePassword: sessionProcedure
    .meta(rest("POST", "/account/password", "Change your password; every other session of your account ends"))
    .input(changePasswordInput)
    .output(schemas.passwordChanged)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),

  tokens: protectedProcedure
    .meta(rest("GET", "/account/tokens", "Your personal API tokens (never the tokens themselves)"))
    .input(z.void())
    .output(z.array(schemas.tokenInfo))
    .query(({ ctx }) => tokensOf(ctx)),

  createToken: sessionProcedure
    .use(recentlyAuthenticated)
    .meta(rest("POST", "/account/tokens", "Create a personal API token; the token is shown in this answer only"))
    .input(createTokenInput)
    .output(schemas.tokenInfo.extend({ token: z.string() }))
    .mutation(({ ctx, input }) => createToken(ctx, input)),

  revokeToken: sessionProcedure
    .meta(rest("DELETE", "/account/tokens/{id}", "Revoke one of your API tokens; it stops working at once"))
    .input(z.object({ id: idParam }))
    .output(schemas.tokenRevoked)
    .mutation(({ ctx, input }) => revokeToken(ctx, input.id)),

  export: protectedProcedure
    .meta(
      rest(
        "GET",
        "/account/export",
        "Download your data: your profile, every answer, tests, mastery, review items and log, flags, reports and your API tokens' names",
      ),
    )
    .input(z.void())
    .output(schemas.accountExport)
    .query(({ ctx }) => exportAccount(ctx)),

  deleteAccount: sessionProcedure
    .meta(
      rest(
        "DELETE",
        "/account",
        "Delete your account for good: sessions, tokens and every personal row go; answers stay in item analysis with no link to you. Confirm in a JSON body with one of { password }, { passkey } (an assertion for POST /api/account/passkeys/confirm-options) or { sso: true } (this session signed in with SSO in the last 5 minutes). The last admin cannot.",
        { inputInBody: true },
      ),
    )
    .input(deleteAccountInput)
    .output(schemas.accountDeleted)
    .mutation(({ ctx, input }) => deleteAccount(ctx, input)),

  signInMethods: sessionProcedure
    .meta(
      rest(
        "GET",
        "/account/sign-in",
        "How you can sign in (password, passkeys, single sign-on), and an e-mail change waiting for its link",
      ),
    )
    .input(z.void())
    .output(schemas.signInMethods)
    .query(({ ctx }) => ctx.account.signInMethods(ctx.user.id)),

  changeEmail: sessionProcedure
    .meta(
      rest(
        "POST",
        "/account/email",
        "Move your account to a new e-mail address: a link goes to it, and the change applies when it is followed (the old address works until then and is told)",
      ),
    )
    .input(changeEmailInput)
    .output(schemas.emailChangeSent)
    .mutation(({ ctx, input }) => requestEmailChange(ctx, input)),

  devices: sessionProcedure
    .meta(
      rest(
        "GET",
        "/account/devices",
        "Signed-in devices: your sessions with browser, system, network (/24 or /64), when each began and was last seen, and which is this one",
      ),
    )
    .input(z.void())
    .output(z.array(signedInDevices.deviceInfo))
    .query(({ ctx }) => signedInDevices.devicesOf(ctx)),

  endDevice: sessionProcedure
    .meta(rest("DELETE", "/account/devices/{id}", "Sign out one of your other devices; it is signed out at once"))
    .input(signedInDevices.deviceId)
    .output(signedInDevices.devicesEnded)
    .mutation(({ ctx, input }) => signedInDevices.endDevice(ctx, input.id)),

  endOtherDevices: sessionProcedure
    .meta(rest("POST", "/account/devices/end-others", "Sign out every device but this one"))
    .input(z.void())
    .output(signedInDevices.devicesEnded)
    .mutation(({ ctx }) => signedInDevices.endOtherDevices(ctx)),

  studyEdition: protectedProcedure
    .meta(rest("GET", "/account/edition", "The contract edition you study: your choice, else the edition in force"))
    .input(z.void())
    .output(studyEditionChoice)
    .query(({ ctx }) => studyEditionOf(ctx)),

  setStudyEdition: protectedProcedure
    .meta(
      rest(
        "PUT",
        "/account/edition",
        "Choose the contract edition you study (null: the edition in force); study, review, tests, search and readiness draw only its items",
      ),
    )
    .input(studyEditionInput)
    .output(studyEditionChoice)
    .mutation(({ ctx, input }) => setStudyEdition(ctx, input.edition)),
});
