import { describe, expect, it } from "vitest";
import { changesAnswer, fieldLabel, fieldText, NONE } from "./versionFields.ts";

describe("an item's history shows its fields", () => {
  it("by the edit dialog's labels, and an unknown field by its name", () => {
    expect(fieldLabel("correctAnswer")).toBe("Correct answer");
    expect(fieldLabel("term")).toBe("Term");
    expect(fieldLabel("somethingNew")).toBe("somethingNew");
  });

  it("as text: options lettered one per line, other lists one per line, nothing as (none)", () => {
    expect(fieldText("options", ["Red", "Blue"])).toBe("A. Red\nB. Blue");
    expect(fieldText("alternatives", ["one hundred", "100"])).toBe("one hundred\n100");
    expect(fieldText("citation", null)).toBe(NONE);
    expect(fieldText("alternatives", [])).toBe(NONE);
    expect(fieldText("explanation", "")).toBe(NONE);
    expect(fieldText("questionText", "What?")).toBe("What?");
  });

  it("marks a version that changes how answers are graded", () => {
    expect(changesAnswer([{ field: "explanation" }])).toBe(false);
    expect(changesAnswer([{ field: "explanation" }, { field: "correctAnswer" }])).toBe(true);
    expect(changesAnswer([{ field: "alternatives" }])).toBe(true);
  });
});
