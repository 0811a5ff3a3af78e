import { isAnswerCorrect, MAX_TIME_TAKEN_MS } from "@jcba/domain";
import { useMutation } from "@tanstack/react-query";
import { enqueue } from "../offline/outbox.ts";
import type { Graded, Question } from "./graded.ts";

export interface QueuedAnswer {
  id: string;
  questionId: number;
  userAnswer: string;
  timeTakenMs: number;
}

/**
 * Sends an answer through the outbox: stored on the device first, then sent whenever the server can
 * be reached (the server grades it again, and its record counts). Storing fails only when the browser
 * refuses storage (quota, blocked), and then the mutation's error says so. Study and Review both
 * answer this way, so an answer given with no connection is never lost.
 */
export function useQueuedAnswer() {
  return useMutation({
    networkMode: "always",
    mutationFn: (input: QueuedAnswer) => enqueue({ kind: "answer", input }, input.id),
  });
}

/** The verdict shown at once, by the server's own rules, from the bank kept on the device. */
export function gradeOnDevice(
  question: Pick<Question, "questionType" | "options" | "correctAnswer" | "explanation">,
  userAnswer: string,
): Graded {
  return {
    userAnswer,
    isCorrect: isAnswerCorrect(question, userAnswer),
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
  };
}

/** Milliseconds since `shownAt` (performance.now()), capped as the server caps them. */
export const timeTakenSince = (shownAt: number) => Math.min(Math.round(performance.now() - shownAt), MAX_TIME_TAKEN_MS);
