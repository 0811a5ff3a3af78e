/**
 * Search over the question bank, the flashcard deck and the section titles, in the database, the same
 * on PGlite and PostgreSQL:
 * - a contract reference ('7.C.2', '§12', 'Section 12') finds the items citing that paragraph (and its
 *   sub-paragraphs) or section;
 * - any other text goes through websearch_to_tsquery (quotes, `or` and `-word` work, and no input can
 *   raise an error), ranked by ts_rank_cd over the weighted search documents, with ts_headline
 *   snippets. A plain query also finds items with only some of its words (ranked below items with
 *   all), and misspellings by pg_trgm word similarity (ranked below both).
 * Archived items never appear. Reads the tables directly, so an admin's edit is found at once.
 */
import {
  citationRank,
  HIT_END,
  HIT_START,
  looseWords,
  parseCitationQuery,
  plainSnippet,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_KINDS,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_LIMIT,
  SECTION_SEARCH_TITLES,
  type SearchResult,
  sidebarSectionName,
  snippetFromMarked,
} from "@jcba/domain";
import { hasControlChars } from "@jcba/validators";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { sectionNumber } from "../schemas.ts";
import { protectedProcedure, router } from "../trpc.ts";

const TAG = ["Search"];

const limitMessage = `limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}.`;

export const searchInput = z.object({
  q: z
    .string({ error: "q is required: the words or contract reference to search for." })
    .max(SEARCH_MAX_LENGTH, `q is too long (at most ${SEARCH_MAX_LENGTH} characters).`)
    .refine((v) => !hasControlChars(v, true), "q cannot contain control characters.")
    .refine((v) => v.trim().length > 0, "q is empty: type the words or contract reference to search for.")
    .meta({
      description: "Words, a quoted phrase, `or`, `-word`, or a contract reference (7.C.2, §12).",
      example: "sick leave",
    }),
  section: sectionNumber.optional().meta({ description: "Only results from this section (1–32)." }),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(SEARCH_MAX_LIMIT, limitMessage)
    .default(SEARCH_DEFAULT_LIMIT),
});

export const searchResult = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int().meta({ description: "The question's or flashcard's id; for a section, its number." }),
  sectionNumber: z.number().int(),
  title: z.string().meta({ description: "The question text, the card's term, or the section's name." }),
  snippet: z.string().meta({
    description: "HTML-escaped text; the words that matched are wrapped in <mark>…</mark>, the only tags.",
  }),
  citation: z.string().nullable().meta({ example: "7.A.4" }),
});

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

/** Full-text search (with the forgiving matches for plain queries), best first. */
function textSearch(q: string, section: number | undefined, limit: number): SQL {
  const words = looseWords(q);
  // Any of the words: for questions in plain language ('how many sick days carry over').
  const anyWords = words.length > 1 ? words.join(" or ") : "";
  // Misspellings: the plain query's longer words, compared by trigrams.
  const fuzzy = words.filter((w) => w.length >= 4).join(" ");
  const inSection = (column: SQL) => (section === undefined ? sql`TRUE` : sql`${column} = ${section}`);
  // Items with all the words rank above items with some of them, which rank above misspelled matches.
  const rank = (vector: SQL, text: SQL) => sql`
    CASE WHEN ${vector} @@ input.strict THEN 2 + ts_rank_cd(${vector}, input.strict, 32)
         WHEN ${vector} @@ input.loose THEN 1 + ts_rank_cd(${vector}, input.loose, 32)
         ELSE 0 END
    + CASE WHEN input.fuzzy <> '' THEN word_similarity(input.fuzzy, ${text}) ELSE 0 END`;
  const found = (vector: SQL, text: SQL) =>
    sql`(${vector} @@ input.strict OR ${vector} @@ input.loose OR (input.fuzzy <> '' AND input.fuzzy <% ${text}))`;
  return sql`
    WITH input AS MATERIALIZED (
      SELECT websearch_to_tsquery('english', ${q}) AS strict,
             websearch_to_tsquery('english', ${anyWords}) AS loose,
             ${fuzzy}::text AS fuzzy,
             websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('english', ${anyWords}) AS marks
    ),
    hits AS (
      SELECT 'section' AS kind, s.n::int AS id, s.n::int AS section_number,
             5 + ts_rank_cd(to_tsvector('english', s.title), input.strict, 32) AS rank
      FROM jsonb_array_elements_text(${SECTION_TITLES_JSON}::jsonb) WITH ORDINALITY AS s(title, n), input
      WHERE to_tsvector('english', s.title) @@ input.strict AND ${inSection(sql`s.n`)}
      UNION ALL
      SELECT 'question', q.id, q.section_number, ${rank(sql`q.search_vector`, sql`q.search_text`)}
      FROM questions q, input
      WHERE q.archived_at IS NULL AND ${inSection(sql`q.section_number`)}
        AND ${found(sql`q.search_vector`, sql`q.search_text`)}
      UNION ALL
      SELECT 'flashcard', f.id, f.section_number, ${rank(sql`f.search_vector`, sql`f.search_text`)}
      FROM flashcards f, input
      WHERE f.archived_at IS NULL AND ${inSection(sql`f.section_number`)}
        AND ${found(sql`f.search_vector`, sql`f.search_text`)}
      ORDER BY rank DESC, kind, id
      LIMIT ${limit}
    )
    SELECT h.kind, h.id, h.section_number AS "sectionNumber",
      CASE h.kind WHEN 'question' THEN q.question_text WHEN 'flashcard' THEN f.term ELSE '' END AS title,
      CASE h.kind
        WHEN 'question' THEN ts_headline('english',
          CASE WHEN to_tsvector('english', q.explanation) @@ input.marks THEN q.explanation ELSE q.question_text END,
          input.marks, ${HEADLINE})
        WHEN 'flashcard' THEN ts_headline('english', f.definition, input.marks, ${HEADLINE})
        ELSE ts_headline('english', ${SECTION_TITLES_JSON}::jsonb ->> (h.id - 1), input.marks, ${HEADLINE})
      END AS snippet,
      CASE h.kind WHEN 'question' THEN q.citation WHEN 'flashcard' THEN f.citation ELSE '§' || h.id END AS citation
    FROM hits h CROSS JOIN input
    LEFT JOIN questions q ON h.kind = 'question' AND q.id = h.id
    LEFT JOIN flashcards f ON h.kind = 'flashcard' AND f.id = h.id
    ORDER BY h.rank DESC, h.kind, h.id`;
}

