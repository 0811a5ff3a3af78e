import type { SessionUser } from "@jcba/api";
import { type Database, users } from "@jcba/db";
import { hash, verify } from "@node-rs/argon2";
import { count, eq } from "drizzle-orm";

// argon2id with OWASP's recommended minimum cost (19 MiB, 2 iterations).
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 };
// Verified against when an e-mail is unknown, so a failed sign-in takes as long either way.
let dummyHash: Promise<string> | null = null;

export const hashPassword = (password: string) => hash(password, ARGON);

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function verifyCredentials(
  database: Database,
  email: string,
  password: string,
): Promise<SessionUser | null> {
  const [row] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (!row?.passwordHash) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verify(await dummyHash, password).catch(() => false);
    return null;
  }
  const ok = await verify(row.passwordHash, password).catch(() => false);
  if (!ok) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isAdmin: row.isAdmin,
  };
}

export async function createUser(
  database: Database,
  input: { email: string; password: string; firstName: string; lastName: string; isAdmin?: boolean },
): Promise<SessionUser | null> {
  const [row] = await database.db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      isAdmin: input.isAdmin ?? false,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isAdmin: row.isAdmin,
  };
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD create or update an admin. With neither set and no users at all, an
 * admin with a random password is created and the password returned, to be printed once.
 */
export async function ensureAdmin(
  database: Database,
  email?: string,
  password?: string,
): Promise<{ email: string; generatedPassword?: string } | null> {
  if (email && password) {
    const passwordHash = await hashPassword(password);
    await database.db
      .insert(users)
      .values({ email: normalizeEmail(email), passwordHash, firstName: "Admin", lastName: "", isAdmin: true })
      .onConflictDoUpdate({ target: users.email, set: { passwordHash, isAdmin: true } });
    return { email: normalizeEmail(email) };
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
