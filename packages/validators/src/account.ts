/**
 * Account inputs (passwords, API tokens), shared by the server and the web forms. zod/mini, like the
 * question rules, so the account screens share the admin screens' small validation chunk; the API
 * builds its classic-zod objects from these very schemas (./api.ts).
 */

import { EDITION_SLUG } from "@jcba/domain";
import * as z from "zod/mini";
import { hasControlChars } from "./index.ts";

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1000;
/**
 * How much of a password the strength estimate looks at: zxcvbn's time grows faster than the length,
 * and NIST 800-63B asks to allow long passwords, not to judge every character of them. 64 characters
 * of a guessable pattern still score low; a long password with a strong start is accepted.
 */
export const PASSWORD_ESTIMATE_CHARS = 64;
/** The part of a password that the strength estimate (server or form) judges. */
export const estimatedPart = (password: string) => password.slice(0, PASSWORD_ESTIMATE_CHARS);

/** A new password: NIST 800-63B length rules; the server also refuses common passwords. */
export const newPassword = z.string({ error: "Enter a password." }).check(
  z.minLength(PASSWORD_MIN, `The password needs at least ${PASSWORD_MIN} characters.`),
  z.maxLength(PASSWORD_MAX, `The password can have at most ${PASSWORD_MAX} characters.`),
  z.refine((v) => !hasControlChars(v, true), "The password cannot contain control characters."),
);

export const currentPassword = z
  .string({ error: "Enter your current password." })
  .check(
    z.minLength(1, "Enter your current password."),
    z.maxLength(PASSWORD_MAX, "That is not your current password."),
  );

/** The rule across the two fields of a password change. */
export const newPasswordDiffers = z.refine<{ currentPassword: string; newPassword: string }>(
  (v) => v.newPassword !== v.currentPassword,
  { path: ["newPassword"], message: "The new password must be different from the current one." },
);

export const changePasswordInput = z.object({ currentPassword, newPassword }).check(newPasswordDiffers);

/** Deleting one's account: the password confirms it. */
export const accountPassword = z
  .string({ error: "Enter your password." })
  .check(z.minLength(1, "Enter your password."), z.maxLength(PASSWORD_MAX, "That is not your password."));
export const deleteAccountInput = z.object({ password: accountPassword });
/** Account → E-mail: the address to move to (a link goes there; the change applies when it is followed). */
export const newEmail = z
  .string({ error: "Enter the new e-mail address." })
  .check(z.trim(), z.maxLength(320, "That address is too long."), z.email("Enter a valid e-mail address."));
export const changeEmailInput = z.object({ newEmail });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const TOKEN_SCOPES = ["read", "write"] as const;
export const tokenScope = z.enum(TOKEN_SCOPES, { error: "scope must be read or write." });
export const TOKEN_MAX_DAYS = 365;

export const tokenFields = {
  name: z.string({ error: "Give the token a name." }).check(
    z.trim(),
    z.minLength(1, "Give the token a name."),
    z.maxLength(100, "The name is too long (at most 100 characters)."),
    z.refine((v) => !hasControlChars(v, true), "The name cannot contain control characters."),
  ),
  scope: z._default(tokenScope, "read"),
  /** Days until the token expires; the server's TOKEN_DAYS when absent. */
  expiresInDays: z.optional(
    z.coerce
      .number({ error: "expiresInDays must be a number of days." })
      .check(
        z.int("expiresInDays must be a whole number of days."),
        z.minimum(1, "expiresInDays must be at least 1."),
        z.maximum(TOKEN_MAX_DAYS, `expiresInDays must be at most ${TOKEN_MAX_DAYS}.`),
      ),
  ),
};

export const createTokenInput = z.object(tokenFields);
export type CreateTokenInput = z.infer<typeof createTokenInput>;

/** The contract edition a member studies, by its slug (jcba-2016); null: whichever edition is in force. */
export const studyEdition = z.nullable(
  z
    .string({ error: "edition must be an edition's name, like jcba-2016, or null for the one in force." })
    .check(
      z.trim(),
      z.minLength(1, "edition is required."),
      z.maxLength(40, "edition must be at most 40 characters."),
      z.regex(EDITION_SLUG, "edition must be lower-case letters, digits and dashes, like jcba-2026."),
    ),
);

export const studyEditionFields = { edition: studyEdition };
