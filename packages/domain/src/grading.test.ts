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
  it("fill-in also takes a listed alternative, the same way", () => {
    const days = { questionType: "fill-in-blank" as const, correctAnswer: "3", alternatives: ["three"] };
    expect(isAnswerCorrect(days, "3")).toBe(true);
    expect(isAnswerCorrect(days, " Three ")).toBe(true);
    expect(isAnswerCorrect(days, "thirty")).toBe(false);
    // Multiple choice never looks at alternatives.
    expect(isAnswerCorrect({ ...mc, alternatives: ["69"] }, "69")).toBe(false);
  });
  it("submit needs a choice or non-empty text", () => {
    expect(canSubmitAnswer("multiple-choice", null)).toBe(false);
    expect(canSubmitAnswer("multiple-choice", "A")).toBe(true);
    expect(canSubmitAnswer("fill-in-blank", "   ")).toBe(false);
    expect(canSubmitAnswer("fill-in-blank", " x")).toBe(true);
  });
});
