import type { RouterInputs, RouterOutputs } from "../app/trpc.ts";
import { validateSection } from "./questionForm.ts";
import type { FieldErrors } from "./serverIssues.ts";

export type Flashcard = RouterOutputs["flashcards"]["list"][number];
export type FlashcardPayload = RouterInputs["flashcards"]["create"];

export interface FlashcardForm {
  sectionNumber: string;
  term: string;
  definition: string;
  citation: string;
}

export const FLASHCARD_FIELDS = ["sectionNumber", "term", "definition", "citation"] as const;

export function blankFlashcardForm(sectionNumber?: number): FlashcardForm {
  return { sectionNumber: sectionNumber ? String(sectionNumber) : "", term: "", definition: "", citation: "" };
}

export function flashcardFormFrom(card: Flashcard): FlashcardForm {
  return {
    sectionNumber: String(card.sectionNumber),
    term: card.term,
    definition: card.definition,
    citation: card.citation ?? "",
  };
}

/** Specification §5: section 1–32, term and definition required. */
export function validateFlashcard(form: FlashcardForm): FieldErrors {
  const errors: FieldErrors = {};
  const section = validateSection(form.sectionNumber);
  if (section) errors.sectionNumber = section;
  if (!form.term.trim()) errors.term = "Term is required.";
  if (!form.definition.trim()) errors.definition = "Definition is required.";
  if (form.citation.trim().length > 40) errors.citation = "Citation is too long.";
  return errors;
}

export function flashcardPayload(form: FlashcardForm): FlashcardPayload {
  return {
    sectionNumber: Number(form.sectionNumber.trim()),
    term: form.term.trim(),
    definition: form.definition.trim(),
    citation: form.citation.trim() || null,
  };
}
