/**
 * Search over the question bank, the flashcard deck and the section titles, in the database, the same
 * on PGlite and PostgreSQL:
 * - a contract reference ('7.C.2', '§12', 'Section 12') finds the items citing that paragraph (and its
 *   sub-paragraphs) or section;
 * - any other text goes through websearch_to_tsquery (quotes, `or` and `-word` work, and no input can
 *   raise an error), ranked by ts_rank_cd over the weighted search documents, with ts_headline
 *   snippets. A plain query also finds items with only some of its words (ranked below items with
 *   all), and its misspelled words as their closest words in the search vocabulary (search_words,
 *   by pg_trgm similarity).
 * Archived items never appear. Reads the tables directly, so an admin's edit is found at once.
 */

import type { Database } from "@jcba/db";
import {
  type CitingItem,
  citationResults,
  HIT_END,
  HIT_START,
  looseWords,
  parseCitationQuery,
  SECTION_SEARCH_TITLES,
  type SearchResult,
  sidebarSectionName,
  snippetFromMarked,
} from "@jcba/domain";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { searchInput } from "./schemas.ts";

interface Row {
  kind: SearchResult["kind"];
  id: number;
  sectionNumber: number;
  title: string;
  snippet: string;
  citation: string | null;
}

// How ts_headline marks hits and cuts fragments. Placeholders, not tags: the text is escaped afterwards.
const HEADLINE = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=35, MinWords=15, ShortWord=2`;
const SECTION_TITLES_JSON = JSON.stringify(SECTION_SEARCH_TITLES);

/** Corrections per word, kept per content snapshot (see `corrections`); bounded. */
const correctionMemos = new WeakMap<object, Map<string, string[] | null>>();
const MEMO_LIMIT = 5_000;

/**
 * The closest vocabulary words (pg_trgm similarity, through its trigram index; up to 3) for each of
 * `words` that no item contains: 'probationery' → 'probation', 'probationary', 'probationer'.
 * The vocabulary is made from the content alone, so a word's answer holds until the content changes:
 * each server remembers it per content snapshot (an admin edit starts a new one), and a word members
 * have searched before costs no database round trip.
 */
async function corrections(database: Database, words: string[], snapshot: object): Promise<Map<string, string[]>> {
  let memo = correctionMemos.get(snapshot);
  if (!memo || memo.size > MEMO_LIMIT) {
    memo = new Map();
    correctionMemos.set(snapshot, memo);
  }
  const candidates = [...new Set(words.filter((w) => w.length >= 4))];
  const unknown = candidates.filter((w) => !memo.has(w));
  if (unknown.length > 0) {
    const rows = await database.rows<{ word: string; best: string[] | null }>(sql`
      SELECT w AS word,
             ARRAY(SELECT s.word FROM search_words s WHERE s.word % w ORDER BY s.word <-> w, s.word LIMIT 3) AS best
      FROM jsonb_array_elements_text(${JSON.stringify(unknown)}::jsonb) AS w
      WHERE NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = w)`);
    const found = new Map(rows.map((r) => [r.word, r.best && r.best.length > 0 ? r.best : null]));
    for (const w of unknown) memo.set(w, found.get(w) ?? null);
  }
  return new Map(candidates.flatMap((w) => (memo.get(w) ? [[w, memo.get(w)!] as const] : [])));
}

/**
 * Full-text search, best first. A plain query also finds items with some of its words, and its
 * misspelled words are searched as their corrections too.
 */
async function textSearch(
  database: Database,
  q: string,
  section: number | undefined,
  limit: number,
  snapshot: object,
  inEdition: SQL,
) {
  const words = looseWords(q);
  const corrected = await corrections(database, words, snapshot);
  // The query with each misspelled word replaced by any of its corrections ('sick leeve' → sick and
  // (leave or lease …)); nothing when no word needed one.
  const term = (word: string) => sql`plainto_tsquery('english', ${word})`;
  const fixed =
    corrected.size > 0
      ? sql.join(
          words.map((w) => {
            const options = corrected.get(w);
            return options ? sql`(${sql.join(options.map(term), sql` || `)})` : term(w);
          }),
          sql` && `,
        )
      : sql`''::tsquery`;
  // Any of the words: for questions in plain language ('how many sick days carry over').
  const anyWords = [...new Set([...words, ...[...corrected.values()].flat()])];
  const any = anyWords.length > 1 ? anyWords.join(" or ") : "";
  const inSection = (column: SQL) => (section === undefined ? sql`TRUE` : sql`${column} = ${section}`);
  // Items with all the words rank above items with some of them.
  const rank = (vector: SQL) => sql`
    CASE WHEN ${vector} @@ input.strict THEN 2 + ts_rank_cd(${vector}, input.strict, 32)
         ELSE 1 + ts_rank_cd(${vector}, input.loose, 32) END`;
  // One match per row: strict OR loose as one tsquery (which a GIN index can also serve).
  const found = (vector: SQL) => sql`${vector} @@ input.either`;
  return database.rows<Row>(sql`
    WITH terms AS MATERIALIZED (
      SELECT websearch_to_tsquery('english', ${q}) || ${fixed} AS strict,
             websearch_to_tsquery('english', ${any}) AS loose
    ),
    input AS (SELECT strict, loose, strict || loose AS either FROM terms),
    hits AS (
      SELECT 'section' AS kind, s.n::int AS id, s.n::int AS section_number,
             5 + ts_rank_cd(to_tsvector('english', s.title), input.strict, 32) AS rank
      FROM jsonb_array_elements_text(${SECTION_TITLES_JSON}::jsonb) WITH ORDINALITY AS s(title, n), input
      WHERE to_tsvector('english', s.title) @@ input.strict AND ${inSection(sql`s.n`)}
      UNION ALL
      SELECT 'question', q.id, q.section_number, ${rank(sql`q.search_vector`)}
      FROM questions q, input
      WHERE q.archived_at IS NULL AND ${inSection(sql`q.section_number`)} AND ${found(sql`q.search_vector`)}
        AND ${inEdition}
      UNION ALL
      SELECT 'flashcard', f.id, f.section_number, ${rank(sql`f.search_vector`)}
      FROM flashcards f, input
      WHERE f.archived_at IS NULL AND ${inSection(sql`f.section_number`)} AND ${found(sql`f.search_vector`)}
        AND ${inEdition}
      ORDER BY rank DESC, kind, id
      LIMIT ${limit}
    )
    SELECT h.kind, h.id, h.section_number AS "sectionNumber",
      CASE h.kind WHEN 'question' THEN q.question_text WHEN 'flashcard' THEN f.term ELSE '' END AS title,
      CASE h.kind
        WHEN 'question' THEN ts_headline('english',
          -- The explanation (weight B) when it has a hit, else the question: read from the stored vector.
          CASE WHEN ts_filter(q.search_vector, '{b}') @@ (input.either) THEN q.explanation ELSE q.question_text END,
          input.either, ${HEADLINE})
        WHEN 'flashcard' THEN ts_headline('english', f.definition, input.either, ${HEADLINE})
        ELSE ts_headline('english', ${SECTION_TITLES_JSON}::jsonb ->> (h.id - 1), input.either, ${HEADLINE})
      END AS snippet,
      CASE h.kind WHEN 'question' THEN q.citation WHEN 'flashcard' THEN f.citation ELSE '§' || h.id END AS citation
    FROM hits h CROSS JOIN input
    LEFT JOIN questions q ON h.kind = 'question' AND q.id = h.id
    LEFT JOIN flashcards f ON h.kind = 'flashcard' AND f.id = h.id
    ORDER BY h.rank DESC, h.kind, h.id`);
}

/** Search results, best first. `snapshot` is the content cache's current one (see corrections). */
export async function search(
  database: Database,
  { snapshot, edition }: { snapshot: object; edition: string | null },
  input: z.infer<typeof searchInput>,
): Promise<SearchResult[]> {
  // Only items true for the edition studied: a predicate on the row, no join.
  const inEdition = edition === null ? sql`TRUE` : sql`${edition} = ANY(editions)`;
  const q = input.q.trim();
  const citation = parseCitationQuery(q);
  if (citation && (input.section === undefined || input.section === citation.section)) {
    // A contract reference: the items citing it, closest first, ranked as the device ranks them.
    // The bank is small (hundreds of items per section at most), so one section's items are ranked here.
    const [questions, cards] = await Promise.all([
      database.rows<CitingItem>(sql`
        SELECT 'question' AS kind, id, section_number AS "sectionNumber", question_text AS title,
               explanation AS body, citation
        FROM questions WHERE archived_at IS NULL AND section_number = ${citation.section} AND citation IS NOT NULL
          AND ${inEdition}`),
      database.rows<CitingItem>(sql`
        SELECT 'flashcard' AS kind, id, section_number AS "sectionNumber", term AS title,
               definition AS body, citation
        FROM flashcards WHERE archived_at IS NULL AND section_number = ${citation.section} AND citation IS NOT NULL
          AND ${inEdition}`),
    ]);
    return citationResults([...questions, ...cards], citation, input.limit);
  }
  const rows = await textSearch(database, q, input.section, input.limit, snapshot, inEdition);
  return rows.map((row) => ({
    kind: row.kind,
    id: Number(row.id),
    sectionNumber: Number(row.sectionNumber),
    title: row.kind === "section" ? sidebarSectionName(Number(row.id)) : row.title,
    snippet: snippetFromMarked(row.snippet),
    citation: row.citation,
  }));
}
