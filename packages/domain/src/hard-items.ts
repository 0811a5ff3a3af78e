/**
 * Hard items: a question a member has forgotten (lapsed) HARD_ITEM_LAPSES times or more. Review shows
 * its explanation and source before asking again, and asks why it was missed.
 */
export const HARD_ITEM_LAPSES = 6;
export const isHardItem = (lapses: number) => lapses >= HARD_ITEM_LAPSES;

export const MISS_REASONS = ["didnt-know", "misread", "mixed-up"] as const;
export type MissReason = (typeof MISS_REASONS)[number];
export const MISS_REASON_LABELS: Record<MissReason, string> = {
  "didnt-know": "I didn't know it",
  misread: "I misread the question",
  "mixed-up": "I mixed it up with another rule",
};
