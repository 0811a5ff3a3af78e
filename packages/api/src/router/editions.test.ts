import { randomUUID } from "node:crypto";
import { FIRST_EDITION } from "@jcba/domain";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { counts, failure, shippedQuestionCount, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

const fresh = () =>
  t.admin.call.questions.create({
    sectionNumber: 9,
    questionType: "multiple-choice",
    questionText: `Which edition is this in (${randomUUID().slice(0, 8)})?`,
    options: ["A", "B", "C", "D"],
    correctAnswer: "A",
    explanation: "The admin wrote it so.",
  });

const editionCount = async () =>
  (await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM editions`))[0]!.n;

describe("contract editions", () => {
  it("every item of today's bank is true for the JCBA 2016, the edition in force", async () => {
    const [edition] = await t.admin.call.editions.list();
    expect(edition).toMatchObject({ slug: FIRST_EDITION, inForce: true, questions: shippedQuestionCount() });
    const [outside] = await t.database.rows<{ n: number }>(
      sql`SELECT (SELECT count(*) FROM questions WHERE editions <> '{jcba-2016}') + (SELECT count(*) FROM flashcards WHERE editions <> '{jcba-2016}') AS n`,
    );
    expect(Number(outside!.n)).toBe(0);
    const { call } = await t.member();
    const list = await call.questions.list({ section: 7 });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((q) => q.editions.join() === FIRST_EDITION)).toBe(true);
    // A member sees the editions too.
    expect((await call.editions.list()).map((e) => e.slug)).toEqual([FIRST_EDITION]);
  });

  it("an admin adds the next contract: today's items carry over without a new version, audited; a later item is true for the edition in force", async () => {
    const before = await fresh();
    const created = await t.admin.call.editions.create({
      slug: "jcba-2031",
      name: "JCBA 2031",
      effectiveOn: "2031-01-01",
    });
    expect(created).toMatchObject({ slug: "jcba-2031", inForce: false, effectiveOn: "2031-01-01" });
    expect(created.questions).toBe(shippedQuestionCount() + 1);
    const [stored] = await t.admin.call.questions
      .list({ section: 9, edition: "jcba-2031" })
      .then((l) => l.filter((q) => q.id === before.id));
    expect(stored).toMatchObject({ version: 1, editions: [FIRST_EDITION, "jcba-2031"] });
    const [audit] = await t.database.rows<{ kind: string; actor_user_id: number | null }>(
      sql`SELECT kind, actor_user_id FROM audit_events WHERE target_type = 'edition' AND target_id = 'jcba-2031'`,
    );
    expect(audit).toMatchObject({ kind: "edition.created" });
    expect(audit!.actor_user_id).not.toBeNull();

    // Written after: true for the edition in force only, so the 2031 list leaves it out.
    const after = await fresh();
    expect(after.editions).toEqual([FIRST_EDITION]);
    const ids2031 = (await t.admin.call.questions.list({ edition: "jcba-2031" })).map((q) => q.id);
    const ids2016 = (await t.admin.call.questions.list({ edition: FIRST_EDITION })).map((q) => q.id);
    expect(ids2031).toContain(before.id);
    expect(ids2031).not.toContain(after.id);
    expect(ids2016).toContain(after.id);
    expect(await t.admin.call.questions.list({ edition: "jcba-2099" })).toEqual([]);
    expect((await t.admin.call.editions.list()).map((e) => [e.slug, e.inForce])).toEqual([
      [FIRST_EDITION, true],
      ["jcba-2031", false],
    ]);
  });

  it("without carry-over a new edition starts empty", async () => {
    const created = await t.admin.call.editions.create({
      slug: "jcba-2041",
      name: "JCBA 2041",
      effectiveOn: "2041-01-01",
      carryOver: false,
    });
    expect(created).toMatchObject({ questions: 0, flashcards: 0 });
    expect(await t.admin.call.flashcards.list({ edition: "jcba-2041" })).toEqual([]);
  });

  it("refuses members, a taken name, a bad name or date, and changes nothing", async () => {
    const { call } = await t.member();
    const editions = await editionCount();
    const rows = await counts(t.database);
    expect(
      (await failure(call.editions.create({ slug: "jcba-2051", name: "X", effectiveOn: "2051-01-01" }))).code,
    ).toBe("FORBIDDEN");
    expect(
      await failure(t.admin.call.editions.create({ slug: FIRST_EDITION, name: "Again", effectiveOn: "2016-12-20" })),
    ).toEqual({ code: "CONFLICT", text: `Edition ${FIRST_EDITION} already exists.` });
    expect(
      (await failure(t.admin.call.editions.create({ slug: "JCBA 2051", name: "X", effectiveOn: "2051-01-01" }))).text,
    ).toMatch(/slug: edition must be lower-case letters, digits and dashes/);
    expect(
      (await failure(t.admin.call.editions.create({ slug: "jcba-2051", name: "X", effectiveOn: "2051-13-40" }))).text,
    ).toMatch(/effectiveOn: effectiveOn must be a date/);
    expect((await failure(call.questions.list({ edition: "Not an edition" }))).code).toBe("BAD_REQUEST");
    expect(await editionCount()).toBe(editions);
    expect(await counts(t.database)).toEqual(rows);
  });
});
