import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { RouterOutputs } from "../app/trpc.ts";
import { deviceBank, searchable, searchCached } from "./deviceSearch.ts";

type Question = RouterOutputs["questions"]["list"][number];
type Flashcard = RouterOutputs["flashcards"]["list"][number];

const question = (id: number, sectionNumber: number, questionText: string, explanation: string): Question => ({
  id,
  version: 1,
  editions: ["jcba-2016"],
  sectionNumber,
  questionType: "fill-in-blank",
  questionText,
  options: null,
  correctAnswer: "x",
  alternatives: [],
  explanation,
  citation: `${sectionNumber}.A`,
  source: null,
  sourceLabel: null,
  secondSource: null,
  secondSourceLabel: null,
});
const card = (id: number, sectionNumber: number, term: string, definition: string): Flashcard => ({
  id,
  version: 1,
  editions: ["jcba-2016"],
  sectionNumber,
  term,
  definition,
  citation: `${sectionNumber}.B`,
  source: null,
  sourceLabel: null,
  secondSource: null,
  secondSourceLabel: null,
});

// The cache's keys as tRPC's pathKey() gives them for questions.list and flashcards.list.
const keys = { questions: [["questions", "list"]], flashcards: [["flashcards", "list"]] };

/** A query cache holding the whole bank and deck, plus a section's list that repeats some of them. */
function cache() {
  const client = new QueryClient();
  client.setQueryData(
    [["questions", "list"], { input: {}, type: "query" }],
    [
      question(1, 7, "How many hours of rest follow a long duty day?", "Rest after a duty day is at least 10 hours."),
      question(2, 12, "Who assigns reserve flight attendants?", "Crew scheduling assigns reserves by seniority."),
      question(3, 7, "What is minimum rest?", "Minimum rest between duty periods is set out here."),
    ],
  );
  client.setQueryData(
    [["questions", "list"], { input: { sectionNumber: 12 }, type: "query" }],
    [question(2, 12, "Who assigns reserve flight attendants?", "Crew scheduling assigns reserves by seniority.")],
  );
  client.setQueryData(
    [["flashcards", "list"], { input: {}, type: "query" }],
    [card(10, 12, "Reserve", "A flight attendant on call for assignments, who may be given a trip.")],
  );
  return client;
}

describe("search on the device", () => {
  it("takes what the server would take: no blank, over-long or control-character query", () => {
    expect(searchable("rest")).toBe(true);
    expect(searchable("   ")).toBe(false);
    expect(searchable("a".repeat(200))).toBe(true);
    expect(searchable("a".repeat(201))).toBe(false);
    expect(searchable("rest\u0000")).toBe(false);
  });

  it("holds every question and card in the cache once, whichever lists loaded them", () => {
    const bank = deviceBank(cache(), keys.questions, keys.flashcards);
    expect(bank.questions.map((q) => q.id).sort()).toEqual([1, 2, 3]);
    expect(bank.flashcards.map((c) => c.id)).toEqual([10]);
  });

  it("indexes the same lists once: the same bank object until the cache changes", () => {
    const client = cache();
    const first = deviceBank(client, keys.questions, keys.flashcards);
    expect(deviceBank(client, keys.questions, keys.flashcards)).toBe(first);
    client.setQueryData([["flashcards", "list"], { input: {}, type: "query" }], []);
    const changed = deviceBank(client, keys.questions, keys.flashcards);
    expect(changed).not.toBe(first);
    expect(changed.flashcards).toEqual([]);
  });

  it("puts the matching section first, then a hit in the question or term above one in the explanation or definition", () => {
    const results = searchCached(cache(), keys, "reserve");
    expect(results.map((r) => `${r.kind}:${r.id}`)).toEqual(["section:8", "flashcard:10", "question:2"]);
    expect(results[2]!.snippet).toBe("Crew scheduling assigns <mark>reserves</mark> by seniority.");
  });

  it("keeps to one section when asked", () => {
    const inSeven = searchCached(cache(), keys, "rest", { section: 7 });
    expect(inSeven.length).toBeGreaterThan(0);
    expect(inSeven.every((r) => r.sectionNumber === 7)).toBe(true);
    expect(inSeven.filter((r) => r.kind === "question").map((r) => r.id)).toEqual(expect.arrayContaining([1, 3]));
  });

  it("honours the limit and finds nothing for a query of excluded words only", () => {
    expect(searchCached(cache(), keys, "rest", { limit: 1 })).toHaveLength(1);
    expect(searchCached(cache(), keys, "-rest")).toEqual([]);
  });
});
