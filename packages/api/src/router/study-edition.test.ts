import { FIRST_EDITION } from "@jcba/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { counts, failure, type Member, useTestApi } from "../test-helpers.ts";

const t = useTestApi();
const NEXT = "jcba-2031";

/** Section 1's first questions and card, made true for the next contract only. */
let moved: { questions: number[]; flashcard: number; word: string };

beforeAll(async () => {
  const qs = await t.database.rows<{ id: number; question_text: string }>(
    sql`SELECT id, question_text FROM questions WHERE section_number = 1 ORDER BY id LIMIT 2`,
  );
  const [card] = await t.database.rows<{ id: number }>(
    sql`SELECT id FROM flashcards WHERE section_number = 1 ORDER BY id LIMIT 1`,
  );
  // A word found in the bank once more, so a search can find the moved question by it.
  const ids = qs.map((q) => q.id);
  await t.database.rows(
    sql`UPDATE questions SET editions = ${`{${NEXT}}`}::text[], question_text = question_text || ' zanzibarish' WHERE id IN (${sql.join(ids, sql`, `)})`,
  );
  await t.database.rows(sql`UPDATE flashcards SET editions = ${`{${NEXT}}`}::text[] WHERE id = ${card!.id}`);
  // Adding the edition refreshes the content cache, which then sees the moved items.
  await t.admin.call.editions.create({ slug: NEXT, name: "JCBA 2031", effectiveOn: "2031-01-01", carryOver: false });
  moved = { questions: ids, flashcard: card!.id, word: "zanzibarish" };
});

/** Everything a member studies, as ids: review's new items, a test of section 1, search, readiness, availability. */
async function studied({ call }: Member, edition?: string) {
  const session = await call.review.session();
  const test = await call.tests.draw({ sections: "1", count: 100, ...(edition ? { edition } : {}) });
  const found = await call.search.query({ q: moved.word, ...(edition ? { edition } : {}) });
  const readiness = await call.readiness.readiness();
  const availability = await call.tests.availability(edition ? { edition } : undefined);
  return {
    reviewQuestions: session.items.filter((i) => i.itemType === "question").map((i) => i.itemId),
    reviewCards: session.items.filter((i) => i.itemType === "flashcard").map((i) => i.itemId),
    test: test.questions.map((q) => q.id),
    search: found.filter((r) => r.kind === "question").map((r) => r.id),
    readinessSection1: readiness.sections.find((s) => s.sectionNumber === 1)!.total,
    availableSection1: availability.find((a) => a.sectionNumber === 1)!.questions,
  };
}

describe("the member's contract edition", () => {
  it("defaults to the edition in force: an item outside it never appears in review, tests, search or readiness", async () => {
    const member = await t.member();
    expect(await member.call.account.studyEdition()).toEqual({ chosen: null, edition: FIRST_EDITION });
    const [{ n: inSection1 }] = (await t.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM questions WHERE section_number = 1 AND archived_at IS NULL`,
    )) as [{ n: number }];
    const seen = await studied(member);
    for (const id of moved.questions) {
      expect(seen.reviewQuestions).not.toContain(id);
      expect(seen.test).not.toContain(id);
      expect(seen.search).not.toContain(id);
    }
    expect(seen.reviewCards).not.toContain(moved.flashcard);
    // Section 1's first items come first among new ones: the review did draw from section 1.
    expect(seen.reviewCards.length).toBeGreaterThan(0);
    expect(seen.test).toHaveLength(inSection1 - moved.questions.length);
    expect(seen.readinessSection1).toBe(inSection1 - moved.questions.length);
    expect(seen.availableSection1).toBe(inSection1 - moved.questions.length);
  });

  it("a member who chooses the next contract studies only its items, saved on the server", async () => {
    const member = await t.member();
    expect(await member.call.account.setStudyEdition({ edition: NEXT })).toEqual({ chosen: NEXT, edition: NEXT });
    const [row] = await t.database.rows<{ study_edition: string }>(
      sql`SELECT study_edition FROM users WHERE id = ${member.user.id}`,
    );
    expect(row!.study_edition).toBe(NEXT);
    // The next request's session carries the choice (the server reads it with the session).
    const next = { ...member, call: t.as({ ...member.user, studyEdition: NEXT }) };
    const seen = await studied(next);
    expect(seen.test.sort()).toEqual([...moved.questions].sort());
    expect(seen.search.sort()).toEqual([...moved.questions].sort());
    expect(seen.reviewQuestions.every((id) => moved.questions.includes(id))).toBe(true);
    expect(seen.reviewCards).toEqual([moved.flashcard]);
    expect(seen.readinessSection1).toBe(moved.questions.length);
    // edition= asks for another edition on the search and practice-test paths.
    const asked = await studied(next, FIRST_EDITION);
    expect(asked.test.some((id) => moved.questions.includes(id))).toBe(false);
    expect(asked.search).toEqual([]);
    // Back to the edition in force.
    expect(await member.call.account.setStudyEdition({ edition: null })).toEqual({
      chosen: null,
      edition: FIRST_EDITION,
    });
  });

  it("an unknown or malformed edition is a 400 and changes nothing", async () => {
    const member = await t.member();
    const rows = await counts(t.database);
    expect(await failure(member.call.account.setStudyEdition({ edition: "jcba-2099" }))).toEqual({
      code: "BAD_REQUEST",
      text: "edition: there is no edition jcba-2099 (GET /api/editions lists them).",
    });
    expect((await failure(member.call.account.setStudyEdition({ edition: "Not One" }))).code).toBe("BAD_REQUEST");
    expect((await failure(member.call.search.query({ q: "sick", edition: "jcba-2099" }))).code).toBe("BAD_REQUEST");
    expect((await failure(member.call.tests.draw({ sections: "1", count: 5, edition: "jcba-2099" }))).code).toBe(
      "BAD_REQUEST",
    );
    expect(await member.call.account.studyEdition()).toEqual({ chosen: null, edition: FIRST_EDITION });
    expect(await counts(t.database)).toEqual(rows);
  });
});