export const searchRouter = router({
  query: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/search",
        tags: TAG,
        summary: "Search questions, flashcards, section titles and contract references, best first",
        protect: true,
      },
    })
    .input(searchInput)
    .output(z.array(searchResult))
    .query(async ({ ctx, input }): Promise<SearchResult[]> => {
      const q = input.q.trim();
      const citation = parseCitationQuery(q);
      if (citation && (input.section === undefined || input.section === citation.section)) {
        // A contract reference: the items citing it, closest first. The bank is small (hundreds of
        // items per section at most), so the items of one section are ranked here.
        const [questions, cards] = await Promise.all([
          ctx.database.rows<Row & { text: string }>(sql`
            SELECT 'question' AS kind, id, section_number AS "sectionNumber", question_text AS title,
                   explanation AS text, citation
            FROM questions WHERE archived_at IS NULL AND section_number = ${citation.section} AND citation IS NOT NULL`),
          ctx.database.rows<Row & { text: string }>(sql`
            SELECT 'flashcard' AS kind, id, section_number AS "sectionNumber", term AS title,
                   definition AS text, citation
            FROM flashcards WHERE archived_at IS NULL AND section_number = ${citation.section} AND citation IS NOT NULL`),
        ]);
        const items = [...questions, ...cards]
          .map((item) => ({ item, rank: citationRank(item.citation, citation) }))
          .filter((x) => x.rank > 0)
          .sort(
            (a, b) =>
              b.rank - a.rank ||
              (a.item.citation ?? "").localeCompare(b.item.citation ?? "", "en", { numeric: true }) ||
              a.item.kind.localeCompare(b.item.kind) ||
              a.item.id - b.item.id,
          )
          .map(({ item }) => ({
            kind: item.kind,
            id: item.id,
            sectionNumber: item.sectionNumber,
            title: item.title,
            snippet: plainSnippet(item.text),
            citation: item.citation,
          }));
        const sectionHit: SearchResult[] =
          citation.paragraph === null
            ? [
                {
                  kind: "section",
                  id: citation.section,
                  sectionNumber: citation.section,
                  title: sidebarSectionName(citation.section),
                  snippet: plainSnippet(SECTION_SEARCH_TITLES[citation.section - 1] ?? ""),
                  citation: `§${citation.section}`,
                },
              ]
            : [];
        return [...sectionHit, ...items].slice(0, input.limit);
      }
      const rows = await ctx.database.rows<Row>(textSearch(q, input.section, input.limit));
      return rows.map((row) => ({
        kind: row.kind,
        id: Number(row.id),
        sectionNumber: Number(row.sectionNumber),
        title: row.kind === "section" ? sidebarSectionName(Number(row.id)) : row.title,
        snippet: snippetFromMarked(row.snippet),
        citation: row.citation,
      }));
    }),
});
