/**
 * Confidence: how sure a member was of an answer, and certainty-based marking as Moodle gives it
 * (right 1 / 2 / 3, wrong 0 / −2 / −6 for guess / think / sure): a confident wrong answer costs more
 * than a guess, so the marks reward knowing what one knows.
 */

export const CONFIDENCES = ["sure", "think", "guess"] as const;
export type Confidence = (typeof CONFIDENCES)[number];
export const isConfidence = (v: unknown): v is Confidence => CONFIDENCES.includes(v as Confidence);

/** The key that picks each level in Study, Review and Tutor mode. */
export const CONFIDENCE_KEYS: Record<Confidence, string> = { sure: "s", think: "t", guess: "g" };
export const CONFIDENCE_LABELS: Record<Confidence, string> = { sure: "Sure", think: "Think so", guess: "Guess" };

const MARKS: Record<Confidence, { right: number; wrong: number }> = {
  guess: { right: 1, wrong: 0 },
  think: { right: 2, wrong: -2 },
  sure: { right: 3, wrong: -6 },
};

/** The certainty-based mark of one answer. */
export const certaintyMark = (confidence: Confidence, isCorrect: boolean) =>
  isCorrect ? MARKS[confidence].right : MARKS[confidence].wrong;

/** A wrong answer the member was sure of: a misconception to look at, not a gap. */
export const isMisconception = (confidence: Confidence | null | undefined, isCorrect: boolean) =>
  confidence === "sure" && !isCorrect;

export interface CertaintySummary {
  /** Answers that carried a confidence. */
  answered: number;
  /** Their certainty-based marks, summed. */
  marks: number;
  /** The most those answers could have earned (all right and sure). */
  maxMarks: number;
  /** Answers given as "sure", and how many of those were right. */
  sure: number;
  sureRight: number;
}

/**
 * Certainty-based marks over answers (or groups of alike answers, with `count`); answers without a
 * confidence are left out.
 */
export function certaintySummary(
  answers: Iterable<{ confidence: Confidence | null | undefined; isCorrect: boolean; count?: number }>,
): CertaintySummary {
  const s: CertaintySummary = { answered: 0, marks: 0, maxMarks: 0, sure: 0, sureRight: 0 };
  for (const a of answers) {
    if (!a.confidence) continue;
    const n = a.count ?? 1;
    s.answered += n;
    s.marks += n * certaintyMark(a.confidence, a.isCorrect);
    s.maxMarks += n * MARKS.sure.right;
    if (a.confidence === "sure") {
      s.sure += n;
      if (a.isCorrect) s.sureRight += n;
    }
  }
  return s;
}
