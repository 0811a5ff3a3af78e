/**
 * 'Download my data': every row the app keeps about the signed-in member, read in one transaction so
 * the parts agree, dates as ISO strings. The web turns the same document into CSV files in a zip.
 */
import {
  apiTokens,
  flashcardMastery,
  memberSettings,
  questionAttempts,
  questionFlags,
  reports,
  reviewItems,
  reviewLog,
  testAttempts,
  userColumns,
  users,
} from "@jcba/db";
import { asc, eq, getTableColumns } from "drizzle-orm";
import type { Context } from "../../trpc/procedures.ts";
import type { AccountExport } from "./schemas.ts";

/** Each Date of a row as an ISO string (the only non-JSON values drizzle returns here). */
type Jsonable<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
function jsonable<T extends Record<string, unknown>>(row: T): Jsonable<T> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  ) as Jsonable<T>;
}

export async function exportAccount(ctx: Pick<Context, "database"> & { user: { id: number } }): Promise<AccountExport> {
  const id = ctx.user.id;
  return ctx.database.transaction(async ({ db }) => {
    const [profile] = await db
      .select({ ...userColumns, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, id));
    const { userId: _settings, ...settingsColumns } = getTableColumns(memberSettings);
    const [settings] = await db.select(settingsColumns).from(memberSettings).where(eq(memberSettings.userId, id));
    const answers = await db
      .select({
        id: questionAttempts.id,
        questionId: questionAttempts.questionId,
        sectionNumber: questionAttempts.sectionNumber,
        userAnswer: questionAttempts.userAnswer,
        isCorrect: questionAttempts.isCorrect,
        chosenOption: questionAttempts.chosenOption,
        timeTakenMs: questionAttempts.timeTakenMs,
        testAttemptId: questionAttempts.testAttemptId,
        createdAt: questionAttempts.createdAt,
      })
      .from(questionAttempts)
      .where(eq(questionAttempts.userId, id))
      .orderBy(asc(questionAttempts.createdAt), asc(questionAttempts.id));
    const tests = await db
      .select({
        id: testAttempts.id,
        createdAt: testAttempts.createdAt,
        sectionsIncluded: testAttempts.sectionsIncluded,
        questionIds: testAttempts.questionIds,
        totalQuestions: testAttempts.totalQuestions,
        score: testAttempts.score,
        timeSpentSeconds: testAttempts.timeSpentSeconds,
      })
      .from(testAttempts)
      .where(eq(testAttempts.userId, id))
      .orderBy(asc(testAttempts.createdAt), asc(testAttempts.id));
    const mastery = await db
      .select({
        flashcardId: flashcardMastery.flashcardId,
        mastered: flashcardMastery.mastered,
        updatedAt: flashcardMastery.updatedAt,
      })
      .from(flashcardMastery)
      .where(eq(flashcardMastery.userId, id))
      .orderBy(asc(flashcardMastery.flashcardId));
    const { userId: _items, ...itemColumns } = getTableColumns(reviewItems);
    const items = await db
      .select(itemColumns)
      .from(reviewItems)
      .where(eq(reviewItems.userId, id))
      .orderBy(asc(reviewItems.itemType), asc(reviewItems.itemId));
    const { userId: _log, ...logColumns } = getTableColumns(reviewLog);
    const log = await db
      .select(logColumns)
      .from(reviewLog)
      .where(eq(reviewLog.userId, id))
      .orderBy(asc(reviewLog.reviewedAt), asc(reviewLog.id));
    const flags = await db
      .select({ questionId: questionFlags.questionId, createdAt: questionFlags.createdAt })
      .from(questionFlags)
      .where(eq(questionFlags.userId, id))
      .orderBy(asc(questionFlags.createdAt), asc(questionFlags.questionId));
    // Who decided a report is another member: not part of this member's data.
    const { userId: _reports, decidedBy: _decidedBy, ...reportColumns } = getTableColumns(reports);
    const filed = await db.select(reportColumns).from(reports).where(eq(reports.userId, id)).orderBy(asc(reports.id));
    const tokens = await db
      .select({
        name: apiTokens.name,
        scope: apiTokens.scope,
        createdAt: apiTokens.createdAt,
        lastUsedAt: apiTokens.lastUsedAt,
        expiresAt: apiTokens.expiresAt,
      })
      .from(apiTokens)
      .where(eq(apiTokens.userId, id))
      .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
    return {
      exportedAt: new Date().toISOString(),
      profile: jsonable(profile!),
      settings: settings ? jsonable(settings) : null,
      answers: answers.map(jsonable),
      tests: tests.map(jsonable),
      mastery: mastery.map(jsonable),
      reviewItems: items.map(jsonable),
      reviewLog: log.map(jsonable),
      flags: flags.map(jsonable),
      reports: filed.map(jsonable),
      tokens: tokens.map(jsonable),
    };
  });
}
