import { describe, expect, it } from "vitest";
import { changesGrading, FLASHCARD_VERSION_FIELDS, fieldChanges, QUESTION_VERSION_FIELDS } from "./versions.ts";

const v1 = {
  questionType: "fill-in-blank",
  questionText: "At most ____ holidays a year.",
  options: null,
  correctAnswer: "5",
  alternatives: ["five"],
  explanation: "Under 2.Q.2.",
  citation: "2.Q.2",
  source: null,
  sourceLabel: null,
  secondSource: null,
  secondSourceLabel: null,
};

describe("version fields", () => {
  it("lists exactly the fields that differ, before and after", () => {
    expect(fieldChanges(v1, { ...v1, questionText: "Up to ____ holidays a year." }, QUESTION_VERSION_FIELDS)).toEqual([
      { field: "questionText", before: v1.questionText, after: "Up to ____ holidays a year." },
    ]);
    expect(fieldChanges(v1, { ...v1 }, QUESTION_VERSION_FIELDS)).toEqual([]);
  });
  it("treats absent, null and empty lists alike, and lists every field of a first version", () => {
    expect(fieldChanges({ ...v1, alternatives: null }, { ...v1, alternatives: [] }, QUESTION_VERSION_FIELDS)).toEqual(
      [],
    );
    expect(fieldChanges(null, v1, QUESTION_VERSION_FIELDS).map((c) => c.field)).toEqual([...QUESTION_VERSION_FIELDS]);
  });
  it("leaves metadata out of a flashcard's version", () => {
    const card = { term: "A", definition: "B", citation: "§1", sectionNumber: 1 };
    expect(fieldChanges(card, { ...card, sectionNumber: 2 }, FLASHCARD_VERSION_FIELDS)).toEqual([]);
  });
  it("says when an edit changes grading: the answer, its spellings or the type, not the wording", () => {
    expect(changesGrading(v1, { ...v1, correctAnswer: "6" })).toBe(true);
    expect(changesGrading(v1, { ...v1, alternatives: ["five", "5 holidays"] })).toBe(true);
    expect(changesGrading(v1, { ...v1, explanation: "See 2.Q.2." })).toBe(false);
  });
});
