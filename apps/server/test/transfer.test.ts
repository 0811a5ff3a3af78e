/** Admin export and import of the bank and deck: JSON and CSV, dry run, all-or-nothing. */

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, type Client, member, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
let a: Client;
beforeAll(async () => {
  server = await startServer();
  a = await admin(server.url);
});
afterAll(async () => {
  await server.stop();
});

const count = async (table: "questions" | "flashcards") =>
  (await server.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;

describe("export", () => {
  it("exports the whole bank as JSON and CSV, and the deck", async () => {
    const json = await a.get("/api/admin/export?kind=questions&format=json");
    expect(json.status).toBe(200);
    const items = JSON.parse(json.body.content);
    expect(items).toHaveLength(await count("questions"));
    expect(json.body.filename).toMatch(/^jcba-questions-\d{4}-\d{2}-\d{2}\.json$/);
    const csv = await a.get("/api/admin/export?kind=questions&format=csv");
    expect(csv.body.content.split(/\r?\n/)[0]).toBe(
      "id,sectionNumber,questionType,questionText,option1,option2,option3,option4,correctAnswer,explanation,citation",
    );
    const deck = await a.get("/api/admin/export?kind=flashcards&format=csv");
    expect(deck.body.count).toBe(164);
    expect((await (await member(server.url)).get("/api/admin/export?kind=questions")).status).toBe(403);
  });
});

describe("import", () => {
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
    const res = await a.post("/api/admin/import", { kind: "questions", format: "json", content, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, applied: false, total: 4, creates: 1, invalid: 3 });
    expect(res.body.rows[0]).toEqual({ row: 1, id: null, action: "create", problems: [] });
    expect(res.body.rows[1].problems.join(" ")).toMatch(/sectionNumber/);
    expect(res.body.rows[2].problems.join(" ")).toMatch(/one of the options/);
    expect(res.body.rows[3].problems.join(" ")).toMatch(/no question has id 99999/);
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
    const res = await a.post("/api/admin/import", { kind: "questions", format: "json", content, dryRun: false });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/1 row\(s\) have problems; nothing was imported/);
    expect(await count("questions")).toBe(before);
  });

  it("applies a good CSV atomically: updates by id and creates the rest", async () => {
    const exported = (await a.get("/api/admin/export?kind=flashcards&format=json")).body.content;
    const [first] = JSON.parse(exported);
    const csv = `id,sectionNumber,term,definition,citation\n${first.id},${first.sectionNumber},"${first.term}","A clearer definition, with a comma.",${first.citation ?? ""}\n,12,Imported term,Imported from a file.,12.A\n`;
    const dry = await a.post("/api/admin/import", { kind: "flashcards", format: "csv", content: csv, dryRun: true });
    expect(dry.body).toMatchObject({ total: 2, creates: 1, updates: 1, invalid: 0, applied: false });
    const before = await count("flashcards");
    const res = await a.post("/api/admin/import", { kind: "flashcards", format: "csv", content: csv, dryRun: false });
    expect(res.body).toMatchObject({ applied: true, creates: 1, updates: 1 });
    expect(await count("flashcards")).toBe(before + 1);
    const cards = (await a.get("/api/flashcards?section=12")).body;
    expect(cards.some((c: { term: string }) => c.term === "Imported term")).toBe(true);
    const updated = (await a.get(`/api/flashcards?section=${first.sectionNumber}`)).body.find(
      (c: { id: number }) => c.id === first.id,
    );
    expect(updated.definition).toBe("A clearer definition, with a comma.");
  });

  it("round-trips the exported question CSV without problems", async () => {
    const csv = (await a.get("/api/admin/export?kind=questions&format=csv")).body.content;
    const res = await a.post("/api/admin/import", { kind: "questions", format: "csv", content: csv, dryRun: true });
    expect(res.body.invalid).toBe(0);
    expect(res.body.updates).toBe(await count("questions"));
  });

  it("reports an unreadable file", async () => {
    const res = await a.post("/api/admin/import", {
      kind: "questions",
      format: "json",
      content: "{oops",
      dryRun: true,
    });
    expect(res.body.error).toMatch(/not valid JSON/);
  });
});
