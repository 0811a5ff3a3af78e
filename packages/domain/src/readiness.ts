/**
 * Readiness: how much of the contract a member would recall on a day, per section and overall, from
 * each question's predicted recall (FSRS's forgetting curve is in schedule.ts, so the web bundle never
 * carries the scheduler); and calibration: how well those predictions matched what was then recalled.
 */
import { MIN_FIRST_ANSWERS } from "./item-analysis.ts";
import { SECTION_COUNT } from "./sections.ts";

export interface FirstAnswerTally {
  answers: number;
  correct: number;
}

const tally = (list: Iterable<FirstAnswerTally>): FirstAnswerTally => {
  const sum = { answers: 0, correct: 0 };
  for (const t of list) {
    sum.answers += t.answers;
    sum.correct += t.correct;
  }
  return sum;
};

/**
 * The chance that a member recalls a question they never saw: the share of members whose first
 * answer to it was right, from MIN_FIRST_ANSWERS first answers up; below that the section's share,
 * then the whole bank's. With no such evidence at all, nothing is assumed known (0).
 */
export function unseenRecall(
  question: FirstAnswerTally | undefined,
  section: FirstAnswerTally,
  bank: FirstAnswerTally,
): number {
  for (const t of [question, section, bank]) if (t && t.answers >= MIN_FIRST_ANSWERS) return t.correct / t.answers;
  return 0;
}

export interface ReadinessQuestion {
  id: number;
  sectionNumber: number;
}

export interface SectionReadiness {
  sectionNumber: number;
  /** Mean predicted recall over the section's active questions (0–1); null when it has none. */
  recall: number | null;
  /** seen / total (0–1); null when the section has no questions. */
  coverage: number | null;
  seen: number;
  total: number;
}

export interface Readiness {
  overall: { recall: number | null; coverage: number | null; items: number; seen: number };
  sections: SectionReadiness[];
}

/**
 * What readiness needs of a bank and the peers' first answers, worked out once for both (they change
 * once a minute at most) rather than on every request: each question's position, section and the
 * recall it counts at while the member has not seen it.
 */
export interface ReadinessBase {
  /** Question id → its position in the bank. */
  position: ReadonlyMap<number, number>;
  /** Section index (0–31) by position; SECTION_COUNT for a question outside the 32 sections. */
  section: Uint8Array;
  /** Recall of an unseen question (the peers' first-answer share), by position. */
  unseen: Float64Array;
}

export function readinessBase(
  questions: readonly ReadinessQuestion[],
  firstAnswers: ReadonlyMap<number, FirstAnswerTally>,
): ReadinessBase {
  const sectionTallies = new Map<number, FirstAnswerTally>();
  for (const q of questions) {
    const t = firstAnswers.get(q.id);
    if (!t) continue;
    const s = sectionTallies.get(q.sectionNumber) ?? { answers: 0, correct: 0 };
    s.answers += t.answers;
    s.correct += t.correct;
    sectionTallies.set(q.sectionNumber, s);
  }
  const bank = tally(sectionTallies.values());
  const none = { answers: 0, correct: 0 };
  const position = new Map<number, number>();
  const section = new Uint8Array(questions.length);
  const unseen = new Float64Array(questions.length);
  questions.forEach((q, i) => {
    position.set(q.id, i);
    section[i] = q.sectionNumber >= 1 && q.sectionNumber <= SECTION_COUNT ? q.sectionNumber - 1 : SECTION_COUNT;
    unseen[i] = unseenRecall(firstAnswers.get(q.id), sectionTallies.get(q.sectionNumber) ?? none, bank);
  });
  return { position, section, unseen };
}

/**
 * Readiness from each question's predicted recall by position in the bank (NaN: never reviewed, so it
 * counts at its unseen recall). Typed arrays and one pass: a member's whole bank, on every request.
 */
