/**
 * The key an address is limited by. One IPv6 customer usually holds a whole /64 (2^64 addresses), so
 * an IPv6 address counts by its first 64 bits; an IPv4 address (also written as ::ffff:a.b.c.d) counts
 * by itself. Hand-written because it is a few lines over node:net's isIP, which says what kind an
 * address is but does not expand "::".
 */
import { isIP } from "node:net";

export function addressKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = "", tail = ""] = ip.toLowerCase().split("%")[0]!.split("::");
  const headParts = head === "" ? [] : head.split(":");
  const tailParts = ip.includes("::") ? (tail === "" ? [] : tail.split(":")) : [];
  const missing = 8 - headParts.length - tailParts.length;
  const groups = [...headParts, ...Array(Math.max(0, missing)).fill("0"), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, "0"))
    .join(":")}::/64`;
}

/**
 * An address shown cut short, for 'Signed-in devices': the /24 of an IPv4 address or the /64 of an
 * IPv6 one, enough to tell home from elsewhere without keeping where exactly a member was.
 */
export function networkOf(ip: string): string {
  const key = addressKey(ip);
  if (key.endsWith("/64")) return key;
  const parts = key.split(".");
  return parts.length === 4 ? `${parts.slice(0, 3).join(".")}.0/24` : key;
}
