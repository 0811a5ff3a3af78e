import { type ScoreBand, sidebarSectionName } from "@jcba/domain";

/** A running clock: '9:05', or '1:02:03' past an hour. */
export function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** Spoken form of a clock for screen readers: '9 minutes 5 seconds'. */
export function spokenClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const m = Math.floor(s / 60);
  const sec = s % 60;
  const parts = [];
  if (m > 0) parts.push(`${m} minute${m === 1 ? "" : "s"}`);
  if (sec > 0 || m === 0) parts.push(`${sec} second${sec === 1 ? "" : "s"}`);
  return parts.join(" ");
}

/** The Chakra colour palette of a score band (the spec's green / amber / red). */
export const BAND_PALETTE: Record<ScoreBand, "green" | "orange" | "red"> = {
  green: "green",
  amber: "orange",
  red: "red",
};

export const sectionLabel = (n: number) => `§${n} ${sidebarSectionName(n)}`;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A contract reference as members read it: 'JCBA §19.A.1' (stored as '19.A.1' or '§19'). */
export function citationLabel(citation: string | null): string | null {
  const c = citation?.trim();
  if (!c) return null;
  return `JCBA ${c.startsWith("§") ? c : `§${c}`}`;
}
