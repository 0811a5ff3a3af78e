import { readAllSections } from "@jcba/content";
import { snippetParts } from "@jcba/domain";
import { describe, expect, it } from "vitest";
import { failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

const shipped = readAllSections().flatMap((f) => [
  ...f.data.questions.map((q) => ({ kind: "question", section: f.section, text: q.question, citation: q.citation })),
  ...f.data.flashcards.map((c) => ({ kind: "flashcard", section: f.section, text: c.term, citation: c.citation })),
]);
const shippedItem = (r: { kind: string; title: string }) =>
  shipped.find((s) => s.kind === r.kind && s.text === r.title);
const hits = (snippet: string) =>
  snippetParts(snippet)
    .filter((p) => p.hit)
    .map((p) => p.text.toLowerCase());

describe("search.query", () => {
  it("finds a known term with its citation and a highlighted snippet, best first", async () => {
    const { call } = await t.member();
    const results = await call.search.query({ q: "probationary" });
    const items = results.filter((r) => r.kind !== "section");
    expect(items.length).toBeGreaterThan(3);
    // The card named after the term is near the top, and every item comes from the bank with its citation.
    const card = items.findIndex((r) => r.kind === "flashcard" && r.title.startsWith("Probationary period"));
    expect(card).toBeGreaterThanOrEqual(0);
    expect(card).toBeLessThan(5);
    expect(items[card]).toMatchObject({ sectionNumber: 14, citation: "§14" });
    for (const r of items) expect(shippedItem(r)?.citation, r.title).toBe(r.citation);
    // Items with the word in their explanation show it highlighted.
    expect(hits(items[0]!.snippet)).toContain("probationary");
  });

  it("finds misspelled words by their likeness", async () => {
    const { call } = await t.member();
    const probation = await call.search.query({ q: "probationery" });
    expect(probation.some((r) => r.kind === "flashcard" && r.title.startsWith("Probationary period"))).toBe(true);
    const sick = await call.search.query({ q: "sick leeve" });
    // Searched as 'sick leave': the Sick Leave section first, highlighted as such.
    expect(sick[0]).toMatchObject({ kind: "section", id: 13, snippet: "<mark>Sick</mark> <mark>Leave</mark>" });
    expect(sick.slice(0, 10).filter((r) => r.sectionNumber === 13).length).toBeGreaterThanOrEqual(8);
    expect(sick.some((r) => r.title === "Sick leave bank")).toBe(true);
  });

  it("finds a contract paragraph or a whole section by its reference", async () => {
    const { call } = await t.member();
    const paragraph = await call.search.query({ q: "7.I.8" });
    expect(paragraph.length).toBeGreaterThanOrEqual(3);
    expect(paragraph.slice(0, 3).map((r) => r.citation)).toEqual(["7.I.8", "7.I.8", "7.I.8"]);
    // Then the paragraph it belongs to (7.I).
    expect(paragraph.slice(3).every((r) => r.citation === "7.I")).toBe(true);
    for (const q of ["§12", "Section 12", "section 12"]) {
      const section = await call.search.query({ q, limit: 50 });
      expect(section[0]).toMatchObject({ kind: "section", id: 12, title: "Vacation", citation: "§12" });
      expect(section.length).toBeGreaterThan(10);
      expect(section.every((r) => r.sectionNumber === 12)).toBe(true);
    }
  });

  it("finds sections by their titles and narrows to one section", async () => {
    const { call } = await t.member();
    const [first] = await call.search.query({ q: "vacation" });
    expect(first).toMatchObject({ kind: "section", id: 12, sectionNumber: 12, citation: "§12" });
    const narrowed = await call.search.query({ q: "vacation", section: 4, limit: 5 });
    expect(narrowed.length).toBeLessThanOrEqual(5);
    expect(narrowed.every((r) => r.sectionNumber === 4)).toBe(true);
    expect(await call.search.query({ q: "pay", limit: 3 })).toHaveLength(3);
  });

  it("honours quotes, or and -word", async () => {
    const { call } = await t.member();
    const phrase = await call.search.query({ q: '"sick leave" -bank', limit: 50 });
    expect(phrase.length).toBeGreaterThan(0);
    for (const r of phrase) expect(`${r.title} ${r.snippet}`.toLowerCase()).not.toMatch(/\bbank\b/);
    const either = await call.search.query({ q: "probationary or deadhead", limit: 50 });
    const titles = either.map((r) => r.title.toLowerCase()).join(" ");
    expect(titles).toContain("probation");
    expect(titles).toContain("deadhead");
  });

  it("answers operators or punctuation alone with no results, and refuses bad input with a reason", async () => {
    const { call } = await t.member();
    for (const q of ["-", '""', "or", "!!!", "-the", "()", "&|!:*", "\\", "'"])
      expect([q, await call.search.query({ q })]).toEqual([q, []]);
    const refused = async (input: Record<string, unknown>) => {
      const { code, text } = await failure(call.search.query(input as never));
      return [code, text];
    };
    expect(await refused({ q: "" })).toEqual(["BAD_REQUEST", expect.stringMatching(/q is empty/)]);
    expect(await refused({ q: "   " })).toEqual(["BAD_REQUEST", expect.stringMatching(/q is empty/)]);
    expect(await refused({ q: "a".repeat(201) })).toEqual(["BAD_REQUEST", expect.stringMatching(/at most 200/)]);
    expect(await refused({ q: "sick\u0000leave" })).toEqual(["BAD_REQUEST", expect.stringMatching(/control/)]);
    expect(await refused({ q: "sick\tleave" })).toEqual(["BAD_REQUEST", expect.stringMatching(/control/)]);
    for (const limit of [0, 51, 2.5, "x"])
      expect(await refused({ q: "pay", limit })).toEqual(["BAD_REQUEST", expect.stringMatching(/limit must be/)]);
    expect(await refused({ q: "pay", section: 33 })).toEqual(["BAD_REQUEST", expect.stringMatching(/Section/)]);
    expect(await call.search.query({ q: "a".repeat(200) })).toEqual([]);
  });

  it("finds an admin's edit at once, escapes the text, and never shows archived items", async () => {
    const admin = t.admin.call;
    const { call } = await t.member();
    const card = await admin.flashcards.create({
      sectionNumber: 9,
      term: "Zorblat clause",
      definition: 'A <img src=x onerror="alert(1)"> & "check" of the quixotry rule, 1 < 2.',
    });
    const [found] = await call.search.query({ q: "quixotry" });
    expect(found).toMatchObject({ kind: "flashcard", id: card.id, title: "Zorblat clause", sectionNumber: 9 });
    // HTML-safe: the only tags are the marks around the hits.
    expect(found!.snippet).toContain("<mark>quixotry</mark>");
    expect(found!.snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>"]/);
    expect(found!.snippet).toContain("&amp; &quot;check&quot;");
    expect(
      snippetParts(found!.snippet)
        .map((p) => p.text)
        .join(""),
    ).toContain('& "check" of the quixotry rule, 1 < 2.');

    await admin.flashcards.update({ id: card.id, definition: "Now about the flibberty rule." });
    expect(await call.search.query({ q: "quixotry" })).toEqual([]);
    expect((await call.search.query({ q: "flibberty" }))[0]).toMatchObject({ id: card.id });

    const question = await admin.questions.create({
      sectionNumber: 9,
      questionType: "fill-in-blank",
      questionText: "What is the wuzzlewick?",
      correctAnswer: "x",
      explanation: "It is a test.",
      citation: "9.Z.9",
    });
    expect((await call.search.query({ q: "wuzzlewick" }))[0]).toMatchObject({ kind: "question", id: question.id });
    expect((await call.search.query({ q: "9.Z.9" }))[0]).toMatchObject({ kind: "question", id: question.id });
    // Answered, then deleted: archived, kept in the member's history, gone from search.
    await call.progress.questionAttempt({ questionId: question.id, userAnswer: "x" });
    await admin.questions.delete({ id: question.id });
    expect(await call.search.query({ q: "wuzzlewick" })).toEqual([]);
    expect(await call.search.query({ q: "9.Z.9" })).toEqual([]);
  });

  it("corrects a misspelling to a word an admin has just added", async () => {
    const { call } = await t.member();
    // Searched before the word exists: nothing like it, and the server remembers that.
    expect(await call.search.query({ q: "plomberific" })).toEqual([]);
    const card = await t.admin.call.flashcards.create({
      sectionNumber: 10,
      term: "Plomberifix rule",
      definition: "A made-up rule, here to be found by a near spelling.",
    });
    expect((await call.search.query({ q: "plomberific" }))[0]).toMatchObject({ kind: "flashcard", id: card.id });
  });

  it("is for signed-in people only", async () => {
    expect((await failure(t.signedOut.search.query({ q: "pay" }))).code).toBe("UNAUTHORIZED");
  });
});