export function readinessFromRecalls(base: ReadinessBase, recall: Float64Array): Readiness {
  const sums = new Float64Array(SECTION_COUNT + 1);
  const seen = new Uint32Array(SECTION_COUNT + 1);
  const total = new Uint32Array(SECTION_COUNT + 1);
  for (let i = 0; i < base.section.length; i++) {
    const s = base.section[i]!;
    const r = recall[i]!;
    total[s]!++;
    if (Number.isNaN(r)) sums[s]! += base.unseen[i]!;
    else {
      seen[s]!++;
      sums[s]! += r;
    }
  }
  const share = (n: number, of: number) => (of === 0 ? null : n / of);
  let allRecall = 0;
  let allSeen = 0;
  let allTotal = 0;
  const sections: SectionReadiness[] = [];
  for (let i = 0; i < SECTION_COUNT; i++) {
    allRecall += sums[i]!;
    allSeen += seen[i]!;
    allTotal += total[i]!;
    sections.push({
      sectionNumber: i + 1,
      recall: share(sums[i]!, total[i]!),
      coverage: share(seen[i]!, total[i]!),
      seen: seen[i]!,
      total: total[i]!,
    });
  }
  return {
    overall: {
      recall: share(allRecall, allTotal),
      coverage: share(allSeen, allTotal),
      items: allTotal,
      seen: allSeen,
    },
    sections,
  };
}

/**
 * Readiness on a day: every active question counts once, at its predicted recall if the member has
 * reviewed it (its memory decayed to that day, no review assumed in between) or at the peers'
 * first-answer share if not. Sections and the whole bank are the plain mean over their questions; all 32 sections
 * are listed in order.
 */
export function readinessAt(
  questions: readonly ReadinessQuestion[],
  /** A reviewed question's predicted recall at the chosen time; undefined for one never reviewed. */
  recallOf: (questionId: number) => number | undefined,
  firstAnswers: ReadonlyMap<number, FirstAnswerTally>,
): Readiness {
  const recall = Float64Array.from(questions, (q) => recallOf(q.id) ?? Number.NaN);
  return readinessFromRecalls(readinessBase(questions, firstAnswers), recall);
}

/** The sections with the lowest predicted recall, weakest first (sections without questions left out). */
export function weakestSections(readiness: Readiness, count = 3): SectionReadiness[] {
  return readiness.sections
    .filter((s) => s.recall !== null)
    .sort((a, b) => a.recall! - b.recall! || a.sectionNumber - b.sectionNumber)
    .slice(0, count);
}

export const CALIBRATION_BINS = 10;
/** Below this many predicted reviews a member's calibration says too little to show. */
export const MIN_CALIBRATION_REVIEWS = 50;

/** The bin (0–9) of a predicted recall: [0, 0.1) is 0, …, [0.9, 1] is 9. */
export const calibrationBinOf = (predicted: number) =>
  Math.min(CALIBRATION_BINS - 1, Math.max(0, Math.floor(predicted * CALIBRATION_BINS)));

export interface CalibrationBinSums {
  bin: number;
  count: number;
  /** Sum of the predicted recall of the bin's reviews. */
  predicted: number;
  /** How many of the bin's reviews were recalled (rated Hard, Good or Easy). */
  recalled: number;
}

export interface CalibrationBin {
  from: number;
  to: number;
  /** Mean predicted recall of the bin's reviews; null when it has none. */
  predicted: number | null;
  /** Share of the bin's reviews actually recalled; null when it has none. */
  actual: number | null;
  count: number;
}

/** The ten calibration bins from per-bin sums (bins without reviews are listed, empty). */
export function calibrationBins(sums: readonly CalibrationBinSums[]): { bins: CalibrationBin[]; reviews: number } {
  const byBin = new Map(sums.map((s) => [s.bin, s]));
  const bins = Array.from({ length: CALIBRATION_BINS }, (_, i): CalibrationBin => {
    const s = byBin.get(i);
    const count = s?.count ?? 0;
    return {
      from: i / CALIBRATION_BINS,
      to: (i + 1) / CALIBRATION_BINS,
      predicted: count > 0 ? s!.predicted / count : null,
      actual: count > 0 ? s!.recalled / count : null,
      count,
    };
  });
  return { bins, reviews: bins.reduce((n, b) => n + b.count, 0) };
}

/** A recall or coverage share as the screens show it: a whole percent, or a dash when there is none. */
export const sharePercent = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)}%`);
