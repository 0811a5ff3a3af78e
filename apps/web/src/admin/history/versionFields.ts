/**
 * How an item's history names and shows the fields of a version: the labels an admin knows from the
 * edit dialog, and each value as text (options lettered, lists one per line, an empty field as "(none)").
 */
const LABELS: Record<string, string> = {
  questionType: "Question type",
  questionText: "Question text",
  options: "Options",
  correctAnswer: "Correct answer",
  alternatives: "Also accepted",
  explanation: "Explanation",
  citation: "Citation",
  source: "Source",
  sourceLabel: "Source label",
  secondSource: "Second source",
  secondSourceLabel: "Second source label",
  term: "Term",
  definition: "Definition",
};

export const fieldLabel = (field: string) => LABELS[field] ?? field;

export const NONE = "(none)";

/** A field's value as the history shows it. */
export function fieldText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return NONE;
  if (Array.isArray(value)) {
    if (value.length === 0) return NONE;
    return value
      .map((v, i) => (field === "options" ? `${String.fromCharCode(65 + i)}. ${String(v)}` : String(v)))
      .join("\n");
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Whether a version changes how answers are graded (the history marks it for the admin). */
export const changesAnswer = (changes: readonly { field: string }[]) =>
  changes.some((c) => c.field === "correctAnswer" || c.field === "alternatives" || c.field === "questionType");
