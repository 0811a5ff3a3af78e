/**
 * Who an SSO sign-in is: the member linked to the provider's (issuer, subject); else the member with
 * the provider's verified e-mail, linked now; else a new member, made only from a verified e-mail.
 */
import type { SessionUser } from "@jcba/api";
import { type Database, invitations, oauthAccounts, userColumns, users } from "@jcba/db";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { normalizeEmail } from "../users.ts";

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export type SsoOutcome =
  | {
      kind: "signed-in";
      user: SessionUser;
      disabled: boolean;
      linked: boolean;
      created: boolean;
      /** The open invitation to this address that the new member took up. */
      acceptedInvitationId?: number;
    }
  | { kind: "unverified" };

/** Names as the provider gives them, cut to what a profile holds and free of control characters. */
const cleanName = (v: string) =>
  v
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 100);

export async function memberForIdentity(database: Database, identity: ProviderIdentity): Promise<SsoOutcome> {
  const { db } = database;
  const byLink = await db
    .select({ ...userColumns, disabledAt: users.disabledAt, linkId: oauthAccounts.id })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.issuer, identity.issuer), eq(oauthAccounts.subject, identity.subject)));
  const linked = byLink[0];
  if (linked) {
    const { disabledAt, linkId, ...user } = linked;
    await db
      .update(oauthAccounts)
      .set({ email: identity.email, lastUsedAt: sql`now()` })
      .where(eq(oauthAccounts.id, linkId));
    return { kind: "signed-in", user, disabled: disabledAt !== null, linked: false, created: false };
  }
  // Only an address the provider vouches for may name (or create) an account here.
  if (!identity.emailVerified || !identity.email) return { kind: "unverified" };
  const email = normalizeEmail(identity.email);
  const [created] = await db
    .insert(users)
    .values({
      email,
      passwordHash: null,
      // The provider vouches for the address.
      emailVerifiedAt: new Date(),
      firstName: cleanName(identity.givenName),
      lastName: cleanName(identity.familyName),
    })
    .onConflictDoNothing({ target: users.email })
    .returning(userColumns);
  const [row] = created
    ? [{ ...created, disabledAt: null }]
    : await db
        .select({ ...userColumns, disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.email, email));
  if (!row) return { kind: "unverified" };
  const { disabledAt, ...user } = row;
  // An account waiting for its verification link: the provider has now vouched for the address.
  if (!created)
    await db
      .update(users)
      .set({ emailVerifiedAt: sql`now()` })
      .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)));
  // Two sign-ins racing for one identity link it once; both then sign in as the same member.
  await db
    .insert(oauthAccounts)
    .values({ userId: user.id, issuer: identity.issuer, subject: identity.subject, email, lastUsedAt: sql`now()` })
    .onConflictDoNothing();
  // An invitation to the address is taken up by the member it invited (as its link would have).
  const [accepted] = created
    ? await db
        .update(invitations)
        .set({ acceptedAt: sql`now()` })
        .where(
          and(
            eq(invitations.email, email),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: invitations.id })
    : [];
  return {
    kind: "signed-in",
    user,
    disabled: disabledAt !== null,
    linked: true,
    created: Boolean(created),
    ...(accepted ? { acceptedInvitationId: accepted.id } : {}),
  };
}

/** OIDC_ADMIN_CLAIM/OIDC_ADMIN_VALUE: the claim holds the value, or is a list that contains it. */
export function claimGrantsAdmin(claims: Record<string, unknown>, claim: string, value: string): boolean {
  const held = claims[claim];
  if (Array.isArray(held)) return held.some((v) => String(v) === value);
  return held !== undefined && held !== null && String(held) === value;
}

/** Makes the member an admin; true when that is a change. */
export async function promoteToAdmin(database: Database, userId: number): Promise<boolean> {
  const changed = await database.db
    .update(users)
    .set({ isAdmin: true })
    .where(and(eq(users.id, userId), eq(users.isAdmin, false)))
    .returning({ id: users.id });
  return changed.length > 0;
}
