import { describe, expect, it } from "vitest";
import {
  blankQuestionForm,
  changesCorrectAnswer,
  checkQuestion,
  type Question,
  type QuestionForm,
  questionFormFrom,
} from "./questionForm.ts";

const filled = (more: Partial<QuestionForm> = {}): QuestionForm => ({
  ...blankQuestionForm(7),
  questionText: "  How long is minimum rest?  ",
  options: ["9 hours", " 10 hours ", "11 hours", "12 hours"],
  correctIndex: "1",
  explanation: "Section 7 sets it.",
  citation: " 7.A.4 ",
  ...more,
});
const saved: Question = {
  id: 4,
  version: 2,
  editions: ["jcba-2016"],
  sectionNumber: 12,
  questionType: "multiple-choice",
  questionText: "Which?",
  options: ["A", "B", "C", "D"],
  correctAnswer: "C",
  alternatives: [],
  explanation: "Because.",
  citation: null,
  source: null,
  sourceLabel: null,
  secondSource: null,
  secondSourceLabel: null,
};
const errorsOf = (form: QuestionForm) => {
  const checked = checkQuestion(form);
  return checked.ok ? {} : checked.errors;
};

describe("the question form", () => {
  it("sends a valid multiple-choice question with the chosen option's text as the answer", () => {
    expect(checkQuestion(filled())).toEqual({
      ok: true,
      value: {
        sectionNumber: 7,
        questionType: "multiple-choice",
        questionText: "How long is minimum rest?",
        options: ["9 hours", "10 hours", "11 hours", "12 hours"],
        correctAnswer: "10 hours",
        explanation: "Section 7 sets it.",
        citation: "7.A.4",
      },
    });
  });

  it("sends a fill-in-blank question with no options and no citation when none is given", () => {
    const checked = checkQuestion(
      filled({ questionType: "fill-in-blank", correctText: " seniority ", citation: "  " }),
    );
    expect(checked).toMatchObject({ ok: true, value: { options: null, correctAnswer: "seniority", citation: null } });
  });

  it("names every missing field of a blank form at once", () => {
    const errors = errorsOf(blankQuestionForm());
    expect(Object.keys(errors).sort()).toEqual(
      [
        "correctAnswer",
        "explanation",
        "options.0",
        "options.1",
        "options.2",
        "options.3",
        "questionText",
        "sectionNumber",
      ].sort(),
    );
    expect(errors["options.2"]).toBe("Option 3 is required.");
  });

  it("refuses a section outside 1–32", () => {
    expect(errorsOf(filled({ sectionNumber: "33" }))).toHaveProperty("sectionNumber");
    expect(errorsOf(filled({ sectionNumber: "0" }))).toHaveProperty("sectionNumber");
    expect(errorsOf(filled({ sectionNumber: "32" }))).toEqual({});
  });

  it("refuses options that repeat one another, whatever their case and spaces", () => {
    expect(errorsOf(filled({ options: ["Yes", "No", " yes ", "Maybe"] }))).toEqual({
      options: "The options must all be different.",
    });
  });

  it("asks which option is correct when none is picked", () => {
    expect(errorsOf(filled({ correctIndex: "" }))).toHaveProperty("correctAnswer");
  });

  it("refuses control characters and over-long text as the server does", () => {
    expect(errorsOf(filled({ questionText: "Rest\u0007?" }))).toHaveProperty("questionText");
    expect(errorsOf(filled({ options: ["x".repeat(5000), "b", "c", "d"] }))).toHaveProperty("options.0");
  });

  it("asks about past answers only when an edit changes the correct answer, and sends the choice", () => {
    const form = questionFormFrom(saved);
    expect(changesCorrectAnswer(form)).toBe(false);
    expect(checkQuestion({ ...form, explanation: "Clearer." })).toMatchObject({ ok: true });
    expect(checkQuestion({ ...form, explanation: "Clearer." })).not.toHaveProperty("value.pastAnswers");
    const changed = { ...form, correctIndex: "3" };
    expect(changesCorrectAnswer(changed)).toBe(true);
    expect(checkQuestion(changed)).toMatchObject({ ok: true, value: { correctAnswer: "D", pastAnswers: "keep" } });
    expect(checkQuestion({ ...changed, pastAnswers: "regrade" })).toMatchObject({ value: { pastAnswers: "regrade" } });
    // A new question has no past answers.
    expect(changesCorrectAnswer(filled())).toBe(false);
  });

  it("opens an existing question with its answer picked among the options", () => {
    const q: Question = { ...saved, version: 1 };
    const form = questionFormFrom(q);
    expect(form).toMatchObject({ sectionNumber: "12", correctIndex: "2", correctText: "", citation: "" });
    expect(checkQuestion(form)).toMatchObject({ ok: true, value: { correctAnswer: "C", sectionNumber: 12 } });
    const blank = questionFormFrom({ ...q, questionType: "fill-in-blank", options: null, correctAnswer: "Seniority" });
    expect(blank).toMatchObject({ correctIndex: "", correctText: "Seniority", options: ["", "", "", ""] });
  });
});
