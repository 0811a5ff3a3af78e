/**
 * Item analysis (Moodle's quiz statistics, adapted to members who each answer a different set of
 * questions): everything is read from members' first answers only, so practising a question again
 * never makes it look easier than it is.
 */

/** Statistics are shown, and flags raised, only from this many first answers up. */
export const MIN_FIRST_ANSWERS = 30;
export const FACILITY_LOW = 0.2;
export const FACILITY_HIGH = 0.95;
export const DISCRIMINATION_LOW = 0.15;

/** One member's first answer to the item, with their first-answer totals over the whole bank (this item included). */
export interface FirstAnswer {
  correct: boolean;
  /** Multiple choice: index in the stored option list; null for fill-in or an answer stored before options were kept. */
  chosenOption: number | null;
  timeTakenMs: number | null;
  memberAnswered: number;
  memberCorrect: number;
}

/**
 * What the database adds up per item (the same numbers `sumsOf` makes from a list): x is 1 when the
 * item was answered right, y the member's first-answer share correct on the rest of the bank. Pairs
 * come only from members who first-answered at least one other question.
 */
export interface ItemSums {
  answers: number;
  correct: number;
  pairs: number;
  sumX: number;
  sumY: number;
  sumYY: number;
  sumXY: number;
  optionCounts: number[];
  medianTimeMs: number | null;
}

/** Median of the values (the mean of the middle two for an even count), null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Adds up first answers the way the item-analysis query does; `optionCount` options are counted. */
export function sumsOf(answers: readonly FirstAnswer[], optionCount: number): ItemSums {
  const sums: ItemSums = {
    answers: answers.length,
    correct: 0,
    pairs: 0,
    sumX: 0,
    sumY: 0,
    sumYY: 0,
    sumXY: 0,
    optionCounts: Array.from({ length: optionCount }, () => 0),
    medianTimeMs: median(answers.flatMap((a) => (a.timeTakenMs === null ? [] : [a.timeTakenMs]))),
  };
  for (const a of answers) {
    const x = a.correct ? 1 : 0;
    sums.correct += x;
    if (a.chosenOption !== null && a.chosenOption < optionCount) sums.optionCounts[a.chosenOption]! += 1;
    if (a.memberAnswered > 1) {
      const y = (a.memberCorrect - x) / (a.memberAnswered - 1);
      sums.pairs += 1;
      sums.sumX += x;
      sums.sumY += y;
      sums.sumYY += y * y;
      sums.sumXY += x * y;
    }
  }
  return sums;
}

/**
 * Discrimination: the point-biserial correlation (Pearson's r with a 0/1 variable) between getting
 * the item right and the score on the rest of the bank. Null when either side does not vary.
 */
export function discriminationOf(s: Pick<ItemSums, "pairs" | "sumX" | "sumY" | "sumYY" | "sumXY">): number | null {
  const n = s.pairs;
  if (n < 2) return null;
  const covariance = s.sumXY - (s.sumX * s.sumY) / n;
  const varianceX = s.sumX - (s.sumX * s.sumX) / n; // x² = x for a 0/1 variable
  const varianceY = s.sumYY - (s.sumY * s.sumY) / n;
  // Float sums of identical values leave a residue a few ulps above zero: treat it as no variance.
  if (varianceX <= 1e-12 || varianceY <= 1e-12) return null;
  return Math.max(-1, Math.min(1, covariance / Math.sqrt(varianceX * varianceY)));
}

export type ItemFlag = "too-hard" | "too-easy" | "low-discrimination" | "unused-distractor";

export const ITEM_FLAG_LABELS: Record<ItemFlag, string> = {
  "too-hard": "Facility under 20 %",
  "too-easy": "Facility over 95 %",
  "low-discrimination": "Discrimination under 0.15",
  "unused-distractor": "A distractor nobody chooses",
};

export interface ItemStatistics {
  firstAnswers: number;
  /** Whether there are enough first answers to show statistics (MIN_FIRST_ANSWERS). */
  enough: boolean;
  /** Share of first answers that were right, 0–1; null below MIN_FIRST_ANSWERS. */
  facility: number | null;
  discrimination: number | null;
  /** Multiple choice: first answers per option, in stored order; null for fill-in or below the minimum. */
  optionCounts: number[] | null;
  medianTimeMs: number | null;
  flags: ItemFlag[];
}

/** The statistics and 'needs checking' flags of one item from its sums. */
export function itemStatistics(
  sums: ItemSums,
  item: { options: readonly string[] | null; correctAnswer: string },
): ItemStatistics {
  const enough = sums.answers >= MIN_FIRST_ANSWERS;
  if (!enough)
    return {
      firstAnswers: sums.answers,
      enough,
      facility: null,
      discrimination: null,
      optionCounts: null,
      medianTimeMs: null,
      flags: [],
    };
  const facility = sums.correct / sums.answers;
  const discrimination = discriminationOf(sums);
  const optionCounts = item.options ? item.options.map((_, i) => sums.optionCounts[i] ?? 0) : null;
  const flags: ItemFlag[] = [];
  if (facility < FACILITY_LOW) flags.push("too-hard");
  if (facility > FACILITY_HIGH) flags.push("too-easy");
  if (discrimination !== null && discrimination < DISCRIMINATION_LOW) flags.push("low-discrimination");
  if (item.options?.some((option, i) => option !== item.correctAnswer && optionCounts![i] === 0))
    flags.push("unused-distractor");
  return {
    firstAnswers: sums.answers,
    enough,
    facility,
    discrimination,
    optionCounts,
    medianTimeMs: sums.medianTimeMs,
    flags,
  };
}

/** Peer statistics after an answer: share right and per option, from first answers, from MIN_FIRST_ANSWERS up. */
export interface PeerStatistics {
  firstAnswers: number;
  /** Whole percent of members whose first answer was right; null below the minimum. */
  percentCorrect: number | null;
  /** Multiple choice: whole percent choosing each option (stored order); null for fill-in or below the minimum. */
  optionPercents: number[] | null;
}

export function peerStatistics(
  counts: { answers: number; correct: number; optionCounts: readonly number[] },
  optionCount: number | null,
): PeerStatistics {
  if (counts.answers < MIN_FIRST_ANSWERS)
    return { firstAnswers: counts.answers, percentCorrect: null, optionPercents: null };
  const pct = (n: number) => Math.round((n / counts.answers) * 100);
  return {
    firstAnswers: counts.answers,
    percentCorrect: pct(counts.correct),
    optionPercents:
      optionCount === null ? null : Array.from({ length: optionCount }, (_, i) => pct(counts.optionCounts[i] ?? 0)),
  };
}
