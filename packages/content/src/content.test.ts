import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contentTombstones, createDatabase, type Database, flashcards, questions } from "@jcba/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkAll,
  checkSection,
  DATA_DIR,
  FLASHCARD_COUNTS,
  isCitationOf,
  isTa2025Url,
  readAllSections,
  sentenceCount,
  ta2025Report,
} from "./check.mjs";
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
  it("keeps Section 27 to its own content: the JCBA-wide history moved to Section 32 or left out", () => {
    const bySection = new Map(files.map((f) => [f.section, f.data]));
    const keys = (s: number) => [...bySection.get(s)!.questions, ...bySection.get(s)!.flashcards].map((i) => i.key);
    for (const gone of ["s27-q03", "s27-q04", "s27-q05", "s27-f02", "s27-f03"]) expect(keys(27)).not.toContain(gone);
    const moved = bySection.get(32)!.questions.find((i) => i.key === "s32-q25")!;
    expect(moved.answer).toBe("United, Continental and Continental Micronesia");
    expect(
      bySection
        .get(27)!
        .sources.filter((s) => s.notesTag === "context")
        .map((s) => s.id),
    ).toEqual(["S3", "S4"]);
  });
  it("labels every item's source and backs every TA2025-page item with a dated source or a recorded basis", () => {
    for (const f of files)
      for (const item of [...f.data.questions, ...f.data.flashcards]) {
        expect(item.sourceLabel, item.key).toMatch(/\w{3,}/);
        if (isTa2025Url(item.source) && !item.basis) expect(item.secondSource, item.key).toMatch(/^https?:/);
      }
    const report = ta2025Report(files);
    expect(report.reduce((n, r) => n + r.total, 0)).toBeGreaterThan(0);
    for (const r of report) expect(r.confirmed + r.unchangedBasis).toBe(r.total);
  });
  it("accepts the word form of every whole-number fill-in answer below 100", () => {
    for (const f of files)
      for (const q of f.data.questions)
        if (q.type === "fill-in-blank" && /^[0-9]$/.test(q.answer))
          expect(q.alternatives?.length, q.key).toBeGreaterThan(0);
  });
  it("has at least 20 questions in every section whose notes can carry them, and says why elsewhere", () => {
    for (const f of files) {
      if (f.data.questions.length < 20) expect(f.data.thinNote, `section ${f.section}`).toMatch(/\w{4,}/);
    }
    expect(files.filter((f) => f.data.questions.length >= 20).length).toBeGreaterThanOrEqual(28);
  });
});

