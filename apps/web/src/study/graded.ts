import type { RouterOutputs } from "../app/trpc.ts";

export type Question = RouterOutputs["questions"]["list"][number];

/** The server's verdict on one answer, as the session keeps it. */
export interface Graded {
  userAnswer: string;
  isCorrect: boolean;
  correctAnswer: string;
  explanation: string;
}
