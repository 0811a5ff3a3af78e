import { lazy, Suspense } from "react";
import type { Flashcard, FlashcardPayload } from "../flashcardForm.ts";
import type { Question, QuestionPayload } from "../questionForm.ts";
import type { ReviseState } from "./useReviseItem.ts";

// The revise dialogs load on the first 'Revise for a new edition', not with the managers.
const ReviseQuestionDialog = lazy(() =>
  import("./ReviseQuestionDialog.tsx").then((m) => ({ default: m.ReviseQuestionDialog })),
);
const ReviseFlashcardDialog = lazy(() =>
  import("./ReviseFlashcardDialog.tsx").then((m) => ({ default: m.ReviseFlashcardDialog })),
);

export function ReviseQuestion({ state }: { state: ReviseState<Question, QuestionPayload> }) {
  if (!state.dialog.target) return null;
  return (
    <Suspense fallback={null}>
      <ReviseQuestionDialog state={state} />
    </Suspense>
  );
}

export function ReviseFlashcard({ state }: { state: ReviseState<Flashcard, FlashcardPayload> }) {
  if (!state.dialog.target) return null;
  return (
    <Suspense fallback={null}>
      <ReviseFlashcardDialog state={state} />
    </Suspense>
  );
}
