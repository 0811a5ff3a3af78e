/**
 * The same rules for the API. Its routers and the OpenAPI generator (trpc-to-openapi) call classic
 * zod's methods on these schemas (questionFields.partial().extend(...), a parameter's .optional()),
 * which zod/mini schemas do not have. So the objects are made again here with classic zod around the
 * very same field schemas, and the section number, used as a parameter, is the same definition
 * (same coercion, checks and messages) with classic methods. The web never imports this module.
 */
import { z } from "zod";
import * as account from "./account.ts";
import * as rules from "./index.ts";

export {
  type FieldProblem,
  MAX_LENGTH,
  type QuestionFields,
  questionProblem,
  questionProblems,
  questionType,
} from "./index.ts";

// Coerced like the original, so its input type is unknown (REST query strings, as tRPC callers may send).
export const sectionNumber = new z.ZodNumber(rules.sectionNumber._zod.def) as unknown as z.ZodCoercedNumber<unknown>;

/** A numeric id in a path or body; strings of digits are accepted (REST paths are strings). */
export const idParam = z.coerce
  .number({ error: "The id must be a number." })
  .int("The id must be a whole number.")
  .positive("The id must be positive.")
  .max(2_147_483_647, "The id is too large.");

export const questionFields = z.object({ ...rules.questionFields.shape, sectionNumber });

/** A question as the server takes it: every field valid, then the first problem across fields. */
export const questionInput = questionFields.superRefine(rules.reportQuestionProblem);

export const flashcardInput = z.object({ ...rules.flashcardFields.shape, sectionNumber });

// Account inputs: the same field schemas and cross-field rule, in classic objects for the routers.
export {
  estimatedPart,
  newPassword,
  PASSWORD_ESTIMATE_CHARS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  TOKEN_MAX_DAYS,
  TOKEN_SCOPES,
  tokenScope,
} from "./account.ts";
export { hasControlChars } from "./index.ts";

export const changePasswordInput = z
  .object({ currentPassword: account.currentPassword, newPassword: account.newPassword })
  .check(account.newPasswordDiffers);

export const createTokenInput = z.object(account.tokenFields);

/** Account → Edition: the contract edition the member studies (null: the one in force). */
export const studyEditionInput = z.object(account.studyEditionFields);

/**
 * Deleting one's account, confirmed by one of: the password; a passkey's assertion (from POST
 * /api/account/passkeys/confirm-options); `sso: true` after a single sign-on in the last 5 minutes.
 */
export const deleteAccountInput = z
  .object({
    // Classic zod: the API document's generator calls .optional() on a DELETE's parameters.
    password: z
      .string()
      .min(1, "Enter your password.")
      .max(account.PASSWORD_MAX, "That is not your password.")
      .optional(),
    // Text, not an object: the API document lists a DELETE's input as parameters first (openapi.ts).
    passkey: z.string().max(200_000).optional().meta({
      description:
        "A WebAuthn assertion (PublicKeyCredential.toJSON()) as JSON text, for the challenge of POST /api/account/passkeys/confirm-options",
    }),
    sso: z.boolean().optional().meta({ description: "true: confirmed by this session's single sign-on, if fresh" }),
  })
  .refine(
    (i) => [i.password, i.passkey, i.sso || undefined].filter((v) => v !== undefined).length === 1,
    "Confirm with one of: your password, a passkey, or signing in again with your union account.",
  );

export const changeEmailInput = z.object({ newEmail: account.newEmail });
