import { QuestionFields } from "../QuestionDialog.tsx";
import { QUESTION_FORM, type Question, type QuestionPayload, questionFormFrom } from "../questionForm.ts";
import { ReviseFormDialog } from "./reviseMode.tsx";
import type { ReviseState } from "./useReviseItem.ts";

// The old question keeps its answers and their grades: no 'past answers' choice (saved: null).
const REVISE_QUESTION_FORM = { ...QUESTION_FORM, from: (q: Question) => ({ ...questionFormFrom(q), saved: null }) };

/** A question's edit dialog, filled in, writing its text for a new edition (useReviseItem). */
export function ReviseQuestionDialog({ state }: { state: ReviseState<Question, QuestionPayload> }) {
  return <ReviseFormDialog state={state} kind="question" form={REVISE_QUESTION_FORM} fields={QuestionFields} />;
}
