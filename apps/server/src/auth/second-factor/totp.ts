/**
 * Admins' second factor: an authenticator app's six-digit codes (TOTP, RFC 6238, by the otpauth
 * library) and ten single-use recovery codes. The TOTP secret is kept encrypted (AES-256-GCM) under a
 * key of this installation's own (server_keys), is shown once at enrolment and never exported or
 * logged; a code's time step is remembered once accepted, so the same code cannot be used twice.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { type Database, recoveryCodes, serverKeys, totpFactors } from "@jcba/db";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";

export const ISSUER = "JCBA Study Hub";
const PERIOD = 30;
/** One step either side: a phone's clock a little off still works. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
const KEY_NAME = "totp-secrets";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

async function secretsKey(database: Database): Promise<Buffer> {
  const read = async () =>
    (await database.db.select().from(serverKeys).where(eq(serverKeys.name, KEY_NAME)))[0]?.privateKey;
  let key = await read();
  if (!key) {
    await database.db
      .insert(serverKeys)
      .values({ name: KEY_NAME, publicKey: "", privateKey: randomBytes(32).toString("base64") })
      .onConflictDoNothing();
    key = await read();
  }
  return Buffer.from(key!, "base64");
}

async function encrypt(database: Database, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await secretsKey(database), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString("base64")).join(".");
}

async function decrypt(database: Database, stored: string): Promise<string> {
  const [iv, tag, sealed] = stored.split(".").map((p) => Buffer.from(p, "base64"));
  const decipher = createDecipheriv("aes-256-gcm", await secretsKey(database), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString("utf8");
}

const totpOf = (secret: string, email: string) =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

export interface SecondFactorState {
  /** An authenticator app is set up and verified. */
  enrolled: boolean;
  recoveryCodesLeft: number;
}

export async function stateOf(database: Database, userId: number): Promise<SecondFactorState> {
  const [row] = await database.db
    .select({ enabledAt: totpFactors.enabledAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId));
  const [left] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enrolled: Boolean(row?.enabledAt), recoveryCodesLeft: left?.n ?? 0 };
}

/** A new secret for a user who has none enabled yet (a previous unfinished one is replaced). */
export async function beginEnrolment(database: Database, user: { id: number; email: string }) {
  const secret = new Secret({ size: 20 }).base32;
  const stored = await encrypt(database, secret);
  const [row] = await database.db
    .insert(totpFactors)
    .values({ userId: user.id, secret: stored })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret: stored, createdAt: sql`now()`, usedSteps: [] },
      setWhere: isNull(totpFactors.enabledAt),
    })
    .returning({ userId: totpFactors.userId });
  if (!row) return null;
  return { secret, uri: totpOf(secret, user.email).toString() };
}

/**
 * Checks a code against the user's secret (enabled, or pending when `enrolling`) and, if it is right
 * and its time step unused, records the step in the same statement that checks it is still unused,
 * so two requests racing with one code cannot both pass.
 */
export async function acceptCode(
  database: Database,
  user: { id: number; email: string },
  code: string,
  enrolling = false,
): Promise<"ok" | "wrong" | "replayed"> {
  const [row] = await database.db
    .select()
    .from(totpFactors)
    .where(
      and(
        eq(totpFactors.userId, user.id),
        enrolling ? isNull(totpFactors.enabledAt) : isNotNull(totpFactors.enabledAt),
      ),
    );
  if (!row || !/^\d{6}$/.test(code)) return "wrong";
  const now = Date.now();
  const delta = totpOf(await decrypt(database, row.secret), user.email).validate({
    token: code,
    timestamp: now,
    window: WINDOW,
  });
  if (delta === null) return "wrong";
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  // Steps older than the window can never match again: only the recent ones are kept.
  const kept = row.usedSteps.filter((s) => s >= step - 2 * WINDOW - 1);
  const updated = await database.db
    .update(totpFactors)
    .set({ usedSteps: [...kept, step], ...(enrolling ? { enabledAt: new Date(now) } : {}) })
    .where(
      and(eq(totpFactors.userId, user.id), sql`NOT (${totpFactors.usedSteps} @> ${JSON.stringify([step])}::jsonb)`),
    )
    .returning({ userId: totpFactors.userId });
  return updated.length > 0 ? "ok" : "replayed";
}

/** Ten new recovery codes (any earlier ones end): returned once, stored only as SHA-256. */
export async function newRecoveryCodes(database: Database, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = encodeBase32LowerCaseNoPadding(randomBytes(10)).slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await database.transaction(async (tx) => {
    await tx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(normalizeRecovery(c)) })));
  });
  return codes;
}

const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z2-7]/g, "");

/** Uses one recovery code: true once, when it is one of the user's unused codes. */
export async function useRecoveryCode(database: Database, userId: number, code: string): Promise<boolean> {
  const normalized = normalizeRecovery(code);
  if (normalized.length !== 10) return false;
  const used = await database.db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256(normalized)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** Forgets a user's authenticator and recovery codes (the CLI's reset for a lost device). */
export async function resetSecondFactor(database: Database, userId: number): Promise<boolean> {
  const removed = await database.db.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning();
  await database.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return removed.length > 0;
}
