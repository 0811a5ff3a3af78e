/** The columns every question and flashcard answer carries, for the cache and the admin routers alike. */
import { flashcards, questions } from "@jcba/db";

const sourceOf = <T extends typeof questions | typeof flashcards>(table: T) => ({
  source: table.source,
  sourceLabel: table.sourceLabel,
  secondSource: table.secondSource,
  secondSourceLabel: table.secondSourceLabel,
});

export const questionOutputColumns = {
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
};

export const flashcardOutputColumns = {
  id: flashcards.id,
  sectionNumber: flashcards.sectionNumber,
  term: flashcards.term,
  definition: flashcards.definition,
  citation: flashcards.citation,
  ...sourceOf(flashcards),
};
