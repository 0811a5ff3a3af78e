/** A member's passkeys in the database: the public key and counter each sign-in checks, and what Account lists. */
import { type Database, passkeys, userColumns, users } from "@jcba/db";
import type { WebAuthnCredential } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, asc, eq, sql } from "drizzle-orm";

export interface PasskeyInfo {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const info = { id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt };
const asInfo = (row: { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyInfo => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export function createPasskeyStore(database: Database) {
  const { db } = database;
  return {
    async list(userId: number): Promise<PasskeyInfo[]> {
      const rows = await db.select(info).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
      return rows.map(asInfo);
    },

    /** The member's credentials, for excludeCredentials and allowCredentials. */
    async credentialsOf(userId: number) {
      const rows = await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
      return rows.map((r) => ({ id: r.id, transports: r.transports }));
    },

    /** The credential a browser names, with its member; null when unknown. */
    async byCredentialId(credentialId: string) {
      const [row] = await db
        .select({
          passkeyId: passkeys.id,
          publicKey: passkeys.publicKey,
          counter: passkeys.counter,
          transports: passkeys.transports,
          disabledAt: users.disabledAt,
          ...userColumns,
        })
        .from(passkeys)
        .innerJoin(users, eq(users.id, passkeys.userId))
        .where(eq(passkeys.credentialId, credentialId));
      if (!row) return null;
      const { passkeyId, publicKey, counter, transports, disabledAt, ...user } = row;
      const credential: WebAuthnCredential = {
        id: credentialId,
        publicKey: isoBase64URL.toBuffer(publicKey),
        counter,
        transports,
      };
      return { passkeyId, credential, user, disabled: disabledAt !== null };
    },

    /** Stores a new passkey; null when the credential is already registered (to anyone). */
    async add(
      userId: number,
      input: { name: string; credential: WebAuthnCredential; backedUp: boolean },
    ): Promise<PasskeyInfo | null> {
      const [row] = await db
        .insert(passkeys)
        .values({
          userId,
          name: input.name,
          credentialId: input.credential.id,
          publicKey: isoBase64URL.fromBuffer(input.credential.publicKey),
          counter: input.credential.counter,
          transports: input.credential.transports ?? [],
          backedUp: input.backedUp,
        })
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning(info);
      return row ? asInfo(row) : null;
    },

    async used(passkeyId: number, counter: number) {
      await db.update(passkeys).set({ counter, lastUsedAt: sql`now()` }).where(eq(passkeys.id, passkeyId));
    },

    /** Removes one of the member's passkeys; false when it is not theirs (or not there). */
    async remove(userId: number, passkeyId: number): Promise<boolean> {
      const gone = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id });
      return gone.length > 0;
    },
  };
}

export type PasskeyStore = ReturnType<typeof createPasskeyStore>;
