/**
 * Export and import keep each item's contract editions and the item it replaces
 * (docs/decisions/0013-editions-replace-items.md): a column each in CSV, fields in JSON.
 */
import { FIRST_EDITION } from "@jcba/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();
const NEXT = "jcba-2030";
const admin = () => t.admin.call.transfer;

let old: { question: number; card: number };
let revised: { question: number; card: number };

beforeAll(async () => {
  const [q] = await t.database.rows<{ id: number }>(
    sql`SELECT id FROM questions WHERE section_number = 7 ORDER BY id LIMIT 1`,
  );
  const [c] = await t.database.rows<{ id: number }>(
    sql`SELECT id FROM flashcards WHERE section_number = 7 ORDER BY id LIMIT 1`,
  );
  old = { question: q!.id, card: c!.id };
  await t.admin.call.editions.create({ slug: NEXT, name: "JCBA 2030", effectiveOn: "2030-01-01" });
  revised = {
    question: (
      await t.admin.call.questions.revise({ id: q!.id, edition: NEXT, explanation: "As the 2030 contract says." })
    ).id,
    card: (await t.admin.call.flashcards.revise({ id: c!.id, edition: NEXT, definition: "The 2030 rule." })).id,
  };
});

/** Every item's content, version, editions and `replaces`, and the versions tables' size: what an import may change. */
const state = async () => ({
  questions: await t.database.rows(
    sql`SELECT id, question_text, options, correct_answer, alternatives, explanation, citation, version, editions, replaces FROM questions ORDER BY id`,
  ),
  flashcards: await t.database.rows(
    sql`SELECT id, term, definition, citation, version, editions, replaces FROM flashcards ORDER BY id`,
  ),
  versions: await t.database.rows(
    sql`SELECT (SELECT count(*)::int FROM question_versions) AS q, (SELECT count(*)::int FROM flashcard_versions) AS f`,
  ),
});

const itemOf = async (table: "questions" | "flashcards", id: number) =>
  (
    await t.database.rows<{ editions: string[]; replaces: number | null; version: number }>(
      sql`SELECT editions, replaces, version FROM ${sql.raw(table)} WHERE id = ${id}`,
    )
  )[0]!;

describe("export carries editions and replaces", () => {
  it("CSV has a column for each; JSON a field", async () => {
    const csv = (await admin().export({ kind: "questions", format: "csv" })).content.split(/\r?\n/);
    expect(csv[0]).toBe(
      "id,sectionNumber,questionType,questionText,option1,option2,option3,option4,correctAnswer,explanation,citation,editions,replaces",
    );
    const line = csv.find((l) => l.startsWith(`${revised.question},`))!;
    expect(line.endsWith(`,${NEXT},${old.question}`)).toBe(true);
    expect(csv.find((l) => l.startsWith(`${old.question},`))!.endsWith(`,${FIRST_EDITION},`)).toBe(true);

    const cards = (await admin().export({ kind: "flashcards", format: "csv" })).content.split(/\r?\n/);
    expect(cards[0]).toBe("id,sectionNumber,term,definition,citation,editions,replaces");
    expect(cards.find((l) => l.startsWith(`${revised.card},`))!.endsWith(`,${NEXT},${old.card}`)).toBe(true);

    const json = JSON.parse((await admin().export({ kind: "flashcards", format: "json" })).content);
    expect(json.find((f: { id: number }) => f.id === revised.card)).toMatchObject({
      editions: [NEXT],
      replaces: old.card,
    });
    expect(json.find((f: { id: number }) => f.id === old.card)).toMatchObject({
      editions: [FIRST_EDITION],
      replaces: null,
    });
  });
});

describe("export → import changes nothing", () => {
  for (const kind of ["questions", "flashcards"] as const)
    for (const format of ["csv", "json"] as const)
      it(`${kind} as ${format}`, async () => {
        const before = await state();
        const exported = (await admin().export({ kind, format })).content;
        const dry = await admin().import({ kind, format, content: exported, dryRun: true });
        expect(dry).toMatchObject({ invalid: 0, creates: 0, error: null });
        expect(dry.updates).toBe(before[kind].length);
        // Nothing a member sees changes, so no row makes a version.
        expect(dry.rows.filter((r) => r.newVersion !== null)).toEqual([]);
        await admin().import({ kind, format, content: exported, dryRun: false });
        expect(await state()).toEqual(before);
        expect((await admin().export({ kind, format })).content).toBe(exported);
      });
});

