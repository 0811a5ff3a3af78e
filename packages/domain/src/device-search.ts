/**
 * Search on the device, for when there is no connection: the same result shape and the same rules as
 * the server's search (contract references, section titles, `"phrases"`, `or`, `-word`, forgiving
 * of misspellings) over whatever bank and deck the device holds, with MiniSearch for the ranking.
 * Imported on its own path (`@jcba/domain/device-search`) so that only the code that searches pays
 * for MiniSearch.
 */
import MiniSearch, { type SearchResult as MiniResult } from "minisearch";
import {
  citationResults,
  escapeHtml,
  parseCitationQuery,
  plainSnippet,
  SEARCH_DEFAULT_LIMIT,
  SECTION_SEARCH_TITLES,
  type SearchResult,
} from "./search.ts";
import { SECTION_NUMBERS, sidebarSectionName } from "./sections.ts";

export interface DeviceQuestion {
  id: number;
  sectionNumber: number;
  questionText: string;
  explanation: string;
  citation: string | null;
}

export interface DeviceFlashcard {
  id: number;
  sectionNumber: number;
  term: string;
  definition: string;
  citation: string | null;
}

/** What the device holds: any questions and cards it has loaded (a section's, or all of them). */
export interface DeviceBank {
  questions: readonly DeviceQuestion[];
  flashcards: readonly DeviceFlashcard[];
}

interface Doc {
  key: string;
  kind: SearchResult["kind"];
  id: number;
  sectionNumber: number;
  title: string;
  body: string;
  citation: string | null;
}

const indexes = new WeakMap<DeviceBank, { index: MiniSearch<Doc>; docs: Map<string, Doc> }>();

function docsOf(bank: DeviceBank): Doc[] {
  return [
    ...SECTION_NUMBERS.map((n) => ({
      key: `s${n}`,
      kind: "section" as const,
      id: n,
      sectionNumber: n,
      title: sidebarSectionName(n),
      body: SECTION_SEARCH_TITLES[n - 1] ?? "",
      citation: `§${n}`,
    })),
    ...bank.questions.map((q) => ({
      key: `q${q.id}`,
      kind: "question" as const,
      id: q.id,
      sectionNumber: q.sectionNumber,
      title: q.questionText,
      body: q.explanation,
      citation: q.citation,
    })),
    ...bank.flashcards.map((c) => ({
      key: `f${c.id}`,
      kind: "flashcard" as const,
      id: c.id,
      sectionNumber: c.sectionNumber,
      title: c.term,
      body: c.definition,
      citation: c.citation,
    })),
  ];
}

function indexOf(bank: DeviceBank) {
  let entry = indexes.get(bank);
  if (!entry) {
    const docs = docsOf(bank);
    // Words are runs of letters and digits, so '<b>pay</b>' or 'pay/credit' still yield 'pay'.
    const index = new MiniSearch<Doc>({
      idField: "key",
      fields: ["title", "body"],
      tokenize: (text) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean),
    });
    index.addAll(docs);
    entry = { index, docs: new Map(docs.map((d) => [d.key, d])) };
    indexes.set(bank, entry);
  }
  return entry;
}

/** The words a query asks for, the phrases it quotes, the words it excludes, and whether any will do. */
function parseQuery(query: string) {
  const phrases = [...query.matchAll(/"([^"]*)"/g)].map((m) => m[1]!.trim().toLowerCase()).filter(Boolean);
  const rest = query.replace(/"[^"]*"?/g, " ");
  const excluded = [...rest.matchAll(/(?:^|\s)-([\p{L}\p{N}]+)/gu)].map((m) => m[1]!.toLowerCase());
  const words = rest
    .replace(/(?:^|\s)-[\p{L}\p{N}]+/gu, " ")
    .split(/\s+/)
    .filter((w) => w && w.toLowerCase() !== "or");
  const anyOf = /(^|\s)or(\s|$)/i.test(rest);
  return { text: [...words, ...phrases].join(" "), phrases, excluded, anyOf };
}

