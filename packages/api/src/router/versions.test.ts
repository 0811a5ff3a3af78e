import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { counts, failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

const fresh = (correctAnswer = "A") =>
  t.admin.call.questions.create({
    sectionNumber: 9,
    questionType: "multiple-choice",
    questionText: `Which letter is right this time (${randomUUID().slice(0, 8)})?`,
    options: ["A", "B", "C", "D"],
    correctAnswer,
    explanation: "The admin wrote it so.",
  });

const answersTo = (id: number) =>
  t.database.rows<{ user_answer: string; question_version: number; is_correct: boolean }>(
    sql`SELECT user_answer, question_version, is_correct FROM question_attempts WHERE question_id = ${id} ORDER BY created_at`,
  );
const auditKinds = async (id: number) =>
  (
    await t.database.rows<{ kind: string }>(
      sql`SELECT kind FROM audit_events WHERE target_type = 'question' AND target_id = ${String(id)} ORDER BY id`,
    )
  ).map((r) => r.kind);

describe("question versions", () => {
  it("an edit makes a new version; the earlier answer keeps the version it answered", async () => {
    const q = await fresh();
    expect(q.version).toBe(1);
    const { call } = await t.member();
    await call.progress.questionAttempt({ questionId: q.id, userAnswer: "A" });

    const edited = await t.admin.call.questions.update({
      id: q.id,
      questionText: "Which letter is right, as reworded?",
    });
    expect(edited.version).toBe(2);
    // Metadata only: no new version.
    expect((await t.admin.call.questions.update({ id: q.id, sectionNumber: 10 })).version).toBe(2);
    await call.progress.questionAttempt({ questionId: q.id, userAnswer: "A" });
    expect(await answersTo(q.id)).toEqual([
      { user_answer: "A", question_version: 1, is_correct: true },
      { user_answer: "A", question_version: 2, is_correct: true },
    ]);
    const [review] = await t.database.rows<{ item_version: number }>(
      sql`SELECT item_version FROM review_log WHERE item_type = 'question' AND item_id = ${q.id} ORDER BY reviewed_at LIMIT 1`,
    );
    expect(review!.item_version).toBe(1);

    const history = await t.admin.call.versions.questionVersions({ id: q.id });
    expect(history.map((v) => [v.version, v.latest, v.createdBy?.name])).toEqual([
      [2, true, "Ada Admin"],
      [1, false, "Ada Admin"],
    ]);
    expect(history[0]!.changes).toEqual([
      { field: "questionText", before: q.questionText, after: "Which letter is right, as reworded?" },
    ]);
    expect(history[1]!.content).toMatchObject({ questionText: q.questionText, correctAnswer: "A" });
  });

  it("a test in progress keeps the versions it drew through an edit, and its review shows what the member saw", async () => {
    const { call } = await t.member();
    const q = await fresh("A");
    const drawn = await call.tests.draw({ sections: "9", count: 50 });
    const mine = drawn.questions.find((d) => d.id === q.id)!;
    expect(mine.version).toBe(1);
    await t.admin.call.questions.update({ id: q.id, correctAnswer: "C", questionText: "Reworded after the draw?" });

    const result = await call.tests.submit({
      answers: [{ questionId: q.id, userAnswer: "A", version: mine.version }],
      timeSpentSeconds: 30,
    });
    expect(result.review).toEqual([
      expect.objectContaining({
        id: q.id,
        version: 1,
        questionText: q.questionText,
        correctAnswer: "A",
        isCorrect: true,
      }),
    ]);
    expect(result.attempt.score).toBe(100);
    expect(await call.tests.get({ id: result.attempt.id })).toEqual(result);
    expect(await answersTo(q.id)).toEqual([{ user_answer: "A", question_version: 1, is_correct: true }]);
    // A test drawn now gets the latest version, graded by its key.
    const now = await call.tests.submit({ answers: [{ questionId: q.id, userAnswer: "A" }], timeSpentSeconds: 5 });
    expect(now.review[0]).toMatchObject({ version: 2, correctAnswer: "C", isCorrect: false });
  });

  it("refuses a version the question never had, writing nothing", async () => {
    const { call } = await t.member();
    const q = await fresh();
    const before = await counts(t.database);
    const refused = await failure(
      call.tests.submit({ answers: [{ questionId: q.id, userAnswer: "A", version: 7 }], timeSpentSeconds: 5 }),
    );
    expect(refused).toEqual({ code: "BAD_REQUEST", text: `Question ${q.id} has no version 7.` });
    expect(
      (
        await failure(
          call.tests.submit({ answers: [{ questionId: q.id, userAnswer: "A", version: 0 }], timeSpentSeconds: 5 }),
        )
      ).code,
    ).toBe("BAD_REQUEST");
    expect(await counts(t.database)).toEqual(before);
  });
});

describe("changing a question's answer: keep or regrade past answers", () => {
  it("keeps past grades by default, and regrades only when asked, in the audit trail", async () => {
    const q = await fresh("A");
    const { call } = await t.member();
    const test = await call.tests.submit({ answers: [{ questionId: q.id, userAnswer: "B" }], timeSpentSeconds: 9 });
    expect(test.attempt.score).toBe(0);

    await t.admin.call.questions.update({ id: q.id, correctAnswer: "B" });
    expect(await answersTo(q.id)).toEqual([{ user_answer: "B", question_version: 1, is_correct: false }]);
    expect(await auditKinds(q.id)).toEqual(["question.created", "question.updated"]);

    expect(await t.admin.call.versions.regrade({ id: q.id })).toEqual({
      id: q.id,
      version: 2,
      answersRegraded: 1,
      testsRescored: 1,
    });
    expect(await answersTo(q.id)).toEqual([{ user_answer: "B", question_version: 1, is_correct: true }]);
    expect((await call.tests.get({ id: test.attempt.id })).attempt.score).toBe(100);
    const [result] = await t.database.rows<{ is_correct: boolean }>(
      sql`SELECT is_correct FROM question_results WHERE question_id = ${q.id}`,
    );
    expect(result!.is_correct).toBe(true);
    expect(await auditKinds(q.id)).toEqual(["question.created", "question.updated", "question.regraded"]);

    // Chosen with the edit itself: regraded in the same write.
    await t.admin.call.questions.update({ id: q.id, correctAnswer: "D", pastAnswers: "regrade" });
    expect(await answersTo(q.id)).toEqual([{ user_answer: "B", question_version: 1, is_correct: false }]);
    expect((await call.tests.get({ id: test.attempt.id })).attempt.score).toBe(0);
    expect((await auditKinds(q.id)).slice(-2)).toEqual(["question.updated", "question.regraded"]);
  });

  it("restores an old version as a new one", async () => {
    const q = await fresh("A");
    await t.admin.call.questions.update({ id: q.id, correctAnswer: "B", explanation: "Changed my mind." });
    const restored = await t.admin.call.versions.restoreQuestion({ id: q.id, version: 1 });
    expect(restored).toMatchObject({ version: 3, correctAnswer: "A", explanation: "The admin wrote it so." });
    const history = await t.admin.call.versions.questionVersions({ id: q.id });
    expect(history.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(history[0]!.changes.map((c) => c.field)).toEqual(["correctAnswer", "explanation"]);
    expect((await auditKinds(q.id)).at(-1)).toBe("question.restored");
  });
});

describe("item analysis and peer statistics by version", () => {
  it("analyses each version on its own, latest first, and shows members the latest version's answers only", async () => {
    const q = await fresh("A");
    const first = await t.member();
    await first.call.progress.questionAttempt({ questionId: q.id, userAnswer: "A" });
    await t.admin.call.questions.update({ id: q.id, questionText: "Reworded for version two?", correctAnswer: "B" });
    const second = await t.member();
    await second.call.progress.questionAttempt({ questionId: q.id, userAnswer: "C" });
    const third = await t.member();
    await third.call.progress.questionAttempt({ questionId: q.id, userAnswer: "B" });

    const analysis = await t.admin.call.analysis.itemAnalysis({ section: 9, refresh: "true" });
    const row = analysis.questions.find((r) => r.questionId === q.id)!;
    expect(row).toMatchObject({
      version: 2,
      questionText: "Reworded for version two?",
      correctAnswer: "B",
      firstAnswers: 2,
    });
    expect(row.earlierVersions).toEqual([
      expect.objectContaining({
        version: 1,
        questionText: q.questionText,
        correctAnswer: "A",
        firstAnswers: 1,
      }),
    ]);
    const [peers] = await first.call.analysis.peerStats({ questionIds: [q.id] });
    expect(peers!.firstAnswers).toBe(2);
  });
});

describe("flashcard versions", () => {
  it("lists a card's versions with what changed", async () => {
    const card = await t.admin.call.flashcards.create({
      sectionNumber: 3,
      term: "Versioned term",
      definition: "First wording of it.",
    });
    await t.admin.call.flashcards.update({ id: card.id, definition: "Second wording of it." });
    const history = await t.admin.call.versions.flashcardVersions({ id: card.id });
    expect(history.map((v) => [v.version, v.changes.map((c) => c.field)])).toEqual([
      [2, ["definition"]],
      [1, ["term", "definition", "citation", "source", "sourceLabel", "secondSource", "secondSourceLabel"]],
    ]);
    expect((await t.admin.call.versions.restoreFlashcard({ id: card.id, version: 1 })).definition).toBe(
      "First wording of it.",
    );
  });
});

describe("versions are for admins, and bad input is refused", () => {
  it("refuses members, unknown items and versions", async () => {
    const { call } = await t.member();
    const q = await fresh();
    expect((await failure(call.versions.questionVersions({ id: q.id }))).code).toBe("FORBIDDEN");
    expect((await failure(call.versions.regrade({ id: q.id }))).code).toBe("FORBIDDEN");
    expect((await failure(call.versions.restoreQuestion({ id: q.id, version: 1 }))).code).toBe("FORBIDDEN");
    expect((await failure(t.admin.call.versions.questionVersions({ id: 999_999 }))).code).toBe("NOT_FOUND");
    expect((await failure(t.admin.call.versions.restoreQuestion({ id: q.id, version: 5 }))).code).toBe("NOT_FOUND");
    expect((await failure(t.admin.call.versions.restoreQuestion({ id: q.id, version: 0 }))).code).toBe("BAD_REQUEST");
    expect((await failure(t.admin.call.versions.regrade({ id: 999_999 }))).code).toBe("NOT_FOUND");
    expect(
      (await failure(t.admin.call.questions.update({ id: q.id, correctAnswer: "B", pastAnswers: "forget" as never })))
        .text,
    ).toMatch(/pastAnswers must be keep or regrade/);
  });
});

describe("bulk import makes versions the same way", () => {
  it("shows in a dry run which rows would make a new version", async () => {
    const q = await fresh("A");
    const exported = JSON.parse((await t.admin.call.transfer.export({ kind: "questions", format: "json" })).content);
    const row = exported.find((r: { id: number }) => r.id === q.id);
    const other = exported.find((r: { id: number }) => r.id !== q.id);
    const content = JSON.stringify([
      { ...row, explanation: "Imported wording." },
      { ...other },
      { ...row, id: undefined, questionText: "A brand new imported question?" },
    ]);
    const dry = await t.admin.call.transfer.import({ kind: "questions", format: "json", content, dryRun: true });
    expect(dry.rows.map((r) => [r.action, r.newVersion])).toEqual([
      ["update", 2],
      ["update", null],
      ["create", 1],
    ]);
    await t.admin.call.transfer.import({ kind: "questions", format: "json", content, dryRun: false });
    expect((await t.admin.call.versions.questionVersions({ id: q.id }))[0]).toMatchObject({
      version: 2,
      createdBy: { name: "Ada Admin" },
      changes: [{ field: "explanation", before: "The admin wrote it so.", after: "Imported wording." }],
    });
  });
});
