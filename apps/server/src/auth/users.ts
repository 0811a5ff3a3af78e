import type { SessionUser } from "@jcba/api";
import { type Database, sessions as sessionsTable, userColumns, users } from "@jcba/db";
import { count, eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { type AuditSink, promotedBySetting } from "./security-audit.ts";
import type { Sessions } from "./sessions.ts";

// Verified against when an e-mail is unknown, so a failed sign-in takes as long either way.
let dummyHash: Promise<string> | null = null;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function verifyCredentials(
  database: Database,
  email: string,
  password: string,
): Promise<SessionUser | null> {
  const [row] = await database.db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (!row?.passwordHash) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verifyPassword(await dummyHash, password);
    return null;
  }
  const { passwordHash, ...user } = row;
  const ok = await verifyPassword(passwordHash, password);
  return ok ? user : null;
}

/** Whether an admin has disabled the account (then it may not sign in). */
export async function isDisabled(database: Database, userId: number): Promise<boolean> {
  const [row] = await database.db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
  return row?.disabledAt != null;
}

/** Whether the member has proved the address is theirs (REQUIRE_EMAIL_VERIFICATION asks it of password sign-in). */
export async function isEmailVerified(database: Database, userId: number): Promise<boolean> {
  const [row] = await database.db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return row?.verifiedAt != null;
}

/** A new account; verified unless `emailVerified: false` (sign-up: the member follows an e-mailed link first). */
export async function createUser(
  database: Database,
  input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    isAdmin?: boolean;
    emailVerified?: boolean;
  },
): Promise<SessionUser | null> {
  const [row] = await database.db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      isAdmin: input.isAdmin ?? false,
      emailVerifiedAt: input.emailVerified === false ? null : new Date(),
    })
    .onConflictDoNothing({ target: users.email })
    .returning(userColumns);
  return row ?? null;
}

/** Stores a new password hash and ends the user's other sessions (all of them without `keepSessionId`). */
export async function setPassword(
  database: Database,
  sessions: Sessions,
  userId: number,
  password: string,
  keepSessionId?: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await database.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await sessions.invalidateUser(userId, keepSessionId);
}

export async function verifyUserPassword(database: Database, userId: number, password: string): Promise<boolean> {
  const [row] = await database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row?.passwordHash) return false;
  return verifyPassword(row.passwordHash, password);
}

/** ADMIN_EMAIL names an ordinary account and ADMIN_PROMOTE_EXISTING is not set. */
export class AdminPromotionRefused extends Error {}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD create an admin, or set an existing admin's password. An existing
 * member is promoted only with ADMIN_PROMOTE_EXISTING=true (then its sessions end); otherwise this
 * throws AdminPromotionRefused, so a self-registered account cannot become admin by name alone.
 * With neither set and no users at all, an admin with a random password is created and the password
 * returned, to be printed once.
 */
export async function ensureAdmin(
  database: Database,
  email?: string,
  password?: string,
  options: { promoteExisting?: boolean; sessions?: Sessions; audit?: AuditSink } = {},
): Promise<{ email: string; generatedPassword?: string } | null> {
  if (email && password) {
    const address = normalizeEmail(email);
    const [existing] = await database.db.select().from(users).where(eq(users.email, address));
    if (!existing) {
      await createUser(database, { email: address, password, firstName: "Admin", lastName: "", isAdmin: true });
      return { email: address };
    }
    if (!existing.isAdmin && !options.promoteExisting)
      throw new AdminPromotionRefused(
        `ADMIN_EMAIL ${address} belongs to an existing account that is not an admin. It was not promoted: ` +
          "if that account really is the union's administrator, start once with ADMIN_PROMOTE_EXISTING=true " +
          "(its password becomes ADMIN_PASSWORD and its sessions end), or choose another ADMIN_EMAIL.",
      );
    const samePassword = existing.passwordHash !== null && (await verifyPassword(existing.passwordHash, password));
    if (existing.isAdmin && samePassword) return { email: address };
    const changes: Partial<typeof users.$inferInsert> = { isAdmin: true };
    if (!samePassword) changes.passwordHash = await hashPassword(password);
    await database.db.update(users).set(changes).where(eq(users.id, existing.id));
    // A new role or a new password: sessions made before it end.
    if (options.sessions) await options.sessions.invalidateUser(existing.id);
    else await database.db.delete(sessionsTable).where(eq(sessionsTable.userId, existing.id));
    if (!existing.isAdmin) await options.audit?.record(promotedBySetting(existing.id, "ADMIN_EMAIL"));
    if (!samePassword)
      await options.audit?.record({
        kind: "password.changed",
        actorUserId: null,
        targetType: "user",
        targetId: existing.id,
        after: { by: "ADMIN_PASSWORD" },
      });
    return { email: address };
  }
  const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(users);
  if (n > 0) return null;
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  const generatedPassword = Buffer.from(bytes).toString("base64url");
  const adminEmail = "admin@jcba-study-hub.local";
  await createUser(database, {
    email: adminEmail,
    password: generatedPassword,
    firstName: "Admin",
    lastName: "",
    isAdmin: true,
  });
  return { email: adminEmail, generatedPassword };
}
