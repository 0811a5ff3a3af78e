import { FormDialog } from "../EditDialog.tsx";
import { FlashcardFields } from "../FlashcardDialog.tsx";
import { FLASHCARD_FORM, type Flashcard, type FlashcardPayload } from "../flashcardForm.ts";
import { reviseMode } from "./reviseMode.tsx";
import type { ReviseState } from "./useReviseItem.ts";

/** A card's edit dialog, filled in, writing its text for a new edition (useReviseItem). */
export function ReviseFlashcardDialog({ state }: { state: ReviseState<Flashcard, FlashcardPayload> }) {
  return (
    <FormDialog dialog={state.dialog} noun="Flashcard" form={FLASHCARD_FORM} mode={reviseMode(state, "card")}>
      {(form) => <FlashcardFields {...form} />}
    </FormDialog>
  );
}
