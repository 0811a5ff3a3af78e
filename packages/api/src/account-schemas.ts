/**
 * Account inputs (passwords, API tokens), shared by the server and the web forms. Only zod: the web
 * app imports this file on its own, without the routers.
 */
import { hasControlChars } from "@jcba/validators";
import { z } from "zod";

// The control-character rule has one home, beside the question and flashcard rules.
export { hasControlChars } from "@jcba/validators";

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1000;

/** A new password: NIST 800-63B length rules; the server also refuses common passwords. */
export const newPassword = z
  .string({ error: "Enter a password." })
  .min(PASSWORD_MIN, `The password needs at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `The password can have at most ${PASSWORD_MAX} characters.`)
  .refine((v) => !hasControlChars(v, true), "The password cannot contain control characters.");

export const changePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: "Enter your current password." })
      .min(1, "Enter your current password.")
      .max(PASSWORD_MAX, "That is not your current password."),
    newPassword,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    message: "The new password must be different from the current one.",
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const TOKEN_SCOPES = ["read", "write"] as const;
export const tokenScope = z.enum(TOKEN_SCOPES, { error: "scope must be read or write." });
export const TOKEN_MAX_DAYS = 365;

export const createTokenInput = z.object({
  name: z
    .string({ error: "Give the token a name." })
    .trim()
    .min(1, "Give the token a name.")
    .max(100, "The name is too long (at most 100 characters).")
    .refine((v) => !hasControlChars(v, true), "The name cannot contain control characters."),
  scope: tokenScope.default("read"),
  /** Days until the token expires; the server's TOKEN_DAYS when absent. */
  expiresInDays: z.coerce
    .number({ error: "expiresInDays must be a number of days." })
    .int("expiresInDays must be a whole number of days.")
    .min(1, "expiresInDays must be at least 1.")
    .max(TOKEN_MAX_DAYS, `expiresInDays must be at most ${TOKEN_MAX_DAYS}.`)
    .optional(),
});
export type CreateTokenInput = z.infer<typeof createTokenInput>;
