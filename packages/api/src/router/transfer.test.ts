/** Admin export and import of the bank and deck: JSON and CSV, dry run, all-or-nothing. */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

const count = async (table: "questions" | "flashcards") =>
  (await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;
const admin = () => t.admin.call.transfer;

describe("transfer.export", () => {
  it("exports the whole bank as JSON and CSV, and the deck", async () => {
    const json = await admin().export({ kind: "questions", format: "json" });
    expect(JSON.parse(json.content)).toHaveLength(await count("questions"));
    expect(json.filename).toMatch(/^jcba-questions-\d{4}-\d{2}-\d{2}\.json$/);
    expect(json.contentType).toBe("application/json");
    const csv = await admin().export({ kind: "questions", format: "csv" });
    expect(csv.content.split(/\r?\n/)[0]).toBe(
      "id,sectionNumber,questionType,questionText,option1,option2,option3,option4,correctAnswer,explanation,citation,editions,replaces",
    );
    expect((await admin().export({ kind: "flashcards", format: "csv" })).count).toBe(164);
  });

  it("is for admins only", async () => {
    const { call } = await t.member();
    expect((await failure(call.transfer.export({ kind: "questions" }))).code).toBe("FORBIDDEN");
    expect((await failure(call.transfer.import({ kind: "questions", format: "json", content: "[]" }))).code).toBe(
      "FORBIDDEN",
    );
  });
});

describe("transfer.import", () => {
  it("a dry run reports each bad row and writes nothing", async () => {
    const before = await count("questions");
    const content = JSON.stringify([
      {
        sectionNumber: 3,
        questionType: "fill-in-blank",
        questionText: "A good new question?",
        correctAnswer: "yes",
        explanation: "Because.",
      },
      {
        sectionNumber: 33,
        questionType: "multiple-choice",
        questionText: "Bad section?",
        options: ["a", "b", "c", "d"],
        correctAnswer: "a",
        explanation: "x",
      },
      {
        sectionNumber: 4,
        questionType: "multiple-choice",
        questionText: "Bad answer?",
        options: ["a", "b", "c", "d"],
        correctAnswer: "e",
        explanation: "x",
      },
      {
        id: 99999,
        sectionNumber: 4,
        questionType: "fill-in-blank",
        questionText: "Unknown id?",
        correctAnswer: "x",
        explanation: "x",
      },
    ]);
    const report = await admin().import({ kind: "questions", format: "json", content, dryRun: true });
    expect(report).toMatchObject({ dryRun: true, applied: false, total: 4, creates: 1, invalid: 3 });
    expect(report.rows[0]).toEqual({ row: 1, id: null, action: "create", problems: [], newVersion: 1 });
    expect(report.rows[1]!.problems.join(" ")).toMatch(/sectionNumber/);
    expect(report.rows[2]!.problems.join(" ")).toMatch(/one of the options/);
    expect(report.rows[3]!.problems.join(" ")).toMatch(/no question has id 99999/);
    expect(await count("questions")).toBe(before);
  });

  it("refuses to apply a file with any bad row, changing nothing", async () => {
    const before = await count("questions");
    const content = JSON.stringify([
      {
        sectionNumber: 3,
        questionType: "fill-in-blank",
        questionText: "Fine question?",
        correctAnswer: "yes",
        explanation: "Because.",
      },
      {
        sectionNumber: 3,
        questionType: "fill-in-blank",
        questionText: "",
        correctAnswer: "yes",
        explanation: "Because.",
      },
    ]);
    expect(await failure(admin().import({ kind: "questions", format: "json", content, dryRun: false }))).toEqual({
      code: "BAD_REQUEST",
      text: expect.stringMatching(/1 row\(s\) have problems; nothing was imported/),
    });
    expect(await count("questions")).toBe(before);
  });

  it("applies a good CSV atomically: updates by id and creates the rest", async () => {
    const [first] = JSON.parse((await admin().export({ kind: "flashcards", format: "json" })).content);
    const csv = `id,sectionNumber,term,definition,citation\n${first.id},${first.sectionNumber},"${first.term}","A clearer definition, with a comma.",${first.citation ?? ""}\n,12,Imported term,Imported from a file.,12.A\n`;
    const dry = await admin().import({ kind: "flashcards", format: "csv", content: csv, dryRun: true });
    expect(dry).toMatchObject({ total: 2, creates: 1, updates: 1, invalid: 0, applied: false });
    const before = await count("flashcards");
    const applied = await admin().import({ kind: "flashcards", format: "csv", content: csv, dryRun: false });
    expect(applied).toMatchObject({ applied: true, creates: 1, updates: 1 });
    expect(await count("flashcards")).toBe(before + 1);
    // Members see the change at once: the import clears the content cache.
    const { call } = await t.member();
    expect((await call.flashcards.list({ section: 12 })).some((c) => c.term === "Imported term")).toBe(true);
    const updated = (await call.flashcards.list({ section: first.sectionNumber })).find((c) => c.id === first.id);
    expect(updated!.definition).toBe("A clearer definition, with a comma.");
  });

  it("round-trips the exported question CSV without problems", async () => {
    const csv = (await admin().export({ kind: "questions", format: "csv" })).content;
    const report = await admin().import({ kind: "questions", format: "csv", content: csv, dryRun: true });
    expect(report.invalid).toBe(0);
    expect(report.updates).toBe(await count("questions"));
  });

  it("reports an unreadable file", async () => {
    const report = await admin().import({ kind: "questions", format: "json", content: "{oops", dryRun: true });
    expect(report.error).toMatch(/not valid JSON/);
  });
});
