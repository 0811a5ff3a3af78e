import { describe, expect, it } from "vitest";
import { dayAfter, planFieldErrors, planRequest } from "./planForm.ts";

describe("the study plan form", () => {
  const today = "2026-12-31";
  it("asks for a section, a date after today and a whole-percent target from 50 to 99", () => {
    expect(planFieldErrors({ sections: [4], endDate: "2027-01-15", target: "90" }, today)).toEqual({});
    expect(planFieldErrors({ sections: [], endDate: "2026-12-31", target: "100" }, today)).toEqual({
      sections: "Choose at least one section.",
      endDate: "Choose a date after today.",
      target: "Choose a whole number from 50 to 99.",
    });
    expect(planFieldErrors({ sections: [1], endDate: "", target: "85.5" }, today)).toEqual({
      endDate: "Choose the date.",
      target: "Choose a whole number from 50 to 99.",
    });
  });

  it("sends the sections in order and the target as a share", () => {
    expect(planRequest({ sections: [25, 4], endDate: "2027-01-15", target: "85" })).toEqual({
      sections: [4, 25],
      endDate: "2027-01-15",
      targetRecall: 0.85,
    });
    expect(dayAfter(today)).toBe("2027-01-01");
  });
});
