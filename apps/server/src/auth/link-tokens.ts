/**
 * The tokens of e-mailed links (a password reset, an invitation, an address to verify): 256 random
 * bits, base64url in the link, and only their SHA-256 stored, so a copy of the database opens no
 * account. A member's links (account_tokens) are stored, checked and used here, by every flow alike.
 */
import { randomBytes } from "node:crypto";
import { accountTokens, type Db } from "@jcba/db";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { hashToken } from "./sessions.ts";

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/** A token as a link carries it: 32 bytes in base64url. Anything else is refused before any lookup. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What a member's e-mailed link is for (account_tokens.purpose). */
export type AccountLinkPurpose = (typeof accountTokens.$inferSelect)["purpose"];

/** A new link of `purpose` for the member, voiding their older ones of that purpose (in the caller's transaction). */
export async function storeAccountLink(
  db: Db,
  link: { userId: number; purpose: AccountLinkPurpose; hash: string; lifetimeMs: number; newEmail?: string | null },
): Promise<void> {
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, link.userId), eq(accountTokens.purpose, link.purpose)));
  await db.insert(accountTokens).values({
    tokenHash: link.hash,
    purpose: link.purpose,
    userId: link.userId,
    newEmail: link.newEmail ?? null,
    expiresAt: new Date(Date.now() + link.lifetimeMs),
  });
}

const ofPurpose = (purposes: readonly AccountLinkPurpose[]) => inArray(accountTokens.purpose, [...purposes]);

/** Why a link of one of `purposes` cannot be used (unknown, used or expired), or null when it can. */
export async function accountLinkProblem(
  db: Db,
  token: string,
  purposes: readonly AccountLinkPurpose[],
): Promise<"invalid" | "used" | "expired" | null> {
  const [row] = await db
    .select({ usedAt: accountTokens.usedAt, expired: sql<boolean>`${accountTokens.expiresAt} <= now()` })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), ofPurpose(purposes)));
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  if (row.expired) return "expired";
  return null;
}

/**
 * Marks a live link of one of `purposes` used and answers whose it is, or undefined when it is unknown,
 * used or expired: one statement, so two clicks at once cannot both apply it.
 */
export async function takeAccountLink(db: Db, token: string, purposes: readonly AccountLinkPurpose[]) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        ofPurpose(purposes),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId, purpose: accountTokens.purpose, newEmail: accountTokens.newEmail });
  return row;
}
