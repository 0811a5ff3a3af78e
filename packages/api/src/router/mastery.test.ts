import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { counts, failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

describe("flashcard mastery", () => {
  it("is kept per member, and the latest choice stands", async () => {
    const { call } = await t.member();
    const [card] = await call.flashcards.list({ section: 4 });
    expect(await call.mastery.save({ flashcardId: card!.id, mastered: true })).toEqual({
      flashcardId: card!.id,
      mastered: true,
    });
    expect(await call.mastery.list()).toEqual([{ flashcardId: card!.id, mastered: true }]);
    await call.mastery.save({ flashcardId: card!.id, mastered: false });
    expect(await call.mastery.list()).toEqual([{ flashcardId: card!.id, mastered: false }]);
    expect(await (await t.member()).call.mastery.list()).toEqual([]);
  });

  it("logs a replayed choice (same id) as one review of the card", async () => {
    const { call, user } = await t.member();
    const [card] = await call.flashcards.list({ section: 5 });
    const write = { id: randomUUID(), flashcardId: card!.id, mastered: true, chosenAt: new Date().toISOString() };
    await call.mastery.save(write);
    await call.mastery.save(write);
    const reviews = await t.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM review_log WHERE user_id = ${user.id} AND item_type = 'flashcard'`,
    );
    expect(reviews[0]!.n).toBe(1);
    expect(await call.mastery.list()).toEqual([{ flashcardId: card!.id, mastered: true }]);
  });

  it("refuses a mastered that is not true or false, and an unknown card, writing nothing", async () => {
    const { call } = await t.member();
    const before = await counts(t.database);
    expect(await failure(call.mastery.save({ flashcardId: 1, mastered: "yes" as never }))).toEqual({
      code: "BAD_REQUEST",
      text: expect.stringMatching(/mastered/),
    });
    expect((await failure(call.mastery.save({ flashcardId: 999999, mastered: true }))).code).toBe("NOT_FOUND");
    expect(await counts(t.database)).toEqual(before);
  });

  it("is for signed-in people only", async () => {
    expect((await failure(t.signedOut.mastery.list())).code).toBe("UNAUTHORIZED");
  });
});
