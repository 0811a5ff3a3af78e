/** A progress bar's value as screen readers get it: within 0–100, and its words ("45%"). */
export function progressBarValue(value: number): { now: number; text: string } {
  const now = Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
  // The app speaks US English; a percent there is the number and a sign, with no locale data needed.
  return { now, text: `${Math.round(now)}%` };
}
