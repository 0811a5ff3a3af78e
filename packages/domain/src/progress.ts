/** Dashboard and analytics maths and thresholds (specification §9). */
import { percent } from "./grading.ts";
import { SECTION_COUNT } from "./sections.ts";

export const COMPLETED_SECTION_MIN_ATTEMPTED = 15;
export const SECTION_CARD_TARGET = 20;
export const DASHBOARD_SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const WEAK_AREA_MAX_ACCURACY = 60;
export const WEAK_AREA_MIN_ATTEMPTED = 5;
export const WEAK_AREA_LIMIT = 3;
export const STREAK_CAP_DAYS = 7;
export const TREND_ATTEMPTS = 4;
export const SECTION_CHART_RECORDS = 8;
export const HISTORY_SECTION_BADGES = 3;
export const GOOD_SCORE = 80;
export const FAIR_SCORE = 60;

export interface SectionProgress {
  sectionNumber: number;
  questionsAttempted: number;
  questionsCorrect: number;
}

export const isSectionCompleted = (p: SectionProgress) => p.questionsAttempted >= COMPLETED_SECTION_MIN_ATTEMPTED;

/** Overall progress: completed sections out of 32, as a rounded percent. */
export function overallProgressPercent(records: readonly SectionProgress[]): number {
  return percent(records.filter(isSectionCompleted).length, SECTION_COUNT);
}

export const questionsCompleted = (records: readonly SectionProgress[]) =>
  records.reduce((sum, r) => sum + r.questionsAttempted, 0);

/** A section card's bar: attempted out of 20, capped at 100 %. */
export const sectionCardPercent = (attempted: number) => Math.min(100, percent(attempted, SECTION_CARD_TARGET));

export const accuracyPercent = (p: Pick<SectionProgress, "questionsAttempted" | "questionsCorrect">) =>
  percent(p.questionsCorrect, p.questionsAttempted);

/** Weak areas: accuracy below 60 % with at least 5 attempted, lowest accuracy first, at most 3. */
export function weakAreas(records: readonly SectionProgress[]): SectionProgress[] {
  return records
    .filter(
      (r) =>
        r.questionsAttempted >= WEAK_AREA_MIN_ATTEMPTED &&
        (r.questionsCorrect / r.questionsAttempted) * 100 < WEAK_AREA_MAX_ACCURACY,
    )
    .sort(
      (a, b) =>
        a.questionsCorrect / a.questionsAttempted - b.questionsCorrect / b.questionsAttempted ||
        a.sectionNumber - b.sectionNumber,
    )
    .slice(0, WEAK_AREA_LIMIT);
}

/** Study streak as the specification defines it: min(number of test attempts, 7) days. */
export const studyStreakDays = (testAttemptCount: number) => Math.min(Math.max(0, testAttemptCount), STREAK_CAP_DAYS);

export type ScoreBand = "green" | "amber" | "red";
/** Accuracy and score colour: 80+ green, 60–79 amber, below 60 red. */
export function scoreBand(score: number): ScoreBand {
  if (score >= GOOD_SCORE) return "green";
  if (score >= FAIR_SCORE) return "amber";
  return "red";
}

/** The end-of-session message for a percentage score. */
export function scoreMessage(score: number): string {
  if (score >= GOOD_SCORE) return "Great job! You have a strong understanding of this section.";
  if (score >= FAIR_SCORE) return "Good effort! Review the explanations to improve your knowledge.";
  return "Keep studying! Review this section and try again.";
}

/** Time as the Test History shows it: 'Xm Ys'. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(s / 60)}m ${s % 60}s`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Date as the Test History shows it, e.g. 'Jan 5, 2024' (in the viewer's local time). */
export function formatHistoryDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** The section badges of a Test History row: up to 3, then '+N' for the rest. */
export function historySectionBadges(sections: readonly number[]): { shown: number[]; more: number } {
  return {
    shown: sections.slice(0, HISTORY_SECTION_BADGES),
    more: Math.max(0, sections.length - HISTORY_SECTION_BADGES),
  };
}

/** Score trend: the last 4 attempts, oldest to newest, labelled Test 1..4. */
export function scoreTrend(attempts: readonly { createdAt: string | Date; score: number }[]) {
  const sorted = [...attempts].sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  return sorted.slice(-TREND_ATTEMPTS).map((a, i) => ({ label: `Test ${i + 1}`, score: a.score }));
}

/** Section chart: the first 8 progress records, 'Sec n', rounded percent correct. */
export function sectionChart(records: readonly SectionProgress[]) {
  return records
    .slice(0, SECTION_CHART_RECORDS)
    .map((r) => ({ label: `Sec ${r.sectionNumber}`, value: accuracyPercent(r) }));
}
