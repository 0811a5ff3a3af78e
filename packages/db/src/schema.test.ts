import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database, questions, users } from "./index.ts";

let database: Database;
beforeAll(async () => {
  database = await createDatabase({ dataDir: "memory://" });
  await database.migrate();
});
afterAll(async () => {
  await database.close();
});

const base = {
  sectionNumber: 1,
  questionType: "fill-in-blank" as const,
  questionText: "Q?",
  options: null,
  correctAnswer: "a",
  explanation: "e",
};

describe("database constraints", () => {
  it("refuses sections outside 1–32 and unknown question types", async () => {
    await expect(database.db.insert(questions).values({ ...base, sectionNumber: 33 })).rejects.toThrow();
    await expect(database.db.insert(questions).values({ ...base, sectionNumber: 0 })).rejects.toThrow();
    await expect(database.db.insert(questions).values({ ...base, questionType: "essay" as never })).rejects.toThrow();
  });
  it("needs four options for multiple choice and none for fill-in", async () => {
    await expect(
      database.db.insert(questions).values({ ...base, questionType: "multiple-choice", options: ["a", "b", "c"] }),
    ).rejects.toThrow();
    await expect(database.db.insert(questions).values({ ...base, options: ["a", "b", "c", "d"] })).rejects.toThrow();
    await expect(
      database.db.insert(questions).values({ ...base, questionType: "multiple-choice", options: ["a", "b", "c", "d"] }),
    ).resolves.toBeDefined();
  });
  it("refuses blank text and upper-case e-mails", async () => {
    await expect(database.db.insert(questions).values({ ...base, questionText: "  " })).rejects.toThrow();
    await expect(database.db.insert(users).values({ email: "Upper@Case.test" })).rejects.toThrow();
  });
  it("applies migrations idempotently", async () => {
    await database.migrate();
    const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM questions`);
    expect(row!.n).toBe(1);
  });
});
