import { describe, expect, it } from "vitest";
import { GiftFileError, parseAiken, parseGift } from "./moodle-formats.ts";

const gift = (content: string, section: number | null = 3) => [...parseGift(content, section)];
const QUESTION = "Who decides a grievance appeal? {=The System Board ~The base manager ~Nobody}\n\n";

describe("parseGift on malformed input", () => {
  it("refuses an answer block that is never closed, naming its line", () => {
    const content = `${QUESTION}Name the union. {=AFA-CWA ~AFL\n\n${QUESTION}`;
    expect(() => gift(content)).toThrow(GiftFileError);
    expect(() => gift(content)).toThrow(/Line 3: an answer block opened with \{ is never closed/);
  });

  it("refuses a block left open when a $CATEGORY line starts the next part", () => {
    expect(() => gift(`Stray {=a ~b\n$CATEGORY: JCBA/Section 4\n${QUESTION}`)).toThrow(/Line 1:/);
  });

  it("takes escaped braces as text, and a blank line inside braces as part of the block", () => {
    const records = gift("Write \\{ here. {=yes\n\n~no}\n");
    expect(records).toHaveLength(1);
    expect(records[0]!.values).toMatchObject({ questionText: "Write { here.", options: ["yes", "no"] });
  });

  it("reads a 160 KB file with one stray { in time linear in its length", () => {
    const content = `Stray {=a ~b\n\n${QUESTION.repeat(Math.ceil(160_000 / QUESTION.length))}`;
    const started = performance.now();
    expect(() => gift(content)).toThrow(GiftFileError);
    // Quadratic before: 47 s on this file. Linear: a few milliseconds (a second on a very busy machine).
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("reports a stray } or a block without answers as that question's problem, not the file's", () => {
    const records = gift("A } too many.\n\nNo answers here. {}\n\n");
    expect(records.map((r) => r.problems[0])).toEqual([
      "Line 1: no answer block { … } was found; descriptions cannot be imported.",
      "Line 3: Essay questions cannot be imported (only multiple choice and short answer).",
    ]);
  });
});

describe("parseAiken on malformed input", () => {
  it("skips a malformed question up to its ANSWER line and reads the next", () => {
    const records = [...parseAiken("Q1?\nA. one\nnot an option\nB. two\nANSWER: A\nQ2?\nA. x\nB. y\nANSWER: B\n", 5)];
    expect(records).toHaveLength(2);
    expect(records[0]!.problems[0]).toMatch(/Line 3: expected an option/);
    expect(records[1]!.values).toMatchObject({ questionText: "Q2?", correctAnswer: "y" });
  });
});
