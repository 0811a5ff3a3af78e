/** Practice-test rules: lengths, drawing questions spread across sections, scoring. */
import { percent } from "./grading.ts";

export const TEST_LENGTHS = [10, 25, 50] as const;
export const MAX_TEST_QUESTIONS = 200;
export const MAX_TIME_LIMIT_MINUTES = 240;

/** A seeded pseudo-random generator (mulberry32), so draws are reproducible in tests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Draws `count` questions at random, spread evenly across the sections they come from: sections
 * take turns (in random order) until the count is reached or the pool runs out.
 */
export function drawSpread<T extends { sectionNumber: number }>(
  pool: readonly T[],
  count: number,
  random: () => number = Math.random,
): T[] {
  const bySection = new Map<number, T[]>();
  for (const q of pool) {
    const list = bySection.get(q.sectionNumber) ?? [];
    list.push(q);
    bySection.set(q.sectionNumber, list);
  }
  const queues = shuffle([...bySection.keys()], random).map((s) => shuffle(bySection.get(s)!, random));
  const drawn: T[] = [];
  while (drawn.length < count && queues.some((q) => q.length > 0)) {
    for (const q of queues) {
      const next = q.pop();
      if (next !== undefined) drawn.push(next);
      if (drawn.length >= count) break;
    }
  }
  return shuffle(drawn, random);
}

/** A test's score: rounded percent of all questions in it (unanswered count as wrong). */
export const testScore = (correct: number, total: number) => percent(correct, total);

export interface SectionBreakdown {
  sectionNumber: number;
  total: number;
  correct: number;
  percent: number;
}

export function sectionBreakdown(
  results: readonly { sectionNumber: number; isCorrect: boolean }[],
): SectionBreakdown[] {
  const map = new Map<number, { total: number; correct: number }>();
  for (const r of results) {
    const e = map.get(r.sectionNumber) ?? { total: 0, correct: 0 };
    e.total++;
    if (r.isCorrect) e.correct++;
    map.set(r.sectionNumber, e);
  }
  return [...map.entries()]
    .sort(([a], [b]) => a - b)
    .map(([sectionNumber, e]) => ({ sectionNumber, ...e, percent: percent(e.correct, e.total) }));
}

/** What a drawn test question shows a member before they answer: never its answer. */
export interface DrawnQuestion {
  id: number;
  sectionNumber: number;
  questionType: string;
  questionText: string;
  options: string[] | null;
  version: number;
}

/**
 * A question as a test draws it, the same on the server and on the device: its answer and
 * explanation stay out of the test until it is submitted.
 */
export function asDrawn<Q extends DrawnQuestion>(q: Q): Pick<Q, keyof DrawnQuestion> {
  return {
    id: q.id,
    sectionNumber: q.sectionNumber,
    questionType: q.questionType,
    questionText: q.questionText,
    options: q.options,
    version: q.version,
  };
}