/** A window of `text` around its first hit, escaped, with the hit words marked. */
function markedSnippet(text: string, terms: readonly string[], maxLength = 180): string {
  if (terms.length === 0) return plainSnippet(text, maxLength);
  const words = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).sort((a, b) => b.length - a.length);
  const hit = new RegExp(`(?<![\\p{L}\\p{N}])(${words.join("|")})(?![\\p{L}\\p{N}])`, "giu");
  const clean = text.replace(/\s+/g, " ").trim();
  const first = clean.search(hit);
  if (first < 0) return plainSnippet(clean, maxLength);
  const start = first > maxLength / 3 ? clean.lastIndexOf(" ", first - maxLength / 3) + 1 : 0;
  let window = clean.slice(start, start + maxLength);
  if (start + maxLength < clean.length) window = window.slice(0, Math.max(window.lastIndexOf(" "), first - start + 1));
  const marked = escapeHtml(window).replace(
    new RegExp(`(?<![\\p{L}\\p{N}])(${words.map(escapeHtml).join("|")})(?![\\p{L}\\p{N}])`, "giu"),
    "<mark>$1</mark>",
  );
  return `${start > 0 ? "… " : ""}${marked}${start + window.length < clean.length ? " …" : ""}`;
}

/**
 * Searches a bank held on the device, best first, in the shape of GET /api/search. Sections come
 * first, then the questions and cards by MiniSearch's score (the question or term counts double).
 */
export function searchOnDevice(
  bank: DeviceBank,
  query: string,
  options: { section?: number; limit?: number } = {},
): SearchResult[] {
  const limit = options.limit ?? SEARCH_DEFAULT_LIMIT;
  const q = query.trim();
  const inSection = (d: { sectionNumber: number }) =>
    options.section === undefined || d.sectionNumber === options.section;
  const citation = parseCitationQuery(q);
  if (citation && (options.section === undefined || options.section === citation.section)) {
    const items = [
      ...bank.questions.map((x) => ({
        kind: "question" as const,
        id: x.id,
        sectionNumber: x.sectionNumber,
        title: x.questionText,
        body: x.explanation,
        citation: x.citation,
      })),
      ...bank.flashcards.map((x) => ({
        kind: "flashcard" as const,
        id: x.id,
        sectionNumber: x.sectionNumber,
        title: x.term,
        body: x.definition,
        citation: x.citation,
      })),
    ];
    return citationResults(items, citation, limit);
  }

  const parsed = parseQuery(q);
  if (!parsed.text.trim()) return [];
  const { index, docs } = indexOf(bank);
  const run = (combineWith: "AND" | "OR") =>
    index.search(parsed.text, {
      combineWith,
      boost: { title: 2 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
    });
  // All the words first; a plain query with none found that way falls back to any of them.
  let found: MiniResult[] = run(parsed.anyOf ? "OR" : "AND");
  if (found.length === 0 && !parsed.anyOf && parsed.phrases.length === 0) found = run("OR");
  const results: { doc: Doc; score: number; terms: string[] }[] = [];
  for (const r of found) {
    const doc = docs.get(String(r.id));
    if (!doc || !inSection(doc)) continue;
    const text = `${doc.title} ${doc.body}`.toLowerCase();
    if (parsed.phrases.some((p) => !text.includes(p))) continue;
    if (parsed.excluded.some((w) => new RegExp(`(?<![\\p{L}\\p{N}])${w}`, "u").test(text))) continue;
    results.push({ doc, score: (doc.kind === "section" ? 1000 : 0) + r.score, terms: r.terms });
  }
  results.sort((a, b) => b.score - a.score);
  return results.slice(0, limit).map(({ doc, terms }) => ({
    kind: doc.kind,
    id: doc.id,
    sectionNumber: doc.sectionNumber,
    title: doc.title,
    snippet: markedSnippet(doc.kind === "section" ? doc.title : doc.body, terms),
    citation: doc.citation,
  }));
}
