/**
 * The practice test in progress, kept in localStorage per member so a reload, a closed tab or a
 * dropped connection never loses it. Only what the member can see is stored: the drawn questions
 * arrive without their answers.
 */
import { type Confidence, isConfidence } from "@jcba/domain";
import { newClientId } from "../app/ids.ts";
import type { RouterOutputs } from "../app/trpc.ts";

type DrawnQuestion = RouterOutputs["tests"]["draw"]["questions"][number];
/** A drawn question; `version` is what the submission names back (a test saved by an earlier release has none). */
export type TestQuestion = Omit<DrawnQuestion, "version"> & { version?: number };
export type TestResult = RouterOutputs["tests"]["get"];
export type ReviewItem = TestResult["review"][number];

export interface SavedAttempt {
  v: 1;
  /** Chosen here, so a retried submission is recorded once. */
  id: string;
  questions: TestQuestion[];
  /** Answer text by question id. */
  answers: Record<string, string>;
  flags: number[];
  index: number;
  /** When the test was started (ISO). */
  startedAt: string;
  /** Seconds spent with the test open; the clock pauses while it is closed. */
  elapsedSeconds: number;
  limitSeconds: number | null;
  /** Set once the member hands the test in (or time runs out): the answers are locked. */
  finishedSeconds: number | null;
  /** Tutor mode: each answer can be checked as the member goes (and is then locked). */
  tutor?: boolean;
  /** Tutor mode: the feedback per checked question id. */
  checked?: Record<string, TutorFeedback>;
  /** The shareable code that draws this test again. */
  code?: string;
  /** Tutor mode: how sure the member said they were, per question id (optional). */
  confidences?: Record<string, Confidence>;
}

export interface TutorFeedback {
  userAnswer: string;
  isCorrect: boolean;
  correctAnswer: string;
  explanation: string;
  citation: string | null;
  source: string | null;
  sourceLabel: string | null;
}

const KEY_PREFIX = "jcba:practice-test:";
const keyFor = (userId: number) => `${KEY_PREFIX}${userId}`;

export function newAttempt(
  questions: TestQuestion[],
  limitSeconds: number | null,
  options: { tutor?: boolean; code?: string } = {},
): SavedAttempt {
  return {
    ...(options.tutor ? { tutor: true, checked: {} } : {}),
    ...(options.code ? { code: options.code } : {}),
    v: 1,
    id: newClientId(),
    questions,
    answers: {},
    flags: [],
    index: 0,
    startedAt: new Date().toISOString(),
    elapsedSeconds: 0,
    limitSeconds,
    finishedSeconds: null,
  };
}

/** A question as the taking screen may see it: the review item without its answer data. */
export function withoutAnswers(item: ReviewItem): TestQuestion {
  return {
    id: item.id,
    sectionNumber: item.sectionNumber,
    questionType: item.questionType,
    questionText: item.questionText,
    options: item.options,
    version: item.version,
  };
}

const isQuestion = (q: unknown): q is TestQuestion => {
  if (!q || typeof q !== "object") return false;
  const o = q as Record<string, unknown>;
  return (
    typeof o.id === "number" &&
    typeof o.sectionNumber === "number" &&
    typeof o.questionText === "string" &&
    (o.questionType === "multiple-choice" || o.questionType === "fill-in-blank") &&
    (o.options === null || (Array.isArray(o.options) && o.options.every((x) => typeof x === "string")))
  );
};

/** The saved attempt, or null when there is none or it cannot be read. */
export function loadAttempt(userId: number): SavedAttempt | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(keyFor(userId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const a = JSON.parse(raw) as Partial<SavedAttempt>;
    const ok =
      a.v === 1 &&
      typeof a.id === "string" &&
      Array.isArray(a.questions) &&
      a.questions.length > 0 &&
      a.questions.every(isQuestion) &&
      a.answers &&
      typeof a.answers === "object" &&
      Array.isArray(a.flags) &&
      typeof a.index === "number" &&
      typeof a.startedAt === "string" &&
      typeof a.elapsedSeconds === "number";
    if (!ok) return null;
    const full = a as SavedAttempt;
    return {
      ...full,
      index: Math.min(Math.max(0, Math.trunc(full.index)), full.questions.length - 1),
      limitSeconds: typeof full.limitSeconds === "number" && full.limitSeconds > 0 ? full.limitSeconds : null,
      finishedSeconds: typeof full.finishedSeconds === "number" ? full.finishedSeconds : null,
    };
  } catch {
    return null;
  }
}

/** Saves the attempt; returns false when storage is full or blocked (the test still works). */
export function saveAttempt(userId: number, attempt: SavedAttempt): boolean {
  try {
    localStorage.setItem(keyFor(userId), JSON.stringify(attempt));
    return true;
  } catch {
    return false;
  }
}

export function clearAttempt(userId: number, id?: string): void {
  try {
    if (id !== undefined && loadAttempt(userId)?.id !== id) return;
    localStorage.removeItem(keyFor(userId));
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

export const isAnswered = (answer: string | undefined) => answer !== undefined && answer.trim() !== "";

export const answeredCount = (a: SavedAttempt) => a.questions.filter((q) => isAnswered(a.answers[q.id])).length;

/** The answers the server grades: every drawn question, null when left blank. */
export function submission(a: SavedAttempt, timeSpentSeconds: number) {
  return {
    id: a.id,
    answers: a.questions.map((q) => ({
      questionId: q.id,
      userAnswer: isAnswered(a.answers[q.id]) ? a.answers[q.id]! : null,
      // Graded with the version drawn, even when an admin has edited the question since.
      ...(q.version === undefined ? {} : { version: q.version }),
      ...(isAnswered(a.answers[q.id]) && isConfidence(a.confidences?.[q.id])
        ? { confidence: a.confidences![q.id]! }
        : {}),
    })),
    timeSpentSeconds: Math.max(0, Math.round(timeSpentSeconds)),
  };
}
