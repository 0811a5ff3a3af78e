import { FlashcardFields } from "../FlashcardDialog.tsx";
import { FLASHCARD_FORM, type Flashcard, type FlashcardPayload } from "../flashcardForm.ts";
import { ReviseFormDialog } from "./reviseMode.tsx";
import type { ReviseState } from "./useReviseItem.ts";

/** A card's edit dialog, filled in, writing its text for a new edition (useReviseItem). */
export function ReviseFlashcardDialog({ state }: { state: ReviseState<Flashcard, FlashcardPayload> }) {
  return <ReviseFormDialog state={state} kind="flashcard" form={FLASHCARD_FORM} fields={FlashcardFields} />;
}
