import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contentTombstones, createDatabase, type Database, questions } from "@jcba/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAll, checkSection, DATA_DIR, FLASHCARD_COUNTS, isCitationOf, sentenceCount } from "./check.mjs";
import { loadContent } from "./index.ts";

describe("the shipped content", () => {
  const { files, problems } = checkAll();
  it("passes every check (schema, counts, options, citations, duplicates, short fill-in answers)", () => {
    expect(problems).toEqual([]);
  });
  it("covers all 32 sections and the 164-card deck, Definitions having the most cards", () => {
    expect(files.map((f) => f.section)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    expect(files.reduce((n, f) => n + f.data.flashcards.length, 0)).toBe(164);
    const most = Math.max(...Object.values(FLASHCARD_COUNTS));
    expect(files.find((f) => f.section === 2)!.data.flashcards.length).toBe(most);
  });
  it("has at least 20 questions in every section whose notes can carry them, and says why elsewhere", () => {
    for (const f of files) {
      if (f.data.questions.length < 20) expect(f.data.thinNote, `section ${f.section}`).toMatch(/\w{4,}/);
    }
    expect(files.filter((f) => f.data.questions.length >= 20).length).toBeGreaterThanOrEqual(28);
  });
});

describe("the checker", () => {
  const base = {
    section: 7,
    questions: [] as unknown[],
    flashcards: [] as unknown[],
    thinNote: "Only a test file, written for this check.",
  };
  const q = {
    key: "s07-q01",
    type: "multiple-choice",
    question: "What is the minimum line average?",
    options: ["69", "70", "71", "72"],
    answer: "69",
    explanation: "Because 7.A.3 says so.",
    citation: "7.A.3",
    source: "https://example.org/a",
  };
  it("finds an answer missing from the options, a foreign citation and a long fill-in answer", () => {
    const problems = checkSection(
      {
        ...base,
        questions: [
          { ...q, answer: "68" },
          { ...q, key: "s07-q02", citation: "8.A" },
          {
            key: "s07-q03",
            type: "fill-in-blank",
            question: "The line average is at least ____ hours?",
            answer: "sixty nine hours of flying",
            explanation: "Because it is.",
            citation: "7.A.3",
            source: "https://example.org/a",
          },
        ],
      } as never,
      7,
    );
    expect(problems.join("\n")).toMatch(/answer is not exactly one of the options/);
    expect(problems.join("\n")).toMatch(/not a paragraph of section 7/);
    expect(problems.join("\n")).toMatch(/is not short/);
  });
  it("reads citations and sentences the way the content is written", () => {
    expect(isCitationOf("7.A.3", 7)).toBe(true);
    expect(isCitationOf("§27", 27)).toBe(true);
    expect(isCitationOf("17.A", 7)).toBe(false);
    expect(sentenceCount("Paragraph 7.A.3 sets it. The U.S. domiciles get it.")).toBe(2);
  });
});

describe("the loader", () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createDatabase({ dataDir: "memory://" });
    await database.migrate();
    dir = mkdtempSync(join(tmpdir(), "jcba-content-"));
    cpSync(DATA_DIR, dir, { recursive: true });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("loads everything once and nothing twice", async () => {
    const first = await loadContent(database, dir);
    const total = checkAll({ dir }).files.reduce((n, f) => n + f.data.questions.length, 0);
    expect(first.questionsAdded).toBe(total);
    expect(first.flashcardsAdded).toBe(164);
    const second = await loadContent(database, dir);
    expect(second).toEqual({
      questionsAdded: 0,
      questionsUpdated: 0,
      flashcardsAdded: 0,
      flashcardsUpdated: 0,
      keptAdminEdits: 0,
    });
  });

  it("keeps admin edits and deletions, takes corrections to unedited items, and adds new items", async () => {
    await database.db
      .update(questions)
      .set({ explanation: "Admin's words.", editedAt: new Date() })
      .where(eq(questions.contentKey, "s07-q01"));
    await database.db.delete(questions).where(eq(questions.contentKey, "s07-q03"));
    await database.db.insert(contentTombstones).values({ contentKey: "s07-q03" });

    const file = join(dir, "section-07.json");
    const data = JSON.parse(readFileSync(file, "utf8"));
    data.questions[0].explanation = "A correction that must not replace the admin's words.";
    data.questions[1].explanation = "A correction shipped in an upgrade.";
    data.questions.push({
      ...data.questions[1],
      key: "s07-q99",
      question: "A brand-new question added in an upgrade, about line averages?",
    });
    writeFileSync(file, JSON.stringify(data));

    const report = await loadContent(database, dir);
    expect(report).toMatchObject({ questionsAdded: 1, questionsUpdated: 1, keptAdminEdits: 1 });
    const byKey = async (key: string) =>
      (await database.db.select().from(questions).where(eq(questions.contentKey, key)))[0];
    expect((await byKey("s07-q01"))!.explanation).toBe("Admin's words.");
    expect((await byKey(data.questions[1].key))!.explanation).toBe("A correction shipped in an upgrade.");
    expect(await byKey("s07-q03")).toBeUndefined();
    expect(await byKey("s07-q99")).toBeDefined();
    const rows = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM questions WHERE content_key = 's07-q99'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
