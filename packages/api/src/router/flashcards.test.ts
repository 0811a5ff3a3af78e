import { FLASHCARD_COUNTS } from "@jcba/content";
import { describe, expect, it } from "vitest";
import { counts, failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

describe("flashcards.list", () => {
  it("serves the 164-card deck, by section on request", async () => {
    const { call } = await t.member();
    expect(await call.flashcards.list({})).toHaveLength(164);
    const section2 = await call.flashcards.list({ section: 2 });
    expect(section2).toHaveLength(FLASHCARD_COUNTS[2]!);
    expect(Object.keys(section2[0]!).sort()).toEqual([
      "citation",
      "definition",
      "editions",
      "id",
      "secondSource",
      "secondSourceLabel",
      "sectionNumber",
      "source",
      "sourceLabel",
      "term",
      "version",
    ]);
    expect((await failure(t.signedOut.flashcards.list({}))).code).toBe("UNAUTHORIZED");
  });
});

describe("flashcards.create, update and delete", () => {
  it("let an admin create, update and delete a flashcard", async () => {
    const created = await t.admin.call.flashcards.create({
      sectionNumber: 5,
      term: "Test term",
      definition: "A definition for the test.",
    });
    const updated = await t.admin.call.flashcards.update({ id: created.id, definition: "A better definition." });
    expect(updated).toMatchObject({ term: "Test term", definition: "A better definition.", sectionNumber: 5 });
    const { call: member } = await t.member();
    expect((await member.flashcards.list({ section: 5 })).find((c) => c.id === created.id)).toEqual(updated);
    expect(await t.admin.call.flashcards.delete({ id: created.id })).toEqual({ id: created.id, deleted: true });
    expect((await failure(t.admin.call.flashcards.update({ id: created.id, term: "x" }))).code).toBe("NOT_FOUND");
  });

  it("are for admins only", async () => {
    const { call: member } = await t.member();
    expect((await failure(member.flashcards.create({ sectionNumber: 2, term: "T", definition: "D" }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await failure(member.flashcards.delete({ id: 1 }))).code).toBe("FORBIDDEN");
  });

  it("refuse a missing term or definition and a bad section, writing nothing", async () => {
    const before = await counts(t.database);
    const create = (input: Record<string, unknown>) =>
      failure(t.admin.call.flashcards.create(input as { sectionNumber: number; term: string; definition: string }));
    expect(await create({ sectionNumber: 2, term: "", definition: "Something." })).toEqual({
      code: "BAD_REQUEST",
      text: expect.stringMatching(/Term is required/),
    });
    expect(await create({ sectionNumber: 2, term: "T" })).toEqual({
      code: "BAD_REQUEST",
      text: expect.stringMatching(/Definition is required/),
    });
    expect(await create({ sectionNumber: 99, term: "T", definition: "D" })).toEqual({
      code: "BAD_REQUEST",
      text: expect.stringMatching(/sectionNumber/),
    });
    expect(await counts(t.database)).toEqual(before);
  });
});
