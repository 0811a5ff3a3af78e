/**
 * Practice-test attempts: a submission graded by the server and stored once per id with its answers
 * (services/answers), the member's list of attempts, one attempt's review, and tutor mode's check.
 */
import { randomUUID } from "node:crypto";
import { questionAttempts, questions, testAttempts } from "@jcba/db";
import {
  asDrawn,
  type Confidence,
  certaintySummary,
  chosenOptionIndex,
  isAnswerCorrect,
  sectionBreakdown,
  testScore,
} from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import { recordAnswers } from "../answers/answers.ts";
import { questionColumns } from "../content/columns.ts";
import type { Question } from "../content/schemas.ts";
import { questionsAtVersions, versionKey } from "../content/versions.ts";
import { toIso } from "../rows.ts";
import type { checkInput, submission } from "./schemas.ts";

type Reader = Pick<Context, "database" | "content">;

type Attempt = typeof testAttempts.$inferSelect;
const toAttempt = (a: Attempt) => ({
  id: a.id,
  createdAt: toIso(a.createdAt),
  sectionsIncluded: a.sectionsIncluded,
  totalQuestions: a.totalQuestions,
  score: a.score,
  timeSpentSeconds: a.timeSpentSeconds,
});

/** The test's certainty-based marks, when any answer carried a confidence. */
function certaintyOf(answers: { confidence: Confidence | null; isCorrect: boolean }[]) {
  const summary = certaintySummary(answers);
  return summary.answered === 0 ? null : summary;
}

/**
 * Rebuilds a stored attempt's review from its question list and recorded answers, each question as the
 * member saw it (the version the test drew, read only when an edit has made a newer one since).
 */
async function resultOf(ctx: Reader, attempt: Attempt) {
  const answers = await ctx.database.db
    .select({
      questionId: questionAttempts.questionId,
      userAnswer: questionAttempts.userAnswer,
      isCorrect: questionAttempts.isCorrect,
      confidence: questionAttempts.confidence,
    })
    .from(questionAttempts)
    .where(eq(questionAttempts.testAttemptId, attempt.id));
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const snapshot = await ctx.content.get();
  // A question archived since the test left the bank, not the member's history: read it from the table.
  const archived = attempt.questionIds.filter((id) => !snapshot.questionsById.has(id));
  const kept =
    archived.length > 0
      ? new Map(
          (await ctx.database.db.select(questionColumns).from(questions).where(inArray(questions.id, archived))).map(
            (q) => [q.id, q],
          ),
        )
      : new Map<number, never>();
  const current = (id: number) => snapshot.questionsById.get(id) ?? kept.get(id);
  const older = await questionsAtVersions(
    ctx.database.db,
    attempt.questionIds.flatMap((id, n) => {
      const version = attempt.questionVersions[n] ?? 1;
      const q = current(id);
      return q && q.version !== version ? [{ id, version }] : [];
    }),
  );
  const review = attempt.questionIds.flatMap((id, n) => {
    const latest = current(id);
    if (!latest) return []; // an admin-written question deleted before anyone answered it
    const q = older.get(versionKey(id, attempt.questionVersions[n] ?? latest.version)) ?? latest;
    const a = byQuestion.get(id);
    return [
      {
        ...asDrawn(q),
        userAnswer: a?.userAnswer ?? null,
        isCorrect: a?.isCorrect ?? false,
        confidence: a?.confidence ?? null,
        correctAnswer: q.correctAnswer,
        explanation: q.explanation,
        citation: q.citation,
        source: q.source,
        sourceLabel: q.sourceLabel,
      },
    ];
  });
  return {
    attempt: toAttempt(attempt),
    correctCount: review.filter((r) => r.isCorrect).length,
    breakdown: sectionBreakdown(review),
    certainty: certaintyOf(answers),
    review,
  };
}

/** The member's attempts, newest first. */
export async function attemptsOf(ctx: Pick<Context, "database">, userId: number) {
  const rows = await ctx.database.db
    .select()
    .from(testAttempts)
    .where(eq(testAttempts.userId, userId))
    .orderBy(desc(testAttempts.createdAt));
  return rows.map(toAttempt);
}

/** One of the member's attempts with its review. */
export async function attemptOf(ctx: Reader, userId: number, id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.id, id), eq(testAttempts.userId, userId)));
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "No such test attempt." });
  return resultOf(ctx, row);
}

