/**
 * The tokens of e-mailed links (a password reset, an invitation): 256 random bits, base64url in the
 * link, and only their SHA-256 stored, so a copy of the database opens no account.
 */
import { randomBytes } from "node:crypto";
import { hashToken } from "./sessions.ts";

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/** A token as a link carries it: 32 bytes in base64url. Anything else is refused before any lookup. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
