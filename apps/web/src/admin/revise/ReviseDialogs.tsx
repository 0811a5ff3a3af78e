import { type ComponentType, lazy, Suspense } from "react";
import type { Flashcard, FlashcardPayload } from "../flashcardForm.ts";
import type { Question, QuestionPayload } from "../questionForm.ts";
import type { ReviseState } from "./useReviseItem.ts";

type ReviseDialog<T, P> = ComponentType<{ state: ReviseState<T, P> }>;

// The revise dialogs load on the first 'Revise for a new edition', not with the managers.
const ReviseQuestionDialog = lazy(() =>
  import("./ReviseQuestionDialog.tsx").then((m) => ({ default: m.ReviseQuestionDialog })),
);
const ReviseFlashcardDialog = lazy(() =>
  import("./ReviseFlashcardDialog.tsx").then((m) => ({ default: m.ReviseFlashcardDialog })),
);

/** The revise dialog while an item is being revised, once loaded; nothing otherwise. */
function WhileRevising<T, P>({ state, dialog: Dialog }: { state: ReviseState<T, P>; dialog: ReviseDialog<T, P> }) {
  if (!state.dialog.target) return null;
  return (
    <Suspense fallback={null}>
      <Dialog state={state} />
    </Suspense>
  );
}

export const ReviseQuestion = ({ state }: { state: ReviseState<Question, QuestionPayload> }) => (
  <WhileRevising state={state} dialog={ReviseQuestionDialog} />
);

export const ReviseFlashcard = ({ state }: { state: ReviseState<Flashcard, FlashcardPayload> }) => (
  <WhileRevising state={state} dialog={ReviseFlashcardDialog} />
);
