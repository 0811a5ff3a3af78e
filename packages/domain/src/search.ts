/**
 * Search rules shared by the server's database search and the device search: the result shape, the
 * limits, how a contract reference is recognised in a query, and how a snippet marks its hits.
 *
 * A snippet is HTML-safe text: everything is escaped (& < > " ') and the only tags are
 * `<mark>…</mark>` around the words that matched. The web never injects it as HTML: it splits it with
 * `snippetParts` and renders text and marks as elements.
 */
import { CONTRACT_SECTION_TITLES, isSectionNumber, SIDEBAR_SECTION_NAMES, sidebarSectionName } from "./sections.ts";

export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;

export const SEARCH_KINDS = ["question", "flashcard", "section"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchResult {
  kind: SearchKind;
  /** The question's or card's id; for a section, its number. */
  id: number;
  sectionNumber: number;
  /** The question text, the card's term, or the section's name. */
  title: string;
  /** HTML-safe text with `<mark>` around the hits. */
  snippet: string;
  /** As stored: '7.A.4' or '§12'; null when the item has none. */
  citation: string | null;
}

/** The words each section is found by: its sidebar name and the contract's own title. */
export const SECTION_SEARCH_TITLES: readonly string[] = SIDEBAR_SECTION_NAMES.map((name, i) => {
  const contract = CONTRACT_SECTION_TITLES[i] ?? "";
  return contract === name ? name : `${name} ${contract}`;
});

export interface CitationQuery {
  section: number;
  /** '7.C.2' for a paragraph; null when the query names a whole section ('§12', 'Section 12'). */
  paragraph: string | null;
}

// A section sign, 'Section'/'Sec.'/'Article', then the section number and any paragraph parts.
const CITATION = /^(?:(§|section\b|sec\.?|art(?:icle)?\.?)\s*)?(\d{1,2})((?:\.[a-z0-9]{1,4})*)\.?$/i;

/**
 * A query that is a contract reference: '7.C.2', '§7.C.2', '§12', 'Section 12', 'sec 12.A'. A bare
 * number ('12') is not one: it is searched as text ('12 hours').
 */
export function parseCitationQuery(query: string): CitationQuery | null {
  const m = CITATION.exec(query.trim());
  if (!m) return null;
  const [, prefix, digits, parts] = m;
  const section = Number(digits);
  if (!isSectionNumber(section)) return null;
  if (!prefix && !parts) return null;
  return { section, paragraph: parts ? `${section}${parts}` : null };
}

/** Whether a stored citation ('7.A.4', '§7') is `query`'s paragraph or one of its sub-paragraphs. */
export function citationRank(citation: string | null, query: CitationQuery): number {
  if (!citation) return 0;
  const c = citation.trim().toLowerCase();
  if (query.paragraph === null) {
    if (c === `§${query.section}`) return 2;
    return c.startsWith(`${query.section}.`) ? 1.5 : 0;
  }
  const p = query.paragraph.toLowerCase();
  if (c === p) return 2;
  if (c.startsWith(`${p}.`)) return 1.5;
  // The paragraph that contains the one asked for ('7.I' for '7.I.8.a').
  if (p.startsWith(`${c}.`)) return 1;
  return 0;
}

/** An item that may cite a paragraph: a question (text, explanation) or a card (term, definition). */
export interface CitingItem {
  kind: "question" | "flashcard";
  id: number;
  sectionNumber: number;
  title: string;
  /** The text a snippet is cut from: the explanation or the definition. */
  body: string;
  citation: string | null;
}

/**
 * The results of a contract-reference query, the same on the server and on the device: the section
 * itself first (for '§12'), then the items citing the paragraph or its sub-paragraphs, then the
 * paragraph containing it, in citation order.
 */
export function citationResults(items: readonly CitingItem[], query: CitationQuery, limit: number): SearchResult[] {
  const cited = items
    .filter((x) => x.sectionNumber === query.section)
    .map((x) => ({ x, rank: citationRank(x.citation, query) }))
    .filter((r) => r.rank > 0)
    .sort(
      (a, b) =>
        b.rank - a.rank ||
        (a.x.citation ?? "").localeCompare(b.x.citation ?? "", "en", { numeric: true }) ||
        a.x.kind.localeCompare(b.x.kind) ||
        a.x.id - b.x.id,
    )
    .map(
      ({ x }): SearchResult => ({
        kind: x.kind,
        id: x.id,
        sectionNumber: x.sectionNumber,
        title: x.title,
        snippet: plainSnippet(x.body),
        citation: x.citation,
      }),
    );
  const section: SearchResult[] =
    query.paragraph === null
      ? [
          {
            kind: "section",
            id: query.section,
            sectionNumber: query.section,
            title: sidebarSectionName(query.section),
            snippet: plainSnippet(SECTION_SEARCH_TITLES[query.section - 1] ?? ""),
            citation: `§${query.section}`,
          },
        ]
      : [];
  return [...section, ...cited].slice(0, limit);
}

/**
 * Whether a query uses search syntax (quotes, `or`, `-word`). Plain queries also get the forgiving
 * matches (any of the words, misspellings); a query with syntax means exactly what it says.
 */
export function usesSearchSyntax(query: string): boolean {
  return /["]|(^|\s)-\S|(^|\s)or(\s|$)/i.test(query);
}

/** The words of a plain query worth matching loosely: letters and digits, at least 3 characters. */
export function looseWords(query: string): string[] {
  if (usesSearchSyntax(query)) return [];
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3);
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

/** Placeholders the database puts around hits (private-use characters no content contains). */
export const HIT_START = "\uE000";
export const HIT_END = "\uE001";

/** A snippet from text whose hits are wrapped in HIT_START/HIT_END: escaped, hits as <mark>. */
export function snippetFromMarked(marked: string): string {
  return escapeHtml(marked).replaceAll(HIT_START, "<mark>").replaceAll(HIT_END, "</mark>");
}

/** The first `maxLength` characters of a text as a snippet without hits, cut at a word. */
export function plainSnippet(text: string, maxLength = 180): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= maxLength) return escapeHtml(clean);
  const cut = clean.slice(0, maxLength);
  const space = cut.lastIndexOf(" ");
  return `${escapeHtml(space > maxLength / 2 ? cut.slice(0, space) : cut)} …`;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** A snippet as pieces of plain text, each a hit or not, for rendering without HTML injection. */
export function snippetParts(snippet: string): { text: string; hit: boolean }[] {
  const parts: { text: string; hit: boolean }[] = [];
  let hit = false;
  for (const piece of snippet.split(/(<mark>|<\/mark>)/)) {
    if (piece === "<mark>") hit = true;
    else if (piece === "</mark>") hit = false;
    else if (piece) parts.push({ text: piece.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e), hit });
  }
  return parts;
}
