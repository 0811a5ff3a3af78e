/** Report a problem: a member files a report, an admin decides it, the member sees the answer. */
import { auditEvents } from "@jcba/db";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

async function someQuestion() {
  const [q] = await t.admin.call.questions.list({ section: 3 });
  return q!;
}

describe("reports", () => {
  it("go from member to admin and back with the reply", async () => {
    const maria = await t.member();
    const q = await someQuestion();
    const filed = await maria.call.reports.create({
      itemType: "question",
      itemId: q.id,
      category: "wrong-answer",
      comment: "  The contract says 12 hours.  ",
    });
    expect(filed).toMatchObject({
      itemType: "question",
      itemId: q.id,
      category: "wrong-answer",
      comment: "The contract says 12 hours.",
      status: "open",
      reply: null,
      decidedAt: null,
      item: { text: q.questionText, sectionNumber: 3, archived: false },
    });
    const before = (await t.admin.call.reports.openCount()).open;
    expect(before).toBeGreaterThanOrEqual(1);
    const queue = await t.admin.call.reports.list({ status: "open" });
    expect(queue.reports.find((r) => r.id === filed.id)?.reporter.email).toBe(maria.user.email);

    const decided = await t.admin.call.reports.decide({ id: filed.id, status: "fixed", reply: "Fixed, thank you." });
    expect(decided).toMatchObject({ status: "fixed", reply: "Fixed, thank you." });
    expect(decided.decidedAt).not.toBeNull();
    expect((await t.admin.call.reports.openCount()).open).toBe(before - 1);
    expect((await t.admin.call.reports.list({ status: "fixed" })).reports.map((r) => r.id)).toContain(filed.id);

    const mine = await maria.call.reports.mine();
    expect(mine.map((r) => [r.id, r.status, r.reply])).toEqual([[filed.id, "fixed", "Fixed, thank you."]]);
    // Another member sees none of it.
    expect(await (await t.member()).call.reports.mine()).toEqual([]);

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, "report.decided"))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event).toMatchObject({
      actorUserId: t.admin.user.id,
      targetType: "report",
      targetId: String(filed.id),
      before: { status: "open", reply: null },
      after: { status: "fixed", reply: "Fixed, thank you." },
    });
  });

  it("refuse a second open report of the same item, an unknown item, and bad input", async () => {
    const { call } = await t.member();
    const q = await someQuestion();
    await call.reports.create({ itemType: "question", itemId: q.id, category: "typo" });
    expect((await failure(call.reports.create({ itemType: "question", itemId: q.id, category: "unclear" }))).code).toBe(
      "CONFLICT",
    );
    expect(
      (await failure(call.reports.create({ itemType: "flashcard", itemId: 999_999, category: "typo" }))).code,
    ).toBe("NOT_FOUND");
    const bad = await failure(call.reports.create({ itemType: "question", itemId: q.id, category: "rude" as never }));
    expect(bad).toEqual({ code: "BAD_REQUEST", text: expect.stringMatching(/^category: category must be/) });
    const long = await failure(
      call.reports.create({ itemType: "question", itemId: q.id, category: "other", comment: "x".repeat(1001) }),
    );
    expect(long.text).toMatch(/comment is too long/);
  });

  it("keep the queue for admins", async () => {
    const { call } = await t.member();
    expect((await failure(call.reports.list({ status: "open" }))).code).toBe("FORBIDDEN");
    expect((await failure(call.reports.decide({ id: 1, status: "fixed" }))).code).toBe("FORBIDDEN");
    expect((await failure(call.reports.openCount())).code).toBe("FORBIDDEN");
    expect((await failure(t.signedOut.reports.mine())).code).toBe("UNAUTHORIZED");
    expect((await failure(t.admin.call.reports.decide({ id: 999_999, status: "fixed" }))).code).toBe("NOT_FOUND");
  });
});