/** Tutor mode: grades one answer for feedback without recording it (the test is recorded on submit). */
export async function checkAnswer(ctx: Pick<Context, "content">, input: z.infer<typeof checkInput>) {
  const q = (await ctx.content.get()).questionsById.get(input.questionId);
  if (!q) throw new TRPCError({ code: "NOT_FOUND", message: `Question ${input.questionId} does not exist.` });
  return {
    isCorrect: isAnswerCorrect(q, input.userAnswer),
    correctAnswer: q.correctAnswer,
    explanation: q.explanation,
    citation: q.citation,
    source: q.source,
    sourceLabel: q.sourceLabel,
  };
}

/** Grades and stores a submitted test; a retry with the same id answers with the first submission. */
export async function submitTest(ctx: Reader, userId: number, input: z.infer<typeof submission>) {
  const id = input.id ?? randomUUID();
  const snapshot = await ctx.content.get();
  // A question archived while the member was taking the test (or offline) is still graded: it is
  // out of the cached snapshot but still in the database.
  const archived = new Map<number, Question>();
  for (const a of input.answers) {
    if (snapshot.questionsById.has(a.questionId)) continue;
    const q = await ctx.content.question(a.questionId);
    if (!q) throw new TRPCError({ code: "NOT_FOUND", message: `Question ${a.questionId} does not exist.` });
    archived.set(q.id, q);
  }
  // A test drawn before an edit is graded with the versions it drew (read only when one is older).
  const latestOf = (id: number) => (snapshot.questionsById.get(id) ?? archived.get(id))!;
  const drawnOlder = input.answers.filter(
    (a) => a.version !== undefined && a.version !== latestOf(a.questionId).version,
  );
  const older = await questionsAtVersions(
    ctx.database.db,
    drawnOlder.map((a) => ({ id: a.questionId, version: a.version! })),
  );
  for (const a of drawnOlder)
    if (!older.has(versionKey(a.questionId, a.version!)))
      throw new TRPCError({ code: "BAD_REQUEST", message: `Question ${a.questionId} has no version ${a.version}.` });
  const graded = input.answers.map((a) => {
    const latest = latestOf(a.questionId);
    const q = a.version === undefined ? latest : (older.get(versionKey(a.questionId, a.version)) ?? latest);
    const answered = a.userAnswer !== null && a.userAnswer.trim() !== "";
    return {
      q,
      userAnswer: answered ? a.userAnswer! : null,
      isCorrect: answered && isAnswerCorrect(q, a.userAnswer!),
      chosenOption: answered ? chosenOptionIndex(q, a.userAnswer!) : null,
      timeTakenMs: a.timeTakenMs ?? null,
      confidence: answered ? (a.confidence ?? null) : null,
    };
  });
  const correct = graded.filter((g) => g.isCorrect).length;
  const sections = [...new Set(graded.map((g) => g.q.sectionNumber))].sort((a, b) => a - b);

  const stored = await ctx.database.transaction(async (tx) => {
    const [created] = await tx.db
      .insert(testAttempts)
      .values({
        id,
        userId,
        sectionsIncluded: sections,
        questionIds: graded.map((g) => g.q.id),
        questionVersions: graded.map((g) => g.q.version),
        totalQuestions: graded.length,
        score: testScore(correct, graded.length),
        timeSpentSeconds: input.timeSpentSeconds,
      })
      .onConflictDoNothing({ target: testAttempts.id })
      .returning();
    if (!created) {
      // Submitted before (a retry after a dropped connection): the first submission stands.
      const [existing] = await tx.db.select().from(testAttempts).where(eq(testAttempts.id, id));
      if (!existing || existing.userId !== userId)
        throw new TRPCError({ code: "CONFLICT", message: "That test id is already used." });
      return existing;
    }
    const answered = graded.flatMap((g) =>
      g.userAnswer === null
        ? []
        : [
            {
              id: randomUUID(),
              questionId: g.q.id,
              questionVersion: g.q.version,
              sectionNumber: g.q.sectionNumber,
              userAnswer: g.userAnswer,
              isCorrect: g.isCorrect,
              chosenOption: g.chosenOption,
              timeTakenMs: g.timeTakenMs,
              confidence: g.confidence,
            },
          ],
    );
    await recordAnswers(tx, userId, answered, { testAttemptId: id });
    return created;
  });
  return resultOf(ctx, stored);
}
