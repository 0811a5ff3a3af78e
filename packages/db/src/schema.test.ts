import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database, flashcards, questions, users } from "./index.ts";

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

/** The SQLSTATE and constraint a write was refused with (PGlite: `constraint`, postgres.js: `constraint_name`). */
async function refusal(write: PromiseLike<unknown>): Promise<{ code: string; constraint: string } | "written"> {
  try {
    await write;
    return "written";
  } catch (error) {
    for (let e: any = error; e; e = e.cause)
      if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code))
        return { code: e.code, constraint: e.constraint ?? e.constraint_name };
    throw error;
  }
}
const check = (constraint: string) => ({ code: "23514", constraint });

describe("database constraints", () => {
  it("refuses sections outside 1–32 and unknown question types", async () => {
    const insert = (values: Partial<typeof base>) =>
      refusal(database.db.insert(questions).values({ ...base, ...values } as typeof base));
    expect(await insert({ sectionNumber: 33 })).toEqual(check("questions_section_range"));
    expect(await insert({ sectionNumber: 0 })).toEqual(check("questions_section_range"));
    // An unknown type breaks the options rule as well; PostgreSQL names whichever it checks first.
    expect(await insert({ questionType: "essay" as never })).toEqual({
      code: "23514",
      constraint: expect.stringMatching(/^questions_(type_valid|options_shape)$/),
    });
    expect(
      await refusal(database.db.insert(flashcards).values({ sectionNumber: 40, term: "T", definition: "D" })),
    ).toEqual(check("flashcards_section_range"));
  });

  it("needs four options for multiple choice and none for fill-in", async () => {
    expect(
      await refusal(
        database.db.insert(questions).values({ ...base, questionType: "multiple-choice", options: ["a", "b", "c"] }),
      ),
    ).toEqual(check("questions_options_shape"));
    expect(await refusal(database.db.insert(questions).values({ ...base, options: ["a", "b", "c", "d"] }))).toEqual(
      check("questions_options_shape"),
    );
    expect(
      await refusal(
        database.db
          .insert(questions)
          .values({ ...base, questionType: "multiple-choice", options: ["a", "b", "c", "d"] }),
      ),
    ).toBe("written");
  });

  it("refuses blank text and upper-case e-mails", async () => {
    expect(await refusal(database.db.insert(questions).values({ ...base, questionText: "  " }))).toEqual(
      check("questions_text_present"),
    );
    expect(
      await refusal(database.db.insert(flashcards).values({ sectionNumber: 2, term: " ", definition: "D" })),
    ).toEqual(check("flashcards_text_present"));
    expect(await refusal(database.db.insert(users).values({ email: "Upper@Case.test" }))).toEqual(
      check("users_email_lowercase"),
    );
    expect(await refusal(database.db.insert(users).values({ email: "same@case.test" }))).toBe("written");
    expect(await refusal(database.db.insert(users).values({ email: "same@case.test" }))).toEqual({
      code: "23505",
      constraint: "users_email_unique",
    });
  });

  it("applies migrations idempotently", async () => {
    await database.migrate();
    const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM questions`);
    expect(row!.n).toBe(1);
  });
});

describe("search documents", () => {
  it("follow every edit of an item's text, stemmed, and its words join the search vocabulary", async () => {
    const [card] = await database.db
      .insert(flashcards)
      .values({ sectionNumber: 14, term: "Probationary period", definition: "The first months of service." })
      .returning({ id: flashcards.id });
    const matches = async (query: string) =>
      (
        await database.rows<{ fts: boolean }>(sql`
          SELECT search_vector @@ websearch_to_tsquery('english', ${query}) AS fts FROM flashcards WHERE id = ${card!.id}`)
      )[0]!.fts;
    const closest = async (word: string) =>
      (
        await database.rows<{ word: string }>(sql`
          SELECT word FROM search_words WHERE word % ${word} ORDER BY word <-> ${word}, word LIMIT 1`)
      )[0]?.word;
    // English stemming: 'periods' finds 'period'; a misspelling is close to a vocabulary word.
    expect(await matches("probationary periods")).toBe(true);
    expect(await matches("probationery")).toBe(false);
    expect(await closest("probationery")).toBe("probationary");
    expect(await matches("furlough")).toBe(false);
    await database.db
      .update(flashcards)
      .set({ definition: "Time before a furlough." })
      .where(eq(flashcards.id, card!.id));
    expect(await matches("furlough")).toBe(true);
    expect(await matches("months")).toBe(false);
    expect(await closest("furlogh")).toBe("furlough");
  });
});
