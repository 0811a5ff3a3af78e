import { OPTIONS_PER_QUESTION, type QuestionType } from "@jcba/domain";
import type { RouterInputs, RouterOutputs } from "../app/trpc.ts";
import type { FieldErrors } from "./serverIssues.ts";

export type Question = RouterOutputs["questions"]["list"][number];
export type QuestionPayload = RouterInputs["questions"]["create"];

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
}

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
  };
}

export const SECTION_MESSAGE = "Section must be from 1 to 32.";

export function validateSection(raw: string): string | null {
  const text = raw.trim();
  if (text === "") return "Section is required.";
  if (!/^-?\d+(\.\d+)?$/.test(text)) return "Section must be a number from 1 to 32.";
  const n = Number(text);
  if (!Number.isInteger(n)) return "Section must be a whole number from 1 to 32.";
  if (n < 1 || n > 32) return SECTION_MESSAGE;
  return null;
}

/** Specification §5, with the same messages the server gives. */
export function validateQuestion(form: QuestionForm): FieldErrors {
  const errors: FieldErrors = {};
  const section = validateSection(form.sectionNumber);
  if (section) errors.sectionNumber = section;
  if (form.questionType !== "multiple-choice" && form.questionType !== "fill-in-blank")
    errors.questionType = "Question type must be multiple-choice or fill-in-blank.";
  if (!form.questionText.trim()) errors.questionText = "Question text is required.";
  if (form.questionType === "multiple-choice") {
    const trimmed = form.options.map((o) => o.trim());
    trimmed.forEach((o, i) => {
      if (!o) errors[`options.${i}`] = `Option ${i + 1} is required.`;
    });
    if (trimmed.every(Boolean) && new Set(trimmed.map((o) => o.toLowerCase())).size !== trimmed.length)
      errors.options = "The options must all be different.";
    const index = Number(form.correctIndex);
    if (form.correctIndex === "") errors.correctAnswer = "Correct answer is required.";
    else if (!trimmed[index]) errors.correctAnswer = "The correct answer must be one of the options.";
  } else if (!form.correctText.trim()) {
    errors.correctAnswer = "Correct answer is required.";
  }
  if (!form.explanation.trim()) errors.explanation = "Explanation is required.";
  if (form.citation.trim().length > 40) errors.citation = "Citation is too long.";
  return errors;
}

/** What is sent: options only for multiple choice (null for fill-in), the answer as the option's text. */
export function questionPayload(form: QuestionForm): QuestionPayload {
  const multiple = form.questionType === "multiple-choice";
  const options = multiple ? form.options.map((o) => o.trim()) : null;
  return {
    sectionNumber: Number(form.sectionNumber.trim()),
    questionType: form.questionType,
    questionText: form.questionText.trim(),
    options,
    correctAnswer: multiple ? (options?.[Number(form.correctIndex)] ?? "") : form.correctText.trim(),
    explanation: form.explanation.trim(),
    citation: form.citation.trim() || null,
  };
}
