/**
 * Shareable practice-test codes. A code must draw the same questions in the same order for anyone,
 * later too, so it encodes what the draw depends on:
 * - from the whole bank: a seed, the sections, the length, the highest question id and the time
 *   (questions added later are left out; questions archived later still take part in the draw and
 *   are then dropped, so the rest of the test stays as it was);
 * - from a member's own pool (Unused, Incorrect, Flagged), which differs between members: the drawn
 *   question ids themselves.
 */
// seededRandom (mulberry32) is hand-written on purpose: shared codes depend on it giving the same
// sequence forever, which a library upgrade could change.
import { drawSpread, seededRandom } from "./practice-test.ts";
import { isSectionNumber } from "./sections.ts";

export type TestCode =
  | {
      kind: "seed";
      seed: number;
      maxQuestionId: number;
      /** When the code was made, in whole seconds since 1970: questions archived later stay in the draw. */
      createdAt: number;
      count: number;
      sections: number[];
    }
  | { kind: "list"; questionIds: number[] };

const MAX_CODE_QUESTIONS = 200;

const sectionMask = (sections: readonly number[]) => sections.reduce((m, s) => m + 2 ** (s - 1), 0);
const sectionsOf = (mask: number) =>
  Array.from({ length: 32 }, (_, i) => i + 1).filter((s) => Math.floor(mask / 2 ** (s - 1)) % 2 === 1);

/** "S-" then seed, highest id, time, length and sections (base 36); or "Q-" then the ids (base 36, dot-separated). */
export function encodeTestCode(code: TestCode): string {
  if (code.kind === "list") return `Q-${code.questionIds.map((id) => id.toString(36)).join(".")}`.toUpperCase();
  return `S-${[code.seed, code.maxQuestionId, code.createdAt, code.count, sectionMask(code.sections)].map((n) => n.toString(36)).join("-")}`.toUpperCase();
}

/** The code's meaning, or null when it is not a valid code. */
export function decodeTestCode(raw: string, maxCount = MAX_CODE_QUESTIONS): TestCode | null {
  const text = raw.trim().toUpperCase();
  const nat = (s: string) => (/^[0-9A-Z]{1,8}$/.test(s) ? Number.parseInt(s, 36) : Number.NaN);
  if (text.startsWith("Q-")) {
    const ids = text.slice(2).split(".").map(nat);
    if (
      ids.length === 0 ||
      ids.length > maxCount ||
      ids.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647)
    )
      return null;
    if (new Set(ids).size !== ids.length) return null;
    return { kind: "list", questionIds: ids };
  }
  if (text.startsWith("S-")) {
    const parts = text.slice(2).split("-").map(nat);
    if (parts.length !== 5 || parts.some((n) => !Number.isSafeInteger(n))) return null;
    const [seed, maxQuestionId, createdAt, count, mask] = parts as [number, number, number, number, number];
    const sections = sectionsOf(mask);
    if (seed > 0xffffffff || count < 1 || count > maxCount || sections.length === 0 || mask >= 2 ** 32) return null;
    // Ids are PostgreSQL integers; times stay within what a timestamp holds.
    if (maxQuestionId > 2_147_483_647 || createdAt > 2 ** 33) return null;
    if (!sections.every(isSectionNumber)) return null;
    return { kind: "seed", seed, maxQuestionId, createdAt, count, sections };
  }
  return null;
}

/**
 * The questions a seed code draws from `pool` (the bank as it was when the code was made: up to its
 * highest id, with the questions archived since): the same pool and code give the same list in the
 * same order.
 */
export function drawForCode<T extends { id: number; sectionNumber: number }>(
  pool: readonly T[],
  code: Extract<TestCode, { kind: "seed" }>,
): T[] {
  const sections = new Set(code.sections);
  const eligible = pool
    .filter((q) => q.id <= code.maxQuestionId && sections.has(q.sectionNumber))
    .sort((a, b) => a.id - b.id);
  return drawSpread(eligible, code.count, seededRandom(code.seed));
}
