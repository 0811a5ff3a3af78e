/** Types of fit-worker.mjs (plain JavaScript, so it runs on a worker thread without a TypeScript loader). */
import type { FitResult, Histories } from "./fitter.ts";

export function fit(
  input: Histories & { splitAt: number | null; baseline: readonly number[] | null },
): Promise<FitResult>;
export function evaluate(input: Histories & { parameters: readonly number[] | null }): number;