describe("the checker", () => {
  const TA = "https://sites.google.com/unitedafa.org/ta2025/section-7-scheduling";
  const base = {
    section: 7,
    editions: ["jcba-2016"],
    sources: [
      { id: "S1", url: TA, label: "TA2025 redline page (rejected 2025 proposal)", year: null },
      { id: "S2", url: "https://example.org/a", label: "AFA article, Feb 6, 2019", year: 2019 },
      { id: "S3", url: "https://example.org/undated", label: "AFA article", year: null },
    ],
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
    sourceLabel: "AFA article, Feb 6, 2019",
  };
  // The deck-size rule is checked elsewhere; these tests look at single questions.
  const problemsFor = (...items: Record<string, unknown>[]) =>
    checkSection({ ...base, questions: items } as never, 7)
      .filter((m) => !/flashcards, expected/.test(m))
      .join("\n");

  it("passes a well-sourced item, so the rules below are what fail", () => {
    expect(problemsFor(q)).toBe("");
    expect(
      problemsFor({
        ...q,
        source: TA,
        sourceLabel: base.sources[0]!.label,
        secondSource: q.source,
        secondSourceLabel: q.sourceLabel,
      }),
    ).toBe("");
    expect(
      problemsFor({
        ...q,
        source: TA,
        sourceLabel: base.sources[0]!.label,
        basis: "ta2025-page-unchanged",
        basisNote: "7.A.3 on the TA page carries no change note or paired wording",
      }),
    ).toBe("");
  });
  it("rejects research wording in anything a member reads", () => {
    expect(problemsFor({ ...q, explanation: "Their contents were not retrieved, so this is all we have." })).toMatch(
      /research wording in explanation/,
    );
    expect(problemsFor({ ...q, options: ["69", "70", "71", "Unverified"] })).toMatch(/research wording in options/);
  });
  it("rejects a TA2025-page item with neither a dated second source nor a basis", () => {
    const onTa = { ...q, source: TA, sourceLabel: base.sources[0]!.label };
    expect(problemsFor(onTa)).toMatch(/TA2025 page without a second dated/);
    expect(
      problemsFor({ ...onTa, secondSource: "https://example.org/undated", secondSourceLabel: "AFA article" }),
    ).toMatch(/TA2025 page without a second dated/);
    expect(problemsFor({ ...onTa, basis: "ta2025-page-unchanged" })).toMatch(/basisNote must be a one-line reason/);
    expect(problemsFor({ ...onTa, basis: "looks fine", basisNote: "7.A.3 carries no change note at all" })).toMatch(
      /basis must be "ta2025-page-unchanged"/,
    );
  });
  it("refuses an item resting on a source the notes use only for context", () => {
    const withContext = {
      ...base,
      sources: [
        ...base.sources,
        { id: "S4", url: "https://example.org/jcba-wide", label: "AFA update", year: 2012, notesTag: "context" },
      ],
    };
    const ctx = { ...q, source: "https://example.org/jcba-wide", sourceLabel: "AFA update" };
    const problems = (item: Record<string, unknown>) =>
      checkSection({ ...withContext, questions: [item] } as never, 7).join("\n");
    expect(problems(ctx)).toMatch(/source S4 backs only notes entries tagged context/);
    expect(problems({ ...q, secondSource: ctx.source, secondSourceLabel: ctx.sourceLabel })).toMatch(
      /secondSource S4 backs only notes entries tagged context/,
    );
    expect(problems(q)).not.toMatch(/tagged context/);
    const badTag = { ...base, sources: [{ ...base.sources[1]!, notesTag: "background" }] };
    expect(checkSection({ ...badTag, questions: [q] } as never, 7).join("\n")).toMatch(/notesTag must be "context"/);
  });
  it("rejects a source that is neither in the section's sources nor listed in sourceNote", () => {
    const foreign = { ...q, source: "https://example.org/elsewhere", sourceLabel: "AFA article, May 1, 2020" };
    expect(problemsFor(foreign)).toMatch(/not among the section's sources and not listed in sourceNote/);
    expect(
      problemsFor({ ...foreign, sourceNote: "https://example.org/elsewhere is recorded in the Section 8 notes (S4)." }),
    ).toBe("");
    expect(problemsFor({ ...q, sourceLabel: "Some article" })).toMatch(/differs from the section's label/);
    expect(problemsFor({ ...q, sourceLabel: undefined })).toMatch(/sourceLabel missing/);
  });
  it("rejects a fill-in answer with two spellings; a number needs no word form listed (grading takes it)", () => {
    const fill = {
      ...q,
      key: "s07-q02",
      type: "fill-in-blank",
      options: undefined,
      question: "The minimum line average is ____ hours (number).",
    };
    expect(problemsFor({ ...fill, answer: "100" })).toBe("");
    expect(problemsFor({ ...fill, answer: "3", alternatives: ["three"] })).toBe("");
    expect(problemsFor({ ...fill, answer: "78", alternatives: ["seventy-eight"] })).toBe("");
    expect(problemsFor({ ...fill, answer: "3/three" })).toMatch(/must be one spelling/);
    expect(problemsFor({ ...fill, answer: "3", alternatives: ["three", "3"] })).toMatch(
      /repeat each other or the answer/,
    );
    expect(problemsFor({ ...q, alternatives: ["69 hours"] })).toMatch(/only fill-in questions take alternatives/);
  });
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
            sourceLabel: "AFA article, Feb 6, 2019",
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
      questionsWithdrawn: 0,
      flashcardsWithdrawn: 0,
      keptAdminEdits: 0,
    });
  });

  it("stores each item's source labels and a fill-in's accepted alternatives", async () => {
    const shipped = checkAll({ dir }).files.flatMap((f) => f.data.questions);
    const withAlternatives = shipped.find((q) => q.alternatives?.length)!;
    const [row] = await database.db.select().from(questions).where(eq(questions.contentKey, withAlternatives.key));
    expect(row).toMatchObject({
      alternatives: withAlternatives.alternatives,
      source: withAlternatives.source,
      sourceLabel: withAlternatives.sourceLabel,
      archivedAt: null,
    });
    const [card] = await database.db.select().from(flashcards).limit(1);
    expect(card!.sourceLabel).toMatch(/\S/);
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

  it("archives an item withdrawn from the data files, unless an admin edited it, and keeps members' answers", async () => {
    const file = join(dir, "section-09.json");
    const data = JSON.parse(readFileSync(file, "utf8"));
    const [dropped, editedThenDropped] = data.questions.slice(0, 2).map((q: { key: string }) => q.key);
    const droppedCard = data.flashcards[0].key;
    await database.db
      .update(questions)
      .set({ explanation: "Admin's own wording.", editedAt: new Date() })
      .where(eq(questions.contentKey, editedThenDropped));
    const [user] = await database.rows<{ id: number }>(
      sql`INSERT INTO users (email) VALUES ('answered-before@test.local') RETURNING id`,
    );
    await database.rows(sql`
      INSERT INTO question_attempts (id, user_id, question_id, question_version, section_number, user_answer, is_correct)
      SELECT gen_random_uuid(), ${user!.id}, id, version, section_number, correct_answer, true FROM questions WHERE content_key = ${dropped}`);
    data.questions = data.questions.slice(2);
    data.flashcards = data.flashcards.slice(1);
    writeFileSync(file, JSON.stringify(data));

    const report = await loadContent(database, dir);
    expect(report).toMatchObject({ questionsWithdrawn: 1, flashcardsWithdrawn: 1 });
    const archived = async (table: typeof questions | typeof flashcards, k: string) =>
      (await database.db.select({ archivedAt: table.archivedAt }).from(table).where(eq(table.contentKey, k)))[0]
        ?.archivedAt;
    expect(await archived(questions, dropped)).toBeInstanceOf(Date);
    expect(await archived(questions, editedThenDropped)).toBeNull();
    expect(await archived(flashcards, droppedCard)).toBeInstanceOf(Date);
    const [answers] = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM question_attempts WHERE user_id = ${user!.id}`,
    );
    expect(answers!.n).toBe(1);
    // A second load archives nothing more.
    expect(await loadContent(database, dir)).toMatchObject({ questionsWithdrawn: 0, flashcardsWithdrawn: 0 });
    // Loading only some sections never withdraws the others.
    const partial = mkdtempSync(join(tmpdir(), "jcba-partial-"));
    cpSync(join(dir, "section-01.json"), join(partial, "section-01.json"));
    expect(await loadContent(database, partial)).toMatchObject({ questionsWithdrawn: 0, flashcardsWithdrawn: 0 });
    rmSync(partial, { recursive: true, force: true });
  });
});

describe("the content files' editions", () => {
  it("every file records the editions its items are true for, and the checker refuses a bad list", () => {
    const files = readAllSections();
    expect(files.every((f) => f.data.editions.join() === "jcba-2016")).toBe(true);
    const [first] = files;
    const problems = (editions: unknown, itemEditions?: unknown) =>
      checkSection(
        {
          ...first!.data,
          editions,
          questions: first!.data.questions.map((q, i) => (i === 0 ? { ...q, editions: itemEditions } : q)),
        } as never,
        first!.section,
      ).join("\n");
    expect(problems(["jcba-2016"])).toBe("");
    expect(problems(["jcba-2016"], ["jcba-2016", "jcba-2031"])).toBe("");
    expect(problems(undefined)).toMatch(/"editions" must list the contract editions/);
    expect(problems([])).toMatch(/"editions" must list the contract editions/);
    expect(problems(["JCBA 2016"])).toMatch(/"editions" must list the contract editions/);
    expect(problems(["jcba-2016"], [])).toMatch(/s01-q01: editions must list contract editions/);
  });
});
