import { describe, expect, it } from "vitest";
import { isAnswerCorrect } from "./grading.ts";
import { isNumberWrittenOut, numberInWords, wholeNumberOf } from "./number-words.ts";

describe("numbers in words", () => {
  it("spells whole numbers the way a member writes them", () => {
    expect(numberInWords(0)).toBe("zero");
    expect(numberInWords(3)).toBe("three");
    expect(numberInWords(40)).toBe("forty");
    expect(numberInWords(78)).toBe("seventy-eight");
    expect(numberInWords(100)).toBe("one hundred");
    expect(numberInWords(105)).toBe("one hundred five");
    expect(numberInWords(1250)).toBe("one thousand two hundred fifty");
    expect(numberInWords(25_000)).toBe("twenty-five thousand");
    expect(numberInWords(2_000_017)).toBe("two million seventeen");
  });
  it("refuses what is not a whole number it can spell", () => {
    expect(() => numberInWords(-1)).toThrow(RangeError);
    expect(() => numberInWords(2.5)).toThrow(RangeError);
    expect(() => numberInWords(10 ** 12)).toThrow(RangeError);
  });
  it("reads digits only from an answer that is a whole number", () => {
    expect(wholeNumberOf(" 100 ")).toBe(100);
    expect(wholeNumberOf("25,000")).toBe(25_000);
    expect(wholeNumberOf("4:27")).toBeNull();
    expect(wholeNumberOf("2.5")).toBeNull();
    expect(wholeNumberOf("1,00")).toBeNull();
    expect(wholeNumberOf("Reserve")).toBeNull();
  });
  it("matches the words whatever the case, hyphens, spacing or an added 'and'", () => {
    expect(isNumberWrittenOut("100", "one hundred")).toBe(true);
    expect(isNumberWrittenOut("100", " One Hundred ")).toBe(true);
    expect(isNumberWrittenOut("105", "one hundred and five")).toBe(true);
    expect(isNumberWrittenOut("78", "seventy eight")).toBe(true);
    expect(isNumberWrittenOut("78", "seventy-eight")).toBe(true);
    expect(isNumberWrittenOut("100", "hundred")).toBe(false);
    expect(isNumberWrittenOut("100", "one thousand")).toBe(false);
    expect(isNumberWrittenOut("three", "three")).toBe(false);
  });
});

describe("a whole-number fill-in answer", () => {
  const subjects = { questionType: "fill-in-blank" as const, correctAnswer: "100" };
  it("accepts its word form with no alternative listed ('over 100 subjects')", () => {
    expect(isAnswerCorrect(subjects, "one hundred")).toBe(true);
    expect(isAnswerCorrect(subjects, "100")).toBe(true);
    expect(isAnswerCorrect(subjects, "one hundred one")).toBe(false);
    expect(isAnswerCorrect(subjects, "101")).toBe(false);
  });
  it("takes the word form of a numeric alternative too, and leaves multiple choice exact", () => {
    expect(
      isAnswerCorrect(
        { questionType: "fill-in-blank", correctAnswer: "25,000", alternatives: ["25000"] },
        "twenty-five thousand",
      ),
    ).toBe(true);
    expect(isAnswerCorrect({ questionType: "multiple-choice", correctAnswer: "100" }, "one hundred")).toBe(false);
    expect(isAnswerCorrect({ questionType: "fill-in-blank", correctAnswer: "4:27" }, "four twenty-seven")).toBe(false);
  });
});
