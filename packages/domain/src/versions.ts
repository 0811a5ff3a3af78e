/**
 * Question and flashcard versions: which fields make a new version (what a member sees or how an
 * answer is graded), the fields that differ between two versions, and whether an edit changes grading.
 * The database keeps the versions (a trigger on each table); these rules describe them to the API and
 * the admin screens.
 */

/** Where an item's text comes from (its citation and the sources it links): versioned on both kinds of item. */
const SOURCE_VERSION_FIELDS = ["citation", "source", "sourceLabel", "secondSource", "secondSourceLabel"] as const;

/** The fields of a question whose change makes a new version; others (section, archive) are metadata. */
export const QUESTION_VERSION_FIELDS = [
  "questionType",
  "questionText",
  "options",
  "correctAnswer",
  "alternatives",
  "explanation",
  ...SOURCE_VERSION_FIELDS,
] as const;

/** The fields of a flashcard whose change makes a new version. */
export const FLASHCARD_VERSION_FIELDS = ["term", "definition", ...SOURCE_VERSION_FIELDS] as const;

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Absent, null and an empty list all mean "none" (no alternatives, no options). */
const comparable = (value: unknown) =>
  JSON.stringify(value === undefined || (Array.isArray(value) && value.length === 0) ? null : value);

/** The fields that differ from `before` to `after`, in the order given; every field when there is no `before`. */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  fields: readonly string[],
): FieldChange[] {
  return fields.flatMap((field) =>
    before !== null && comparable(before[field]) === comparable(after[field])
      ? []
      : [{ field, before: before?.[field] ?? null, after: after[field] ?? null }],
  );
}

/** The fields an answer is graded by. */
const GRADING_FIELDS = ["questionType", "correctAnswer", "alternatives"] as const;

/** Whether an edit changes how answers are graded (the answer, its accepted spellings or the type). */
export function changesGrading(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  return fieldChanges(before, after, GRADING_FIELDS).length > 0;
}

/** What an admin chooses for past answers when an edit changes the correct answer. */
export const PAST_ANSWER_CHOICES = ["keep", "regrade"] as const;
export type PastAnswerChoice = (typeof PAST_ANSWER_CHOICES)[number];
/** Past answers keep the grade they were given unless the admin chooses to regrade them. */
export const DEFAULT_PAST_ANSWER_CHOICE: PastAnswerChoice = "keep";
