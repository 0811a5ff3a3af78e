/**
 * What changed between two contract editions: the items of edition `to` that replace one of edition
 * `from` (docs/decisions/0013-editions-replace-items.md), the items new in `to`, and those of
 * `from` that `to` no longer has, by section and paragraph, with the old and new question and answer.
 */
import { editionInForce, encodeTestCode, MAX_TEST_QUESTIONS, sidebarSectionName } from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import { MAX_REPLACES_CHAIN } from "../content/items.ts";
import type { editionChanges } from "./schemas.ts";

type Changes = z.infer<typeof editionChanges>;
type Item = Changes["sections"][number]["items"][number];

interface Row {
  kind: "question" | "flashcard";
  sectionNumber: number;
  oldId: number | null;
  oldCitation: string | null;
  oldText: string | null;
  oldAnswer: string | null;
  newId: number | null;
  newCitation: string | null;
  newText: string | null;
  newAnswer: string | null;
}

/**
 * One statement per kind: pairs of (old in `from`, new in `to`), plus the items only one side has. An
 * item true for both editions is unchanged and never listed. A new item is paired with the nearest item
 * of `from` back along its `replaces` chain, through the texts of editions in between (C replaces B
 * replaces A: from A's edition to C's, A and C pair, as decision 0013 allows for editions apart).
 */
const pairs = (table: "questions" | "flashcards", text: string, answer: string, from: string, to: string) => {
  const t = sql.raw(table);
  const [txt, ans] = [sql.raw(text), sql.raw(answer)];
  const kind = table === "questions" ? "question" : "flashcard";
  const inEd = (alias: string, slug: string) => sql`${slug} = ANY(${sql.raw(alias)}.editions)`;
  return sql`
    SELECT * FROM (
      WITH RECURSIVE
        n AS (SELECT * FROM ${t} n WHERE n.archived_at IS NULL AND ${inEd("n", to)} AND NOT ${inEd("n", from)}),
        o AS (SELECT * FROM ${t} o WHERE o.archived_at IS NULL AND ${inEd("o", from)} AND NOT ${inEd("o", to)}),
        -- Back from each new item along replaces, stopping at an item of the earlier edition.
        chain(new_id, at, depth) AS (
          SELECT n.id, n.replaces, 1 FROM n WHERE n.replaces IS NOT NULL
          UNION ALL
          SELECT chain.new_id, r.replaces, chain.depth + 1 FROM chain JOIN ${t} r ON r.id = chain.at
          WHERE r.replaces IS NOT NULL AND chain.depth < ${MAX_REPLACES_CHAIN}
            AND NOT EXISTS (SELECT 1 FROM o WHERE o.id = chain.at)
        ),
        link AS (
          SELECT DISTINCT ON (new_id) new_id, at AS old_id FROM chain
          WHERE EXISTS (SELECT 1 FROM o WHERE o.id = chain.at) ORDER BY new_id, depth
        )
      SELECT ${kind} AS kind, coalesce(n.section_number, o.section_number) AS "sectionNumber",
        o.id AS "oldId", o.citation AS "oldCitation", o.${txt} AS "oldText", o.${ans} AS "oldAnswer",
        n.id AS "newId", n.citation AS "newCitation", n.${txt} AS "newText", n.${ans} AS "newAnswer"
      FROM (SELECT n.*, link.old_id FROM n LEFT JOIN link ON link.new_id = n.id) n
      FULL JOIN o ON o.id = n.old_id
    ) AS ${sql.raw(`${kind}_pairs`)}`;
};

export async function changesBetween(ctx: Pick<Context, "database" | "content">, from: string, to: string) {
  const { editions } = await ctx.content.get();
  for (const slug of [from, to])
    if (!editions.some((e) => e.slug === slug))
      throw new TRPCError({
        code: "NOT_FOUND",
        message: `There is no edition ${slug} (GET /api/editions lists them).`,
      });
  const rows = await ctx.database.rows<Row>(sql`
    ${pairs("questions", "question_text", "correct_answer", from, to)}
    UNION ALL
    ${pairs("flashcards", "term", "definition", from, to)}
    ORDER BY "sectionNumber", kind DESC, "newCitation", "oldCitation", "newId", "oldId"`);
  const bySection = new Map<number, Item[]>();
  for (const r of rows) {
    const side = (id: number | null, text: string | null, answer: string | null) =>
      id === null ? null : { id, text: text!, answer: answer! };
    const item: Item = {
      kind: r.kind,
      change: r.oldId === null ? "added" : r.newId === null ? "removed" : "changed",
      citation: r.newCitation ?? r.oldCitation,
      old: side(r.oldId, r.oldText, r.oldAnswer),
      new: side(r.newId, r.newText, r.newAnswer),
      answerChanged: r.oldAnswer !== r.newAnswer,
    };
    const list = bySection.get(r.sectionNumber);
    if (list) list.push(item);
    else bySection.set(r.sectionNumber, [item]);
  }
  const studied = (kind: Item["kind"]) => rows.flatMap((r) => (r.kind === kind && r.newId !== null ? [r.newId] : []));
  const questionIds = studied("question");
  return {
    from,
    to,
    inForce: editionInForce(editions, new Date().toISOString().slice(0, 10))?.slug ?? null,
    sections: [...bySection].map(([sectionNumber, items]) => ({
      sectionNumber,
      title: sidebarSectionName(sectionNumber),
      items,
    })),
    questionIds,
    flashcardIds: studied("flashcard"),
    // The changed and new questions as a practice test anyone can open (a test holds 200 at most).
    testCode:
      questionIds.length === 0
        ? null
        : encodeTestCode({ kind: "list", questionIds: questionIds.slice(0, MAX_TEST_QUESTIONS) }),
  };
}
