export interface ContentQuestion {
  key: string;
  type: "multiple-choice" | "fill-in-blank";
  question: string;
  options?: string[] | null;
  answer: string;
  explanation: string;
  citation: string;
  source: string;
}
export interface ContentFlashcard {
  key: string;
  term: string;
  definition: string;
  citation: string;
  source: string;
}
export interface SectionFile {
  section: number;
  thinNote?: string;
  questions: ContentQuestion[];
  flashcards: ContentFlashcard[];
}
export const DATA_DIR: string;
export const FLASHCARD_COUNTS: Record<number, number>;
export const MIN_QUESTIONS: number;
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
