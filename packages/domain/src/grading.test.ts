import { describe, expect, it } from "vitest";
import { canSubmitAnswer, isAnswerCorrect } from "./grading.ts";

describe("grading", () => {
  const mc = { questionType: "multiple-choice" as const, correctAnswer: "69 hours" };
  const fib = { questionType: "fill-in-blank" as const, correctAnswer: "Reserve" };
  it("multiple choice needs the exact option", () => {
    expect(isAnswerCorrect(mc, "69 hours")).toBe(true);
    expect(isAnswerCorrect(mc, "69 Hours")).toBe(false);
  });
  it("fill-in ignores case and surrounding spaces only", () => {
    expect(isAnswerCorrect(fib, "  reserve ")).toBe(true);
    expect(isAnswerCorrect(fib, "reserves")).toBe(false);
    expect(isAnswerCorrect(fib, "re serve")).toBe(false);
  });
  it("submit needs a choice or non-empty text", () => {
    expect(canSubmitAnswer("multiple-choice", null)).toBe(false);
    expect(canSubmitAnswer("multiple-choice", "A")).toBe(true);
    expect(canSubmitAnswer("fill-in-blank", "   ")).toBe(false);
    expect(canSubmitAnswer("fill-in-blank", " x")).toBe(true);
  });
});
