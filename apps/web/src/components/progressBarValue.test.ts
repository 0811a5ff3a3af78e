import { describe, expect, it } from "vitest";
import { progressBarValue } from "./progressBarValue.ts";

describe("progressBarValue", () => {
  it("reads a percent as its number and a sign, as US English writes it", () => {
    expect(progressBarValue(45)).toEqual({ now: 45, text: "45%" });
    expect(progressBarValue(0)).toEqual({ now: 0, text: "0%" });
    expect(progressBarValue(100)).toEqual({ now: 100, text: "100%" });
  });

  it("keeps the value a screen reader hears whole in its words", () => {
    expect(progressBarValue(66.7)).toEqual({ now: 66.7, text: "67%" });
  });

  it("keeps the bar within its track", () => {
    expect(progressBarValue(140)).toEqual({ now: 100, text: "100%" });
    expect(progressBarValue(-5)).toEqual({ now: 0, text: "0%" });
    expect(progressBarValue(Number.NaN)).toEqual({ now: 0, text: "0%" });
  });
});