describe("import sets editions and replaces", () => {
  it("a bad edition or replaces is a row problem in the dry run, and nothing is written", async () => {
    const before = await state();
    const csv = [
      "id,sectionNumber,term,definition,citation,editions,replaces",
      `,7,A new card,For the next contract.,7.A,${NEXT} jcba-1999,`,
      `,7,Another card,Replaces nothing there is.,7.A,${NEXT},999999`,
      `${old.card},7,Old card,Replaces itself.,7.A,${FIRST_EDITION},${old.card}`,
      `,7,Good card,Fine.,7.A,${NEXT},${old.card}`,
    ].join("\n");
    const dry = await admin().import({ kind: "flashcards", format: "csv", content: csv, dryRun: true });
    expect(dry).toMatchObject({ applied: false, invalid: 3, creates: 1 });
    expect(dry.rows.map((r) => r.problems)).toEqual([
      ["editions: there is no edition jcba-1999 (GET /api/editions lists them)."],
      ["replaces: no flashcard has id 999999."],
      ["replaces: a flashcard cannot replace itself."],
      [],
    ]);
    expect(await failure(admin().import({ kind: "flashcards", format: "csv", content: csv, dryRun: false }))).toEqual({
      code: "BAD_REQUEST",
      text: expect.stringMatching(/3 row\(s\) have problems; nothing was imported/),
    });
    expect(await state()).toEqual(before);
  });

  it("a replaces chain that comes back to the row is refused", async () => {
    // old.card is replaced by revised.card; making old.card replace revised.card closes a loop.
    const content = JSON.stringify([
      { id: old.card, sectionNumber: 7, term: "T", definition: "D", replaces: revised.card },
    ]);
    const dry = await admin().import({ kind: "flashcards", format: "json", content, dryRun: true });
    expect(dry.rows[0]!.problems).toEqual([
      `replaces: flashcard ${revised.card} already leads back to flashcard ${old.card}.`,
    ]);
  });

  it("creates an item of one edition that replaces another, and moves an item between editions", async () => {
    const content = JSON.stringify([
      {
        sectionNumber: 7,
        questionType: "fill-in-blank",
        questionText: "How many days under the 2030 contract?",
        correctAnswer: "12",
        explanation: "The 2030 text.",
        editions: [NEXT],
        replaces: old.question,
      },
      { ...(await questionById(revised.question)), editions: [FIRST_EDITION, NEXT], replaces: null },
    ]);
    const report = await admin().import({ kind: "questions", format: "json", content, dryRun: false });
    expect(report).toMatchObject({ applied: true, creates: 1, updates: 1 });
    const [created] = await t.database.rows<{ id: number }>(
      sql`SELECT id FROM questions WHERE question_text = 'How many days under the 2030 contract?'`,
    );
    expect(await itemOf("questions", created!.id)).toMatchObject({
      editions: [NEXT],
      replaces: old.question,
      version: 1,
    });
    // Metadata only: the revised question keeps its version.
    expect(await itemOf("questions", revised.question)).toMatchObject({
      editions: [FIRST_EDITION, NEXT],
      replaces: null,
      version: 1,
    });
    // A file without the columns keeps them; a new item gets the edition in force.
    const csv = `id,sectionNumber,questionType,questionText,option1,option2,option3,option4,correctAnswer,explanation,citation\n,7,fill-in-blank,A plain new question?,,,,,yes,Because.,7.A\n`;
    await admin().import({ kind: "questions", format: "csv", content: csv, dryRun: false });
    const [plain] = await t.database.rows<{ id: number }>(
      sql`SELECT id FROM questions WHERE question_text = 'A plain new question?'`,
    );
    expect(await itemOf("questions", plain!.id)).toMatchObject({ editions: [FIRST_EDITION], replaces: null });
  });
});

async function questionById(id: number) {
  const json = JSON.parse((await admin().export({ kind: "questions", format: "json" })).content) as { id: number }[];
  return json.find((q) => q.id === id)!;
}
