import { describe, expect, it } from "vitest";
import { flashcardFilterSectionName } from "./sections.ts";
import { citationLabel, plural, sectionLabel, sectionSign } from "./text.ts";

describe("text", () => {
  it("counts with the right noun", () => {
    expect(plural(1, "question")).toBe("1 question");
    expect(plural(0, "question")).toBe("0 questions");
    expect(plural(12, "row has problems", "rows have problems")).toBe("12 rows have problems");
  });
  it("labels sections by sign and name, in the reading asked for", () => {
    expect(sectionSign(7)).toBe("§7");
    expect(sectionLabel(10)).toBe("§10 AMC");
    expect(sectionLabel(10, flashcardFilterSectionName)).toBe("§10 Uniforms");
    expect(() => sectionLabel(33)).toThrow(RangeError);
  });
  it("reads a stored citation as a contract reference", () => {
    expect(citationLabel("19.A.1")).toBe("JCBA §19.A.1");
    expect(citationLabel(" §7 ")).toBe("JCBA §7");
    for (const blank of [null, undefined, "", "   "]) expect(citationLabel(blank)).toBeNull();
  });
});
