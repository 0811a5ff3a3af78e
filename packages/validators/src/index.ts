/**
 * The rules an admin's question or flashcard must meet (specification §5), as zod schemas. The
 * server checks every write with them (through ./api.ts, see there) and the admin forms check with
 * the same schemas before sending, so both give the same messages. Written with zod/mini, whose
 * functions tree-shake, because the web bundle imports this module (classic zod would add ~24 KB
 * gzipped to the admin screens); only zod and the domain's constants.
 */

import { OPTIONS_PER_QUESTION, QUESTION_TYPES, SECTION_COUNT } from "@jcba/domain";
import * as z from "zod/mini";

/** The longest text each field takes (the forms use them as maxLength too). */
export const MAX_LENGTH = {
  text: 4000,
  option: 500,
  answer: 500,
  term: 200,
  citation: 40,
} as const;

const sectionRange = `from 1 to ${SECTION_COUNT}`;

/**
 * Whether text holds control characters: NUL (which PostgreSQL refuses) and the rest only come from
 * broken or hostile clients. Tabs and line breaks are fine in free text; `oneLine` refuses them too.
 */
export function hasControlChars(text: string, oneLine = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7f || (c < 0x20 && (oneLine || (c !== 0x09 && c !== 0x0a && c !== 0x0d)))) return true;
  }
  return false;
}

/** The check every text field carries. */
const noControlChars = (field: string) =>
  z.refine<string>((v) => !hasControlChars(v), `${field} cannot contain control characters.`);

/** A section number 1–32; digits are accepted (forms and REST paths send strings). */
const sectionOf = <Input>() =>
  z.coerce
    .number<Input>({ error: `Section must be a number ${sectionRange}.` })
    .check(
      z.int(`Section must be a whole number ${sectionRange}.`),
      z.minimum(1, `Section must be ${sectionRange}.`),
      z.maximum(SECTION_COUNT, `Section must be ${sectionRange}.`),
    );

export const sectionNumber = sectionOf<unknown>();

/** The section as typed into a form: required, then the same rule as sectionNumber. */
export const sectionNumberText = z.pipe(
  z.string().check(z.trim(), z.minLength(1, "Section is required.")),
  sectionOf<string>(),
);

const requiredText = (field: string, max: number = MAX_LENGTH.text) =>
  z
    .string({ error: `${field} is required.` })
    .check(
      z.trim(),
      z.minLength(1, `${field} is required.`),
      z.maxLength(max, `${field} is too long (at most ${max} characters).`),
      noControlChars(field),
    );

const citation = z.optional(
  z.nullable(
    z.string().check(z.trim(), z.maxLength(MAX_LENGTH.citation, "Citation is too long."), noControlChars("Citation")),
  ),
);

export const questionType = z.enum(QUESTION_TYPES, {
  error: "Question type must be multiple-choice or fill-in-blank.",
});

/** Each field of a question on its own; the rules across fields are questionProblems. */
export const questionFields = z.object({
  sectionNumber,
  questionType,
  questionText: requiredText("Question text"),
  options: z.optional(
    z.nullable(
      z
        .array(
          z
            .string()
            .check(
              z.trim(),
              z.maxLength(MAX_LENGTH.option, `An option is too long (at most ${MAX_LENGTH.option} characters).`),
              noControlChars("An option"),
            ),
        )
        .check(z.maxLength(20, "Too many options.")),
    ),
  ),
  correctAnswer: requiredText("Correct answer", MAX_LENGTH.answer),
  explanation: requiredText("Explanation"),
  citation,
});
export type QuestionFields = z.infer<typeof questionFields>;

/** A problem found by a rule across fields, at a dotted path ('options.2'). */
export interface FieldProblem {
  path: string;
  message: string;
}

type CrossFields = Pick<QuestionFields, "questionType" | "options" | "correctAnswer">;

/**
 * The rules of specification §5 that involve several fields, every problem found, in form order:
 * a multiple-choice question has four options, each filled in, all different, and its answer is one
 * of them; a fill-in-blank question has none.
 */
export function questionProblems(q: CrossFields): FieldProblem[] {
  if (q.questionType !== "multiple-choice") {
    return q.options != null && q.options.length > 0
      ? [{ path: "options", message: "A fill-in-blank question has no options (send null)." }]
      : [];
  }
  const options = q.options ?? [];
  if (options.length !== OPTIONS_PER_QUESTION)
    return [{ path: "options", message: `A multiple-choice question needs exactly ${OPTIONS_PER_QUESTION} options.` }];
  const empty = options.flatMap((o, i) =>
    o.trim() === "" ? [{ path: `options.${i}`, message: `Option ${i + 1} is required.` }] : [],
  );
  if (empty.length > 0) return empty;
  const problems: FieldProblem[] = [];
  if (new Set(options.map((o) => o.trim().toLowerCase())).size !== options.length)
    problems.push({ path: "options", message: "The options must all be different." });
  if (!options.includes(q.correctAnswer))
    problems.push({ path: "correctAnswer", message: "The correct answer must be one of the options." });
  return problems;
}

/** The first of questionProblems, if any (what the server reports). */
export function questionProblem(q: CrossFields): FieldProblem | null {
  return questionProblems(q)[0] ?? null;
}

/** A refinement that reports the first problem across fields as a zod issue (the server's rule). */
export function reportQuestionProblem(q: CrossFields, ctx: z.core.$RefinementCtx<CrossFields>) {
  const problem = questionProblem(q);
  if (problem)
    ctx.addIssue({
      code: "custom",
      path: problem.path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      message: problem.message,
    });
}

/** The question form's fields: as the server's, with the section as typed. */
export const questionFormFields = z.extend(questionFields, { sectionNumber: sectionNumberText });

export const flashcardFields = z.object({
  sectionNumber,
  term: requiredText("Term", MAX_LENGTH.term),
  definition: requiredText("Definition"),
  citation,
});

/** The flashcard form: as the server's, with the section as typed. */
export const flashcardFormInput = z.extend(flashcardFields, { sectionNumber: sectionNumberText });
