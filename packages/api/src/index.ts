import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "./root.ts";

export * as accountSchemas from "@jcba/validators/api";
export { MEMBER_HEADER } from "@jcba/validators/headers";
export {
  type AuthStep,
  AuthStepRequired,
  type ErrorBody,
  errorBody,
  INTERNAL_MESSAGE,
  type PublicError,
  publicError,
} from "./errors.ts";
export {
  type AnswerGroup,
  type AnswersWritten,
  type CacheLookup,
  type ContentLoaded,
  operationChannels,
  publish as publishOperation,
  type SigninRefused,
} from "./operations.ts";
export { type AppRouter, appRouter } from "./root.ts";
export { type BackupListing, backupListing } from "./services/backups/schemas.ts";
export {
  CONTENT_CHANNEL,
  type ContentCache,
  createContentCache,
  serializedOnce,
} from "./services/content/content-cache.ts";
export { flashcardsOpening } from "./services/content/flashcards-opening.ts";
export { studyOpening } from "./services/content/study-opening.ts";
export { claimLease, releaseLease } from "./services/jobs/leases.ts";
export * as readiness from "./services/readiness/readiness.ts";
export * as reminders from "./services/reminders/reminders.ts";
export * as reviewModels from "./services/review-model/model.ts";
export { BUSY_RETRY_AFTER_SECONDS } from "./trpc/db-errors.ts";
export {
  type AccountServices,
  type BackupServices,
  type CallerAuth,
  type Context,
  createCallerFactory,
  type MailServices,
  type ProcedureMeta,
  REAUTH_WINDOW_MS,
  type SessionUser,
  type UserSessionServices,
} from "./trpc/procedures.ts";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type { InvitationServices } from "./trpc/procedures.ts";
