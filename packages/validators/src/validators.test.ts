import { describe, expect, it } from "vitest";
import { sectionNumber as apiSectionNumber, flashcardInput, idParam, questionInput } from "./api.ts";
import { flashcardFormInput, questionFormFields, questionProblem, questionProblems, sectionNumber } from "./index.ts";

const question = {
  sectionNumber: 3,
  questionType: "multiple-choice" as const,
  questionText: "Which?",
  options: ["One", "Two", "Three", "Four"],
  correctAnswer: "Two",
  explanation: "Because.",
};
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("sections", () => {
  it("takes 1 to 32, as numbers or digits", () => {
    expect(sectionNumber.parse("7")).toBe(7);
    for (const [bad, message] of [
      [0, "Section must be from 1 to 32."],
      [33, "Section must be from 1 to 32."],
      [1.5, "Section must be a whole number from 1 to 32."],
      ["abc", "Section must be a number from 1 to 32."],
    ] as const)
      expect(sectionNumber.safeParse(bad).error?.issues[0]?.message).toBe(message);
  });
  it("is the same rule, with classic zod's methods, for the API", () => {
    for (const value of [0, 33, 1.5, "abc", "7", 32])
      expect(apiSectionNumber.safeParse(value).error?.issues).toEqual(sectionNumber.safeParse(value).error?.issues);
    expect(apiSectionNumber.optional().parse(undefined)).toBeUndefined();
    expect(idParam.safeParse("0").error?.issues[0]?.message).toBe("The id must be positive.");
  });
  it("asks for a section left blank in a form", () => {
    expect(messages(flashcardFormInput.safeParse({ sectionNumber: " ", term: "T", definition: "D" }))).toEqual([
      "sectionNumber: Section is required.",
    ]);
    expect(flashcardFormInput.parse({ sectionNumber: "27", term: " T ", definition: "D" })).toMatchObject({
      sectionNumber: 27,
      term: "T",
    });
  });
});

describe("questions", () => {
  it("accepts a valid question and trims it", () => {
    expect(questionInput.parse({ ...question, questionText: "  Which?  " }).questionText).toBe("Which?");
  });
  it("lists every problem across fields for the form, the first for the server", () => {
    const gaps = { ...question, options: ["One", "", "Three", ""] };
    expect(questionProblems(gaps).map((p) => p.path)).toEqual(["options.1", "options.3"]);
    expect(questionProblem(gaps)).toEqual({ path: "options.1", message: "Option 2 is required." });
    expect(messages(questionInput.safeParse(gaps))).toEqual(["options.1: Option 2 is required."]);

    const same = { ...question, options: ["One", "one", "Three", "Four"], correctAnswer: "Five" };
    expect(questionProblems(same).map((p) => p.message)).toEqual([
      "The options must all be different.",
      "The correct answer must be one of the options.",
    ]);
    expect(questionProblem({ ...question, options: ["a", "b"] })?.message).toBe(
      "A multiple-choice question needs exactly 4 options.",
    );
    expect(questionProblem({ ...question, questionType: "fill-in-blank" })?.path).toBe("options");
    expect(questionProblem({ ...question, questionType: "fill-in-blank", options: null })).toBeNull();
  });
  it("gives each field's message in the form, whatever else is wrong", () => {
    const result = questionFormFields.safeParse({
      ...question,
      sectionNumber: "40",
      correctAnswer: "",
      explanation: " ",
      citation: "x".repeat(41),
    });
    expect(messages(result)).toEqual([
      "sectionNumber: Section must be from 1 to 32.",
      "correctAnswer: Correct answer is required.",
      "explanation: Explanation is required.",
      "citation: Citation is too long.",
    ]);
  });
});

describe("flashcards", () => {
  it("needs a term and a definition", () => {
    expect(messages(flashcardInput.safeParse({ sectionNumber: 1, term: "", definition: " " }))).toEqual([
      "term: Term is required.",
      "definition: Definition is required.",
    ]);
  });
});
