/**
 * The owner's known device: a cookie set at a successful sign-in that lets its browser sign in to that
 * account while strangers' wrong passwords hold the account locked (ASVS 2.2.1: limits must not let
 * anyone lock the owner out). Signed with an HMAC keyed by the account's password hash, which never
 * leaves the server: nothing else to keep secret, and a password change ends every known device.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { type Database, users } from "@jcba/db";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";

export const DEVICE_COOKIE = "jcba_device";
const DEVICE_DAYS = 365;
const DAY = 24 * 60 * 60 * 1000;

const mac = (passwordHash: string, userId: number, issuedAt: number) =>
  createHmac("sha256", passwordHash).update(`known-device:${userId}:${issuedAt}`).digest("base64url");

/** Marks this browser as a known device of the user who just signed in with the right password. */
export async function rememberDevice(database: Database, request: FastifyRequest, reply: FastifyReply, userId: number) {
  const [row] = await database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row?.passwordHash) return;
  const passwordHash = row.passwordHash;
  const issuedAt = Date.now();
  reply.setCookie(DEVICE_COOKIE, `${userId}.${issuedAt}.${mac(passwordHash, userId, issuedAt)}`, {
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    path: "/api/login",
    expires: new Date(issuedAt + DEVICE_DAYS * DAY),
  });
}

/** Whether the request comes from a browser that signed in to the account of `email` before. */
export async function isKnownDevice(database: Database, request: FastifyRequest, email: string): Promise<boolean> {
  const match = /^(\d{1,10})\.(\d{1,15})\.([\w-]{43})$/.exec(request.cookies[DEVICE_COOKIE] ?? "");
  if (!match) return false;
  const [, id, at, sent] = match;
  const issuedAt = Number(at);
  if (Date.now() - issuedAt > DEVICE_DAYS * DAY) return false;
  const [row] = await database.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, Number(id)));
  if (!row?.passwordHash || row.email !== email) return false;
  const expected = Buffer.from(mac(row.passwordHash, Number(id), issuedAt));
  const given = Buffer.from(sent!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
