/** The group-commit writer: many members' answers at once, each with its own outcome. */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { counts, failure, useTestApi } from "../../test-helpers.ts";
import { AnswerWriter } from "./answer-writer.ts";
import { type GradedAnswer, recordAnswers, sectionProgressOf } from "./answers.ts";

const t = useTestApi();

async function questionsOf(section: number) {
  return t.admin.call.questions.list({ section });
}

const answerTo = (
  q: { id: number; version: number; sectionNumber: number; correctAnswer: string },
  correct: boolean,
): GradedAnswer => ({
  id: randomUUID(),
  questionId: q.id,
  questionVersion: q.version,
  sectionNumber: q.sectionNumber,
  userAnswer: correct ? q.correctAnswer : "wrong",
  isCorrect: correct,
});

describe("AnswerWriter", () => {
  it("writes many members' answers given at once, each once, with its review and its member's progress", async () => {
    // One group at a time: everything after the first answer waits and goes in together.
    const writer = new AnswerWriter(t.database);
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => t.member()));
    const questions = (await questionsOf(14)).slice(0, 4);
    const given = members.flatMap(({ user }, m) =>
      questions.map((q, n) => ({ userId: user.id, answer: answerTo(q, (m + n) % 2 === 0) })),
    );
    const before = await counts(t.database);
    const written = await Promise.all(given.map(({ userId, answer }) => writer.write(userId, answer)));

    expect(written.map((w) => [w.answer.id, w.answer.isCorrect, w.answer.inserted, w.answer.isFirst])).toEqual(
      given.map(({ answer }) => [answer.id, answer.isCorrect, true, true]),
    );
    for (const { user } of members) {
      const [progress] = await sectionProgressOf(t.database, user.id, 14);
      // The last answer written for each member reports that member's progress after all of them.
      const last = written.filter((_, n) => given[n]!.userId === user.id).at(-1)!;
      expect(last.progress).toEqual(progress);
      expect(progress!.questionsAttempted).toBe(4);
    }
    const ids = sql.join(
      given.map((g) => sql`${g.answer.id}::uuid`),
      sql`, `,
    );
    const [stored] = await t.database.rows<{ answers: number; reviews: number; items: number }>(sql`
      SELECT (SELECT count(*) FROM question_attempts WHERE id IN (${ids}))::int AS answers,
             (SELECT count(*) FROM review_log WHERE id IN (${ids}))::int AS reviews,
             (SELECT count(*) FROM review_items WHERE user_id IN (${sql.join(
               members.map((m) => sql`${m.user.id}::int`),
               sql`, `,
             )}))::int AS items`);
    expect(stored).toEqual({ answers: 20, reviews: 20, items: 20 });
    // Written together: the first answer alone (nothing was waiting), the other 19 in one transaction.
    const [{ transactions } = { transactions: 0 }] = await t.database.rows<{ transactions: number }>(sql`
      SELECT count(DISTINCT xmin::text)::int AS transactions FROM question_attempts WHERE id IN (${ids})`);
    expect(transactions).toBe(2);
    expect((await counts(t.database)).attempts).toBe(before.attempts! + 20);

    // Sent again (a replayed outbox): nothing new, and each gets its first answer back.
    const again = await Promise.all(given.map(({ userId, answer }) => writer.write(userId, answer)));
    expect(again.map((w) => [w.answer.id, w.answer.inserted, w.answer.createdAt])).toEqual(
      written.map((w) => [w.answer.id, false, w.answer.createdAt]),
    );
    expect((await counts(t.database)).attempts).toBe(before.attempts! + 20);
  });

  it("fails only the answer that cannot be written, and writes the others of its group", async () => {
    const writer = new AnswerWriter(t.database);
    const a = await t.member();
    const b = await t.member();
    const [q1, q2, q3] = await questionsOf(15);
    const taken = answerTo(q1!, true);
    await recordAnswers(t.database, a.user.id, [taken]);
    const good = [answerTo(q2!, true), answerTo(q3!, false)];
    const results = await Promise.allSettled([
      writer.write(a.user.id, answerTo(q3!, true)),
      // Member b reuses member a's answer id: a conflict for b alone.
      writer.write(b.user.id, taken),
      ...good.map((answer) => writer.write(b.user.id, answer)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect((await failure(Promise.reject((results[1] as PromiseRejectedResult).reason))).code).toBe("CONFLICT");
    const [progress] = await sectionProgressOf(t.database, b.user.id, 15);
    expect(progress).toMatchObject({ questionsAttempted: 2, questionsCorrect: 1 });
  });

  it("applies two quick answers of one member to one question in the order given", async () => {
    const writer = new AnswerWriter(t.database);
    const { user } = await t.member();
    const other = await t.member();
    const [q] = await questionsOf(16);
    const first = answerTo(q!, false);
    const second = answerTo(q!, true);
    // The other member's answer is written first; the two then wait together, and go in one after the other.
    const [, one, two] = await Promise.all([
      writer.write(other.user.id, answerTo(q!, true)),
      writer.write(user.id, first),
      writer.write(user.id, second),
    ]);
    expect([one.answer.isFirst, two.answer.isFirst]).toEqual([true, false]);
    const [result] = await t.database.rows<{ attempts: number; is_correct: boolean; last_attempt_id: string }>(
      sql`SELECT attempts, is_correct, last_attempt_id FROM question_results WHERE user_id = ${user.id} AND question_id = ${q!.id}`,
    );
    expect(result).toEqual({ attempts: 2, is_correct: true, last_attempt_id: second.id });
  });

  // PostgreSQL plans a prepared statement afresh on each of its first five runs on a connection, then
  // reuses a plan; spread over a pool, group commits would be planned afresh almost every time.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "writes groups on one connection of their own, where their statements reach a reused plan",
    async () => {
      const writer = new AnswerWriter(t.database);
      const members = await Promise.all([1, 2, 3].map(() => t.member()));
      const questions = (await questionsOf(17)).slice(0, 8);
      // Eight groups of three answers: the first answer goes alone, the next two wait and go together.
      for (const q of questions) await Promise.all(members.map(({ user }) => writer.write(user.id, answerTo(q, true))));
      const [plans = { custom: 0, generic: 0 }] = await t.database.serialTransaction((tx) =>
        tx.rows<{ custom: number; generic: number }>(sql`
          SELECT custom_plans::int AS custom, generic_plans::int AS generic FROM pg_prepared_statements
          WHERE statement LIKE '%INSERT INTO question_attempts%' ORDER BY custom_plans + generic_plans DESC LIMIT 1`),
      );
      // The statement for groups of two ran eight times, all on this connection.
      expect(plans.custom + plans.generic).toBe(8);
      expect(plans.generic).toBeGreaterThan(0);
    },
  );
});
