/** Grading rules of the specification (§5); the server is the only place they run for a score. */

import { isNumberWrittenOut } from "./number-words.ts";

export type QuestionType = "multiple-choice" | "fill-in-blank";
export const QUESTION_TYPES = ["multiple-choice", "fill-in-blank"] as const;
export const OPTIONS_PER_QUESTION = 4;

export interface Gradable {
  questionType: QuestionType;
  correctAnswer: string;
  /** Fill-in only: other ways of writing the same answer ("three" for "3"). */
  alternatives?: readonly string[] | null;
}

const normalized = (text: string) => text.trim().toLowerCase();

/**
 * Multiple choice: the chosen option equals the answer. Fill-in: equal, ignoring case and
 * surrounding spaces, to the answer or to one of its listed alternatives; an answer that is a whole
 * number also takes the number in words ("100" → "one hundred").
 */
export function isAnswerCorrect(question: Gradable, userAnswer: string): boolean {
  if (question.questionType === "multiple-choice") return userAnswer === question.correctAnswer;
  const given = normalized(userAnswer);
  return [question.correctAnswer, ...(question.alternatives ?? [])].some(
    (accepted) => normalized(accepted) === given || isNumberWrittenOut(accepted, userAnswer),
  );
}

/** Whether the Submit button may be used: a selection, or non-empty fill-in text. */
export function canSubmitAnswer(questionType: QuestionType, answer: string | null | undefined): boolean {
  if (answer == null) return false;
  return questionType === "multiple-choice" ? answer.length > 0 : answer.trim().length > 0;
}

/** Rounded percentage; 0 when nothing was attempted. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/**
 * Multiple choice: the index of the chosen option in the question's stored option list (answers
 * carry the option's text, so a shuffled screen order never matters); null for fill-in or no match.
 */
export function chosenOptionIndex(
  question: { questionType: QuestionType; options?: readonly string[] | null },
  userAnswer: string,
): number | null {
  if (question.questionType !== "multiple-choice") return null;
  const index = (question.options ?? []).indexOf(userAnswer);
  return index >= 0 ? index : null;
}

/** Longest time taken on one answer that is stored (a day); a client may send none. */
export const MAX_TIME_TAKEN_MS = 86_400_000;
