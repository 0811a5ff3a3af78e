/** A question's contract reference as members read it: '§7.A.3' (stored as '7.A.3' or '§7'). */
export function formatCitation(citation: string | null | undefined): string | null {
  const c = citation?.trim();
  if (!c) return null;
  return c.startsWith("§") ? c : `§${c}`;
}

/** A fresh id for an answer, so a retried submit is recorded once. Falls back where randomUUID is missing (plain-http origins). */
export function newAttemptId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
