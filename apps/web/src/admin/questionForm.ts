import {
  changesGrading,
  DEFAULT_PAST_ANSWER_CHOICE,
  OPTIONS_PER_QUESTION,
  type PastAnswerChoice,
  type QuestionType,
} from "@jcba/domain";
import { questionFormFields, questionProblems } from "@jcba/validators";
import type { RouterInputs, RouterOutputs } from "../app/trpc.ts";
import type { ContentForm } from "./EditDialog.tsx";
import { checkForm, type FieldErrors } from "./fieldErrors.ts";

export type Question = RouterOutputs["questions"]["list"][number];
/** What the dialog sends; `pastAnswers` only for an edit that changes the correct answer. */
export type QuestionPayload = RouterInputs["questions"]["create"] & { pastAnswers?: PastAnswerChoice };

/** The dialog's form. For multiple choice the correct answer is picked among the options by index. */
export interface QuestionForm {
  sectionNumber: string;
  questionType: QuestionType;
  questionText: string;
  options: string[];
  correctIndex: string;
  correctText: string;
  explanation: string;
  citation: string;
  /** Editing: how the saved question is graded, to tell whether this edit changes the correct answer. */
  saved: { questionType: QuestionType; correctAnswer: string } | null;
  /** When the edit changes the correct answer: keep past answers as graded (default) or regrade them. */
  pastAnswers: PastAnswerChoice;
}

/** Options are shown as A. to D. */
export const OPTION_LETTERS = Array.from({ length: OPTIONS_PER_QUESTION }, (_, i) => String.fromCharCode(65 + i));
export const OPTION_FIELDS = Array.from({ length: OPTIONS_PER_QUESTION }, (_, i) => `options.${i}`);
/** Field names in form order (for focusing the first error and mapping server issues). */
export const QUESTION_FIELDS = [
  "sectionNumber",
  "questionType",
  "questionText",
  ...OPTION_FIELDS,
  "options",
  "correctAnswer",
  "explanation",
  "citation",
] as const;

export function blankQuestionForm(sectionNumber?: number): QuestionForm {
  return {
    sectionNumber: sectionNumber ? String(sectionNumber) : "",
    questionType: "multiple-choice",
    questionText: "",
    options: Array.from({ length: OPTIONS_PER_QUESTION }, () => ""),
    correctIndex: "",
    correctText: "",
    explanation: "",
    citation: "",
    saved: null,
    pastAnswers: DEFAULT_PAST_ANSWER_CHOICE,
  };
}

export function questionFormFrom(q: Question): QuestionForm {
  const options = Array.from({ length: OPTIONS_PER_QUESTION }, (_, i) => q.options?.[i] ?? "");
  const index = q.questionType === "multiple-choice" ? options.indexOf(q.correctAnswer) : -1;
  return {
    sectionNumber: String(q.sectionNumber),
    questionType: q.questionType,
    questionText: q.questionText,
    options,
    correctIndex: index >= 0 ? String(index) : "",
    correctText: q.questionType === "fill-in-blank" ? q.correctAnswer : "",
    explanation: q.explanation,
    citation: q.citation ?? "",
    saved: { questionType: q.questionType, correctAnswer: q.correctAnswer },
    pastAnswers: DEFAULT_PAST_ANSWER_CHOICE,
  };
}

/** The form as the shared schema reads it: options only for multiple choice, the answer as the option's text. */
function draftOf(form: QuestionForm) {
  const multiple = form.questionType === "multiple-choice";
  const options = multiple ? form.options.map((o) => o.trim()) : null;
  return {
    sectionNumber: form.sectionNumber,
    questionType: form.questionType,
    questionText: form.questionText,
    options,
    correctAnswer: !multiple
      ? form.correctText
      : form.correctIndex === ""
        ? ""
        : (options?.[Number(form.correctIndex)] ?? ""),
    explanation: form.explanation,
    citation: form.citation.trim() || null,
  };
}

/** Whether the form, editing a saved question, changes how its answers are graded (type or correct answer). */
export function changesCorrectAnswer(form: QuestionForm): boolean {
  if (!form.saved) return false;
  const draft = draftOf(form);
  if (draft.correctAnswer.trim() === "") return false;
  return changesGrading(form.saved, { questionType: draft.questionType, correctAnswer: draft.correctAnswer.trim() });
}

/**
 * Specification §5 through the server's own rules (@jcba/validators): every field's message, and
 * every problem across fields; or, when there is none, what is sent.
 */
export function checkQuestion(
  form: QuestionForm,
): { ok: true; value: QuestionPayload } | { ok: false; errors: FieldErrors } {
  const draft = draftOf(form);
  const checked = checkForm(questionFormFields, draft);
  const errors = checked.ok ? {} : { ...checked.errors };
  for (const problem of questionProblems(draft)) errors[problem.path] ??= problem.message;
  if (checked.ok && Object.keys(errors).length === 0)
    return changesCorrectAnswer(form)
      ? { ok: true, value: { ...checked.value, pastAnswers: form.pastAnswers } }
      : checked;
  return { ok: false, errors };
}

/** The question dialog's form. */
export const QUESTION_FORM: ContentForm<Question, QuestionForm, QuestionPayload> = {
  blank: blankQuestionForm,
  from: questionFormFrom,
  check: checkQuestion,
  order: QUESTION_FIELDS,
};
