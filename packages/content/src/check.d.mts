/** Where an item's facts come from; see the comment at the top of check.mjs. */
export interface ContentSourceFields {
  /** URL of the source the item rests on. */
  source: string;
  /** Short human label of that source, e.g. "AFA article, Feb 6, 2019". */
  sourceLabel: string;
  /** A second source stating the same fact (required to be dated 2016–2024 when the first is a TA2025 page, unless `basis` is set). */
  secondSource?: string;
  secondSourceLabel?: string;
  /** Kept on a TA2025 page whose paragraph shows no sign of change. */
  basis?: "ta2025-page-unchanged";
  /** One-line reason for `basis`. */
  basisNote?: string;
  /** Reviewer note naming where a source outside the section's list is recorded (must contain the URL). */
  sourceNote?: string;
  /** The contract editions the item is true for, when not the file's. */
  editions?: string[];
}
export interface ContentQuestion extends ContentSourceFields {
  key: string;
  type: "multiple-choice" | "fill-in-blank";
  question: string;
  options?: string[] | null;
  answer: string;
  /** Fill-in only: other spellings accepted for the answer ("three" for "3"). */
  alternatives?: string[];
  explanation: string;
  citation: string;
}
export interface ContentFlashcard extends ContentSourceFields {
  key: string;
  term: string;
  definition: string;
  citation: string;
}
/** A source recorded in the section's research notes. */
export interface SectionSource {
  id: string;
  url: string;
  label: string;
  /** Year in the label, or null when the source is undated. */
  year: number | null;
  /** "context": the notes use this source only in entries tagged context, so no item of the section may rest on it. */
  notesTag?: "context";
}
export interface SectionFile {
  section: number;
  /** The contract editions the file's items are true for (jcba-2016), unless an item names its own. */
  editions: string[];
  thinNote?: string;
  sources: SectionSource[];
  questions: ContentQuestion[];
  flashcards: ContentFlashcard[];
}
export const DATA_DIR: string;
export const FLASHCARD_COUNTS: Record<number, number>;
export const MIN_QUESTIONS: number;
export const RESEARCH_WORDING: RegExp[];
export function isTa2025Url(url: unknown): boolean;
export function ta2025Report(
  files: { section: number; data: SectionFile }[],
): { section: number; total: number; confirmed: number; unchangedBasis: number }[];
export function sentenceCount(text: string): number;
export function isCitationOf(citation: unknown, section: number): boolean;
export function checkSection(file: SectionFile, expectedSection: number): string[];
export function checkDuplicates(files: SectionFile[]): string[];
export function sectionFileName(section: number): string;
export function readAllSections(dir?: string): { section: number; data: SectionFile }[];
export function checkAll(options?: { dir?: string; requireAll?: boolean }): {
  files: { section: number; data: SectionFile }[];
  problems: string[];
};
