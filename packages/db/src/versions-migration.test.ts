/**
 * Upgrading a database made by the previous release (migrations up to 0010): every item becomes its
 * version 1, and every answer, test and review log entry points at it. Runs on PGlite, and on the
 * PostgreSQL server named by TEST_DATABASE_URL when set.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "./index.ts";
import { MIGRATIONS_DIR } from "./template.ts";
import { createScratchDatabase } from "./test-postgres.ts";

/** The last migration of the previous release. */
const PREVIOUS_RELEASE = "0010_partial_test_index";

/** A migrations folder holding the previous release's migrations only. */
function previousReleaseMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), "jcba-previous-release-"));
  mkdirSync(join(dir, "meta"));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8"));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === PREVIOUS_RELEASE);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries) copyFileSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  return dir;
}

let database: Database;
let oldMigrations: string;
beforeAll(async () => {
  const server = process.env.TEST_DATABASE_URL;
  database = await createDatabase(
    server
      ? { databaseUrl: await createScratchDatabase(server), maxConnections: 2 }
      : { dataDir: "memory://", fromTemplate: false },
  );
  oldMigrations = previousReleaseMigrations();
  await database.migrate(oldMigrations);
}, 120_000);
afterAll(async () => {
  await database?.close();
  if (oldMigrations) rmSync(oldMigrations, { recursive: true, force: true });
});

const one = async <T>(query: ReturnType<typeof sql>) => (await database.rows<T>(query))[0]!;

