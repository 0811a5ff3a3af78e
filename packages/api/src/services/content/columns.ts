/**
 * The columns of a question and of a flashcard as the API shows them (no content keys or edit times),
 * and of a user as a session carries them.
 */
import { flashcards, questions } from "@jcba/db";

/** Where a shipped item's facts come from (null for items an admin wrote). */
const sourceOf = <T extends typeof questions | typeof flashcards>(table: T) => ({
  source: table.source,
  sourceLabel: table.sourceLabel,
  secondSource: table.secondSource,
  secondSourceLabel: table.secondSourceLabel,
});

export const questionColumns = {
  id: questions.id,
  sectionNumber: questions.sectionNumber,
  questionType: questions.questionType,
  questionText: questions.questionText,
  options: questions.options,
  correctAnswer: questions.correctAnswer,
  alternatives: questions.alternatives,
  explanation: questions.explanation,
  citation: questions.citation,
  ...sourceOf(questions),
  version: questions.version,
  editions: questions.editions,
};

export const flashcardColumns = {
  id: flashcards.id,
  sectionNumber: flashcards.sectionNumber,
  term: flashcards.term,
  definition: flashcards.definition,
  citation: flashcards.citation,
  ...sourceOf(flashcards),
  version: flashcards.version,
  editions: flashcards.editions,
};
