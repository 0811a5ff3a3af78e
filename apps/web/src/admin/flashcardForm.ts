import { flashcardFormInput } from "@jcba/validators";
import type { RouterInputs, RouterOutputs } from "../app/trpc.ts";
import type { ContentForm } from "./EditDialog.tsx";
import { checkForm, type FieldErrors } from "./fieldErrors.ts";

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

/** Specification §5 through the server's own rules (@jcba/validators): the messages, or what is sent. */
export function checkFlashcard(
  form: FlashcardForm,
): { ok: true; value: FlashcardPayload } | { ok: false; errors: FieldErrors } {
  return checkForm(flashcardFormInput, { ...form, citation: form.citation.trim() || null });
}

/** The flashcard dialog's form. */
export const FLASHCARD_FORM: ContentForm<Flashcard, FlashcardForm, FlashcardPayload> = {
  blank: blankFlashcardForm,
  from: flashcardFormFrom,
  check: checkFlashcard,
  order: FLASHCARD_FIELDS,
};