describe("upgrading a database made by the previous release", () => {
  it("makes every item version 1, pointed at by every answer, test and review", async () => {
    expect(readdirSync(MIGRATIONS_DIR).some((f) => f.startsWith("0011_"))).toBe(true);
    // Made by the previous release: no version columns exist yet.
    const { id: userId } = await one<{ id: number }>(
      sql`INSERT INTO users (email, first_name, last_name) VALUES ('old@release.test', 'Old', 'Member') RETURNING id`,
    );
    const { id: mc } = await one<{ id: number }>(sql`
      INSERT INTO questions (section_number, question_type, question_text, options, correct_answer, explanation, citation, source, source_label)
      VALUES (7, 'multiple-choice', 'Which line average?', '["69","70","71","72"]', '71', 'Because 7.A.3 says so.', '7.A.3', 'https://example.org/a', 'AFA article')
      RETURNING id`);
    const { id: fib } = await one<{ id: number }>(sql`
      INSERT INTO questions (section_number, question_type, question_text, correct_answer, alternatives, explanation, edited_at)
      VALUES (2, 'fill-in-blank', 'At most ____ holidays a year.', '5', '["five"]', 'Under 2.Q.2.', now()) RETURNING id`);
    const { id: card } = await one<{ id: number }>(
      sql`INSERT INTO flashcards (section_number, term, definition, citation) VALUES (27, 'Section 27', 'Four situations.', '§27') RETURNING id`,
    );
    const testId = "00000000-0000-4000-8000-000000000001";
    await database.rows(sql`
      INSERT INTO test_attempts (id, user_id, sections_included, question_ids, total_questions, score, time_spent_seconds)
      VALUES (${testId}, ${userId}, '{2,7}', ARRAY[${mc}, ${fib}]::int[], 2, 50, 60)`);
    await database.rows(sql`
      INSERT INTO question_attempts (id, user_id, question_id, section_number, user_answer, is_correct, test_attempt_id, is_first)
      VALUES ('00000000-0000-4000-8000-000000000002', ${userId}, ${mc}, 7, '71', true, ${testId}, true),
             ('00000000-0000-4000-8000-000000000003', ${userId}, ${fib}, 2, 'four', false, NULL, true)`);
    await database.rows(sql`
      INSERT INTO review_log (id, user_id, item_type, item_id, rating, reviewed_at, applied, due, stability, difficulty, state)
      VALUES ('00000000-0000-4000-8000-000000000004', ${userId}, 'flashcard', ${card}, 3, now(), true, now(), 1, 5, 1),
             ('00000000-0000-4000-8000-000000000005', ${userId}, 'question', ${mc}, 3, now(), true, now(), 1, 5, 1)`);

    await database.migrate();

    expect(await database.rows(sql`SELECT id, version FROM questions ORDER BY id`)).toEqual([
      { id: mc, version: 1 },
      { id: fib, version: 1 },
    ]);
    const versions = await database.rows<Record<string, unknown>>(sql`
      SELECT question_id, version, question_type, question_text, options, correct_answer, alternatives, explanation, citation, source, source_label, created_by
      FROM question_versions ORDER BY question_id, version`);
    expect(versions).toEqual([
      {
        question_id: mc,
        version: 1,
        question_type: "multiple-choice",
        question_text: "Which line average?",
        options: ["69", "70", "71", "72"],
        correct_answer: "71",
        alternatives: null,
        explanation: "Because 7.A.3 says so.",
        citation: "7.A.3",
        source: "https://example.org/a",
        source_label: "AFA article",
        created_by: null,
      },
      expect.objectContaining({ question_id: fib, version: 1, correct_answer: "5", alternatives: ["five"] }),
    ]);
    expect(await database.rows(sql`SELECT flashcard_id, version, term FROM flashcard_versions`)).toEqual([
      { flashcard_id: card, version: 1, term: "Section 27" },
    ]);
    expect(await database.rows(sql`SELECT question_version FROM question_attempts ORDER BY id`)).toEqual([
      { question_version: 1 },
      { question_version: 1 },
    ]);
    expect(await one(sql`SELECT question_versions FROM test_attempts`)).toEqual({ question_versions: [1, 1] });
    expect(await database.rows(sql`SELECT item_version FROM review_log ORDER BY id`)).toEqual([
      { item_version: 1 },
      { item_version: 1 },
    ]);
  });

  it("then versions every change of content, and only of content", async () => {
    const { id } = await one<{ id: number }>(sql`SELECT id FROM questions WHERE question_type = 'multiple-choice'`);
    await database.rows(
      sql`UPDATE questions SET section_number = 8, archived_at = now(), edited_at = now() WHERE id = ${id}`,
    );
    expect(await one(sql`SELECT version FROM questions WHERE id = ${id}`)).toEqual({ version: 1 });
    await database.rows(sql`UPDATE questions SET correct_answer = '70' WHERE id = ${id}`);
    expect(await one(sql`SELECT version FROM questions WHERE id = ${id}`)).toEqual({ version: 2 });
    expect(
      await database.rows(
        sql`SELECT version, correct_answer FROM question_versions WHERE question_id = ${id} ORDER BY version`,
      ),
    ).toEqual([
      { version: 1, correct_answer: "71" },
      { version: 2, correct_answer: "70" },
    ]);
    // The version of an answer is named by every write from now on.
    const { id: userId } = await one<{ id: number }>(sql`SELECT id FROM users`);
    await expect(
      database.rows(sql`INSERT INTO question_attempts (id, user_id, question_id, section_number, user_answer, is_correct)
        VALUES ('00000000-0000-4000-8000-000000000006', ${userId}, ${id}, 8, '70', true)`),
    ).rejects.toThrow();
    await database.rows(sql`INSERT INTO question_attempts (id, user_id, question_id, question_version, section_number, user_answer, is_correct)
        VALUES ('00000000-0000-4000-8000-000000000006', ${userId}, ${id}, 2, 8, '70', true)`);
  });

  it("makes every item of the previous release true for the JCBA 2016, and a new item true for the edition in force", async () => {
    expect(await database.rows(sql`SELECT slug, effective_on::text AS effective_on FROM editions`)).toEqual([
      { slug: "jcba-2016", effective_on: "2016-12-20" },
    ]);
    expect(
      await database.rows(
        sql`SELECT DISTINCT editions FROM questions UNION ALL SELECT DISTINCT editions FROM flashcards`,
      ),
    ).toEqual([{ editions: ["jcba-2016"] }, { editions: ["jcba-2016"] }]);
    // A later edition, not yet in force, and one named explicitly.
    await database.rows(
      sql`INSERT INTO editions (slug, name, effective_on) VALUES ('jcba-2099', 'JCBA 2099', '2099-01-01')`,
    );
    const { editions } = await one<{ editions: string[] }>(sql`
      INSERT INTO flashcards (section_number, term, definition) VALUES (3, 'New', 'Written after the upgrade.') RETURNING editions`);
    expect(editions).toEqual(["jcba-2016"]);
    const named = await one<{ editions: string[] }>(sql`
      INSERT INTO flashcards (section_number, term, definition, editions) VALUES (3, 'Next', 'For the next contract.', '{jcba-2099}') RETURNING editions`);
    expect(named.editions).toEqual(["jcba-2099"]);
  });
});
