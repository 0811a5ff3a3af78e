/** The columns of a question and of a flashcard as the API shows them (no content keys or edit times). */
import { flashcards, questions } from "@jcba/db";

export const questionColumns = {
  id: questions.id,
  sectionNumber: questions.sectionNumber,
  questionType: questions.questionType,
  questionText: questions.questionText,
  options: questions.options,
  correctAnswer: questions.correctAnswer,
  explanation: questions.explanation,
  citation: questions.citation,
};

export const flashcardColumns = {
  id: flashcards.id,
  sectionNumber: flashcards.sectionNumber,
  term: flashcards.term,
  definition: flashcards.definition,
  citation: flashcards.citation,
};
