import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type DeviceBank, searchOnDevice } from "./device-search.ts";
import { snippetParts } from "./search.ts";

// The shipped bank and deck, as the device would hold them after loading the lists.
const dataDir = join(import.meta.dirname, "../../content/data");
let nextId = 1;
const bank: DeviceBank = { questions: [], flashcards: [] };
for (const file of readdirSync(dataDir).sort()) {
  const data = JSON.parse(readFileSync(join(dataDir, file), "utf8"));
  for (const q of data.questions)
    (bank.questions as unknown[]).push({
      id: nextId++,
      sectionNumber: data.section,
      questionText: q.question,
      explanation: q.explanation,
      citation: q.citation ?? null,
    });
  for (const c of data.flashcards)
    (bank.flashcards as unknown[]).push({
      id: nextId++,
      sectionNumber: data.section,
      term: c.term,
      definition: c.definition,
      citation: c.citation ?? null,
    });
}
const hits = (snippet: string) =>
  snippetParts(snippet)
    .filter((p) => p.hit)
    .map((p) => p.text.toLowerCase());

describe("searchOnDevice", () => {
  it("finds a term in the server's result shape, sections first, with marked snippets", () => {
    const results = searchOnDevice(bank, "sick leave");
    expect(results[0]).toEqual({
      kind: "section",
      id: 13,
      sectionNumber: 13,
      title: "Sick Leave",
      snippet: "<mark>Sick</mark> <mark>Leave</mark>",
      citation: "§13",
    });
    expect(results.length).toBe(20);
    expect(
      results.some((r) => r.kind === "flashcard" && r.title === "Sick leave bank" && r.citation === "13.A.1"),
    ).toBe(true);
    expect(results.flatMap((r) => hits(r.snippet))).toContain("sick");
  });

  it("forgives misspellings", () => {
    expect(searchOnDevice(bank, "probationery").some((r) => r.title.startsWith("Probationary period"))).toBe(true);
    expect(searchOnDevice(bank, "sick leeve").some((r) => r.title === "Sick leave bank")).toBe(true);
  });

  it("finds a paragraph or a section by its reference, and narrows to a section", () => {
    expect(
      searchOnDevice(bank, "7.I.8")
        .slice(0, 3)
        .map((r) => r.citation),
    ).toEqual(["7.I.8", "7.I.8", "7.I.8"]);
    const section = searchOnDevice(bank, "§12", { limit: 50 });
    expect(section[0]).toMatchObject({ kind: "section", id: 12, title: "Vacation" });
    expect(section.every((r) => r.sectionNumber === 12)).toBe(true);
    const narrowed = searchOnDevice(bank, "reserve", { section: 8, limit: 4 });
    expect(narrowed).toHaveLength(4);
    expect(narrowed.every((r) => r.sectionNumber === 8)).toBe(true);
  });

  it("honours quotes and -word, finds nothing for operators alone, and escapes the text", () => {
    const phrase = searchOnDevice(bank, '"sick leave" -bank', { limit: 50 });
    expect(phrase.length).toBeGreaterThan(0);
    for (const r of phrase)
      expect(
        `${r.title} ${snippetParts(r.snippet)
          .map((p) => p.text)
          .join("")}`,
      ).not.toMatch(/\bbank\b/i);
    for (const q of ["-", '""', "or", "-the"]) expect([q, searchOnDevice(bank, q)]).toEqual([q, []]);
    const odd: DeviceBank = {
      questions: [],
      flashcards: [{ id: 1, sectionNumber: 3, term: "Odd", definition: "A <b>zibbet</b> & co.", citation: null }],
    };
    expect(searchOnDevice(odd, "zibbet")[0]?.snippet).toBe("A &lt;b&gt;<mark>zibbet</mark>&lt;/b&gt; &amp; co.");
  });
});
