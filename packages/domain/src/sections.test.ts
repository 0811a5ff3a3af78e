import { describe, expect, it } from "vitest";
import {
  CONTRACT_SECTION_TITLES,
  FLASHCARD_FILTER_SECTION_NAMES,
  parseSectionParam,
  SIDEBAR_SECTION_NAMES,
} from "./sections.ts";

describe("section catalogue", () => {
  it("has 32 names in each reading", () => {
    expect(SIDEBAR_SECTION_NAMES).toHaveLength(32);
    expect(FLASHCARD_FILTER_SECTION_NAMES).toHaveLength(32);
    expect(CONTRACT_SECTION_TITLES).toHaveLength(32);
  });
  it("keeps the spec's two readings where they differ", () => {
    expect(SIDEBAR_SECTION_NAMES[9]).toBe("AMC");
    expect(FLASHCARD_FILTER_SECTION_NAMES[9]).toBe("Uniforms");
    expect(FLASHCARD_FILTER_SECTION_NAMES[10]).toBe("Relocation Allowance");
    expect(SIDEBAR_SECTION_NAMES.slice(28, 31)).toEqual([
      "Insurance and Retirement",
      "Union Activities",
      "Union Security and Dues Check-Off",
    ]);
    expect(FLASHCARD_FILTER_SECTION_NAMES.slice(28, 31)).toEqual([
      "Investigations and Discipline",
      "Check Airman Program",
      "General",
    ]);
    expect(CONTRACT_SECTION_TITLES[5]).toBe("Minimum Pay and Credit, Hours of Service, and Contractual Legalities");
  });
  it("parses the flashcard section parameter", () => {
    expect(parseSectionParam(undefined)).toBeNull();
    expect(parseSectionParam("7")).toBe(7);
    expect(parseSectionParam(32)).toBe(32);
    for (const bad of ["0", "33", "abc", "7.5", "-1", "1e1"]) expect(parseSectionParam(bad)).toBe("invalid");
  });
});
