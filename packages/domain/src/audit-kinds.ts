/**
 * Every kind of event the audit trail (audit_events) holds, in the order the Audit screen lists them.
 * Two writers share the trail: admin actions, recorded by the API in the transaction of the change,
 * and security events (sign-in, sign-up, passwords, tokens), recorded by the server. A role change is
 * both: an admin's in the directory, the operator's through ADMIN_EMAIL.
 */
export const AUDIT_KINDS = [
  "question.created",
  "question.updated",
  "question.deleted",
  "question.archived",
  "question.imported",
  "flashcard.created",
  "flashcard.updated",
  "flashcard.deleted",
  "flashcard.archived",
  "flashcard.imported",
  "report.decided",
  "role.changed",
  "user.disabled",
  "user.enabled",
  "signin.success",
  "signin.failure",
  "signin.locked",
  "signup.success",
  "signup.refused",
  "signout",
  "password.changed",
  "token.created",
  "token.used",
  "token.revoked",
  "sso.linked",
  "passkey.added",
  "passkey.removed",
  "password.forgot",
  "user.resetlink",
  "password.reset",
  "account.deleted",
  "question.restored",
  "question.regraded",
  "flashcard.restored",
  "backup.requested",
  "backup.taken",
  "backup.failed",
  "backup.downloaded",
  "edition.created",
  "invitation.created",
  "invitation.resent",
  "invitation.revoked",
  "invitation.accepted",
  "email.verified",
  "email.changeasked",
  "email.changed",
  "secondfactor.enabled",
  "secondfactor.verified",
  "secondfactor.failure",
  "secondfactor.recovery",
  "secondfactor.reset",
  "reauth.success",
  "reauth.failure",
  "token.admincreated",
  "session.ended",
  "question.revised",
  "flashcard.revised",
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];

/** What the API records for an admin's change to content, reports or the directory. */
export type AdminAuditKind = Extract<
  AuditKind,
  `${"question" | "flashcard" | "report" | "user" | "edition" | "invitation"}.${string}` | "role.changed"
>;

/** What the server records about signing in and out, accounts' passwords and API tokens. */
export type SecurityEventKind = Extract<
  AuditKind,
  | `${"signin" | "signup" | "password" | "token" | "sso" | "passkey" | "backup" | "email"}.${string}`
  | `${"secondfactor" | "reauth" | "session"}.${string}`
  | "signout"
  | "role.changed"
  | "invitation.accepted"
>;

/**
 * The groups a filter may name instead of one kind (`question` for every `question.*`): each kind's
 * part before the dot, first appearance first. A kind without a dot (`signout`) is no group.
 */
export const AUDIT_GROUPS: readonly string[] = [
  ...new Set(AUDIT_KINDS.filter((k) => k.includes(".")).map((k) => k.slice(0, k.indexOf(".")))),
];
