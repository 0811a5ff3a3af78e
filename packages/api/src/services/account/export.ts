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
import { asc, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Context } from "../../trpc/procedures.ts";
import { allBut, pick } from "../columns.ts";
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
    /** The member's rows of one table (named by its userId column), in a stable order. */
    const rowsOf = <S extends Record<string, PgColumn>>(
      columns: S,
      table: PgTable,
      userId: PgColumn,
      ...order: PgColumn[]
    ): Promise<SelectResultFields<S>[]> =>
      db
        .select(columns)
        .from(table)
        .where(eq(userId, id))
        .orderBy(...order.map((c) => asc(c))) as Promise<SelectResultFields<S>[]>;
    const [profile] = await db
      .select({ ...userColumns, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, id));
    const [settings] = await rowsOf(allBut(memberSettings, "userId"), memberSettings, memberSettings.userId);
    const answers = await rowsOf(
      pick(
        questionAttempts,
        "id",
        "questionId",
        "sectionNumber",
        "userAnswer",
        "isCorrect",
        "chosenOption",
        "timeTakenMs",
        "testAttemptId",
        "createdAt",
      ),
      questionAttempts,
      questionAttempts.userId,
      questionAttempts.createdAt,
      questionAttempts.id,
    );
    const tests = await rowsOf(
      pick(
        testAttempts,
        "id",
        "createdAt",
        "sectionsIncluded",
        "questionIds",
        "totalQuestions",
        "score",
        "timeSpentSeconds",
      ),
      testAttempts,
      testAttempts.userId,
      testAttempts.createdAt,
      testAttempts.id,
    );
    const mastery = await rowsOf(
      allBut(flashcardMastery, "userId"),
      flashcardMastery,
      flashcardMastery.userId,
      flashcardMastery.flashcardId,
    );
    const items = await rowsOf(
      allBut(reviewItems, "userId"),
      reviewItems,
      reviewItems.userId,
      reviewItems.itemType,
      reviewItems.itemId,
    );
    const log = await rowsOf(
      allBut(reviewLog, "userId"),
      reviewLog,
      reviewLog.userId,
      reviewLog.reviewedAt,
      reviewLog.id,
    );
    const flags = await rowsOf(
      allBut(questionFlags, "userId"),
      questionFlags,
      questionFlags.userId,
      questionFlags.createdAt,
      questionFlags.questionId,
    );
    // Who decided a report is another member: not part of this member's data.
    const filed = await rowsOf(allBut(reports, "userId", "decidedBy"), reports, reports.userId, reports.id);
    // Names and dates, never the token's hash.
    const tokens = await rowsOf(
      pick(apiTokens, "name", "scope", "createdAt", "lastUsedAt", "expiresAt"),
      apiTokens,
      apiTokens.userId,
      apiTokens.createdAt,
      apiTokens.id,
    );
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
