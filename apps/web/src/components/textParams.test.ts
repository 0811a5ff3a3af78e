import { describe, expect, it } from "vitest";
import { textParams } from "./textParams.ts";

describe("textParams", () => {
  it("keeps the named text parameters, trimmed", () => {
    expect(textParams({ from: " 2016 ", to: "2021", other: "x" }, ["from", "to"])).toEqual({
      from: "2016",
      to: "2021",
    });
  });

  it("leaves out blank, empty and non-text ones", () => {
    expect(textParams({ review: "  ", code: 42, extra: "" }, ["review", "code", "extra"])).toEqual({});
  });
});
