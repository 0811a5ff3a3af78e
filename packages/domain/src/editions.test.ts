import { describe, expect, it } from "vitest";
import { carryOverChain, EDITION_SLUG, editionInForce, scheduleCarriesOver } from "./editions.ts";

describe("contract editions", () => {
  const editions = [
    { slug: "jcba-2016", effectiveOn: "2016-12-20" },
    { slug: "jcba-2026", effectiveOn: "2026-12-01" },
  ];

  it("the edition in force is the latest whose effective date has come", () => {
    expect(editionInForce(editions, "2026-11-27")?.slug).toBe("jcba-2016");
    expect(editionInForce(editions, "2026-12-01")?.slug).toBe("jcba-2026");
    expect(editionInForce(editions, "2010-01-01")).toBeNull();
    expect(editionInForce([], "2026-01-01")).toBeNull();
  });

  it("names an edition in lower-case words joined by dashes", () => {
    expect(EDITION_SLUG.test("jcba-2026")).toBe(true);
    expect(EDITION_SLUG.test("JCBA 2026")).toBe(false);
    expect(EDITION_SLUG.test("-jcba")).toBe(false);
    expect(EDITION_SLUG.test("jcba--2026")).toBe(false);
  });
});

describe("a review schedule across editions", () => {
  const q = {
    questionType: "fill-in-blank",
    correctAnswer: "14",
    alternatives: ["fourteen"],
    questionText: "How many?",
  };
  it("carries over when only the wording changed", () => {
    expect(scheduleCarriesOver("question", q, { ...q, questionText: "How many days?" })).toBe(true);
    expect(
      scheduleCarriesOver("flashcard", { term: "A", definition: "B" }, { term: "A (2031)", definition: "B" }),
    ).toBe(true);
  });
  it("restarts when the answer changed", () => {
    expect(scheduleCarriesOver("question", q, { ...q, correctAnswer: "15", alternatives: null })).toBe(false);
    expect(scheduleCarriesOver("question", q, { ...q, alternatives: null })).toBe(false);
    expect(scheduleCarriesOver("flashcard", { term: "A", definition: "B" }, { term: "A", definition: "C" })).toBe(
      false,
    );
  });
});

describe("a review schedule across a chain of editions", () => {
  const card = (id: number, definition: string) => ({ id, term: "T", definition });
  it("carries over from every earlier item with the same answer, nearest first", () => {
    const chain = [card(2, "B"), card(1, "B")];
    expect(carryOverChain("flashcard", chain, card(3, "B")).map((c) => c.id)).toEqual([2, 1]);
  });
  it("stops at the first whose answer differs, even when an older one matches again", () => {
    expect(carryOverChain("flashcard", [card(2, "X"), card(1, "B")], card(3, "B"))).toEqual([]);
    expect(
      carryOverChain("flashcard", [card(3, "B"), card(2, "X"), card(1, "B")], card(4, "B")).map((c) => c.id),
    ).toEqual([3]);
    expect(carryOverChain("flashcard", [], card(1, "B"))).toEqual([]);
  });
});
