/**
 * A practice test with no server: drawn from the bank kept on the device (with the server's spread
 * rule) and graded there for the results screen (with the server's score and breakdown rules). The
 * server grades the submission again when the outbox sends it, and its result is the record.
 */
import {
  asDrawn,
  type Confidence,
  certaintySummary,
  drawSpread,
  isAnswerCorrect,
  sectionBreakdown,
  testScore,
} from "@jcba/domain";
import type { RouterOutputs } from "../app/trpc.ts";
import type { TestQuestion, TestResult } from "./storage.ts";

export type BankQuestion = RouterOutputs["questions"]["list"][number];

/** Draws `count` questions of the chosen sections, spread across them as the server's draw does. */
export function drawOnDevice(
  bank: readonly BankQuestion[],
  sections: readonly number[],
  count: number,
): TestQuestion[] {
  const chosen = new Set(sections);
  return drawSpread(
    bank.filter((q) => chosen.has(q.sectionNumber)),
    count,
  ).map((q) => ({
    ...asDrawn(q),
  }));
}

/** The questions per section of the device's bank, as the set-up's counts (only the All pool is known). */
export function countsOnDevice(bank: readonly BankQuestion[]) {
  const counts = new Map<number, { questions: number; unused: number; incorrect: number; flagged: number }>();
  for (const q of bank) {
    const c = counts.get(q.sectionNumber) ?? { questions: 0, unused: 0, incorrect: 0, flagged: 0 };
    c.questions++;
    counts.set(q.sectionNumber, c);
  }
  return counts;
}

/** A tests.submit input as the outbox keeps it (its numbers typed as the server will coerce them). */
export interface DeviceSubmission {
  id: string;
  answers: { questionId: unknown; userAnswer: string | null; confidence?: Confidence }[];
  timeSpentSeconds: unknown;
}

/** The test's certainty-based marks, as the server gives them: null when no answer carried a confidence. */
function certaintyOnDevice(review: { confidence: Confidence | null; isCorrect: boolean }[]) {
  const summary = certaintySummary(review);
  return summary.answered === 0 ? null : summary;
}

/**
 * The results of a submission still waiting in the outbox, graded on the device; null when one of its
 * questions is not in the device's bank (then only the server can grade it).
 */
export function gradeOnDevice(
  bank: readonly BankQuestion[],
  submission: DeviceSubmission,
  queuedAt: string,
): TestResult | null {
  const byId = new Map(bank.map((q) => [q.id, q]));
  const review: TestResult["review"] = [];
  for (const a of submission.answers) {
    const q = byId.get(Number(a.questionId));
    if (!q) return null;
    // Blank answers count as wrong, as on the server.
    const userAnswer = a.userAnswer !== null && a.userAnswer.trim() !== "" ? a.userAnswer : null;
    review.push({
      ...asDrawn(q),
      userAnswer,
      isCorrect: userAnswer !== null && isAnswerCorrect(q, userAnswer),
      correctAnswer: q.correctAnswer,
      explanation: q.explanation,
      citation: q.citation,
      source: q.source,
      sourceLabel: q.sourceLabel,
      confidence: userAnswer !== null ? (a.confidence ?? null) : null,
    });
  }
  const correctCount = review.filter((r) => r.isCorrect).length;
  return {
    attempt: {
      id: submission.id,
      createdAt: queuedAt,
      sectionsIncluded: [...new Set(review.map((r) => r.sectionNumber))].sort((a, b) => a - b),
      totalQuestions: review.length,
      score: testScore(correctCount, review.length),
      timeSpentSeconds: Number(submission.timeSpentSeconds),
    },
    correctCount,
    breakdown: sectionBreakdown(review),
    certainty: certaintyOnDevice(review),
    review,
  };
}
