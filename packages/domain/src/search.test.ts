import { describe, expect, it } from "vitest";
import {
  citationRank,
  HIT_END,
  HIT_START,
  looseWords,
  parseCitationQuery,
  plainSnippet,
  snippetFromMarked,
  snippetParts,
} from "./search.ts";

describe("contract references in a query", () => {
  it("recognises paragraphs and sections, not bare numbers or unknown sections", () => {
    expect(parseCitationQuery("7.C.2")).toEqual({ section: 7, paragraph: "7.C.2" });
    expect(parseCitationQuery(" §7.c.2 ")).toEqual({ section: 7, paragraph: "7.c.2" });
    expect(parseCitationQuery("§12")).toEqual({ section: 12, paragraph: null });
    expect(parseCitationQuery("Section 12")).toEqual({ section: 12, paragraph: null });
    expect(parseCitationQuery("sec. 12.A")).toEqual({ section: 12, paragraph: "12.A" });
    for (const q of ["12", "§33", "7.", "sick leave", "12 hours", "section twelve", "7.C.2 pay"])
      expect([q, parseCitationQuery(q)]).toEqual([q, null]);
  });

  it("ranks the paragraph, then its sub-paragraphs, then the paragraph it belongs to", () => {
    const p = parseCitationQuery("7.I.8")!;
    expect(["7.I.8", "7.i.8.a", "7.I", "7.I.80", "8.I.8", null].map((c) => citationRank(c, p))).toEqual([
      2, 1.5, 1, 0, 0, 0,
    ]);
    const s = parseCitationQuery("§12")!;
    expect(["§12", "12.A.2", "1.2", "§1"].map((c) => citationRank(c, s))).toEqual([2, 1.5, 0, 0]);
  });
});

describe("snippets", () => {
  it("escape the text and mark only the hits, and read back as plain text", () => {
    const snippet = snippetFromMarked(`a <b> & "${HIT_START}sick${HIT_END}" leave`);
    expect(snippet).toBe("a &lt;b&gt; &amp; &quot;<mark>sick</mark>&quot; leave");
    expect(snippetParts(snippet)).toEqual([
      { text: 'a <b> & "', hit: false },
      { text: "sick", hit: true },
      { text: '" leave', hit: false },
    ]);
    expect(plainSnippet(`${"word ".repeat(60)}<end>`, 20)).toBe("word word word word …");
  });

  it("match plain words loosely but never a query with search syntax", () => {
    expect(looseWords("How many sick-days?")).toEqual(["how", "many", "sick", "days"]);
    expect(looseWords('"sick leave"')).toEqual([]);
    expect(looseWords("sick -bank")).toEqual([]);
    expect(looseWords("pay or credit")).toEqual([]);
  });
});
