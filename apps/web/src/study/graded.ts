import type { RouterOutputs } from "../app/trpc.ts";

export type Question = RouterOutputs["questions"]["list"][number];

/** The verdict on one answer, as the session keeps it (graded on the device, by the server's rules). */
export interface Graded {
  userAnswer: string;
  isCorrect: boolean;
  correctAnswer: string;
  explanation: string;
}
