/**
 * Versions of questions and flashcards. The database makes them (a trigger on each table: every create
 * and every change of what a member sees or how it is graded); this file reads them for grading a test
 * drawn before an edit and for a test's review, lists an item's history for admins with a diff of the
 * fields, and restores an old version as a new one (regrading is in regrade.ts).
 */
import { type Db, flashcards, flashcardVersions, questions, questionVersions, users } from "@jcba/db";
import { FLASHCARD_VERSION_FIELDS, fieldChanges, QUESTION_VERSION_FIELDS } from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Context } from "../../trpc/procedures.ts";
import { toIso } from "../rows.ts";
import type { ContentKind } from "./items.ts";
import { updateContentItem } from "./items.ts";
import type { Question } from "./schemas.ts";
import type { ContentWriter } from "./writer.ts";

const questionVersionColumns = {
  id: questionVersions.questionId,
  version: questionVersions.version,
  questionType: questionVersions.questionType,
  questionText: questionVersions.questionText,
  options: questionVersions.options,
  correctAnswer: questionVersions.correctAnswer,
  alternatives: questionVersions.alternatives,
  explanation: questionVersions.explanation,
  citation: questionVersions.citation,
  source: questionVersions.source,
  sourceLabel: questionVersions.sourceLabel,
  secondSource: questionVersions.secondSource,
  secondSourceLabel: questionVersions.secondSourceLabel,
};

const flashcardVersionColumns = {
  id: flashcardVersions.flashcardId,
  version: flashcardVersions.version,
  term: flashcardVersions.term,
  definition: flashcardVersions.definition,
  citation: flashcardVersions.citation,
  source: flashcardVersions.source,
  sourceLabel: flashcardVersions.sourceLabel,
  secondSource: flashcardVersions.secondSource,
  secondSourceLabel: flashcardVersions.secondSourceLabel,
};

export const versionKey = (id: number, version: number) => `${id}:${version}`;

/**
 * Questions as they were at the given versions (with their section today), by versionKey. One
 * statement, run only for versions that are no longer the latest: a test drawn before an edit, or
 * the review of one.
 */
export async function questionsAtVersions(
  db: Pick<Db, "select">,
  wanted: { id: number; version: number }[],
): Promise<Map<string, Question>> {
  if (wanted.length === 0) return new Map();
  const pairs = sql.join(
    wanted.map((w) => sql`(${w.id}::int, ${w.version}::int)`),
    sql`, `,
  );
  const rows = await db
    .select({ ...questionVersionColumns, sectionNumber: questions.sectionNumber })
    .from(questionVersions)
    .innerJoin(questions, eq(questions.id, questionVersions.questionId))
    .where(sql`(${questionVersions.questionId}, ${questionVersions.version}) IN (${pairs})`);
  return new Map(rows.map((r) => [versionKey(r.id, r.version), r as Question]));
}

/** One version of an item in its history: its content, who made it and when, and what changed from the one before. */
export interface ItemVersion {
  version: number;
  createdAt: string;
  createdBy: { id: number; name: string } | null;
  latest: boolean;
  content: Record<string, unknown>;
  changes: { field: string; before: unknown; after: unknown }[];
}

const KINDS = {
  question: {
    item: questions,
    versions: questionVersions,
    columns: questionVersionColumns,
    owner: questionVersions.questionId,
    fields: QUESTION_VERSION_FIELDS,
    noun: "Question",
  },
  flashcard: {
    item: flashcards,
    versions: flashcardVersions,
    columns: flashcardVersionColumns,
    owner: flashcardVersions.flashcardId,
    fields: FLASHCARD_VERSION_FIELDS,
    noun: "Flashcard",
  },
} as const;

/** An item's versions, latest first, each with the fields it changed from the one before. */
export async function versionsOf(
  ctx: Pick<Context, "database">,
  kind: ContentKind,
  id: number,
): Promise<ItemVersion[]> {
  const k = KINDS[kind];
  const [item] = await ctx.database.db.select({ version: k.item.version }).from(k.item).where(eq(k.item.id, id));
  if (!item) throw new TRPCError({ code: "NOT_FOUND", message: `${k.noun} ${id} does not exist.` });
  const versions = k.versions as typeof questionVersions;
  const rows = await ctx.database.db
    .select({
      ...(k.columns as typeof questionVersionColumns),
      createdAt: versions.createdAt,
      createdById: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(versions)
    .leftJoin(users, eq(users.id, versions.createdBy))
    .where(eq(k.owner as typeof questionVersions.questionId, id))
    .orderBy(desc(versions.version));
  return rows.map((row, n) => {
    const { id: _id, version, createdAt, createdById, firstName, lastName, ...content } = row;
    const previous = rows[n + 1];
    return {
      version,
      createdAt: toIso(createdAt),
      createdBy: createdById === null ? null : { id: createdById, name: `${firstName} ${lastName}`.trim() },
      latest: version === item.version,
      content,
      changes: fieldChanges(previous ?? null, row, k.fields),
    };
  });
}

/** Makes an old version's content the item's latest again, as a new version. */
export async function restoreVersion(ctx: ContentWriter, kind: ContentKind, id: number, version: number) {
  const k = KINDS[kind];
  const versions = k.versions as typeof questionVersions;
  const [old] = await ctx.database.db
    .select(k.columns as typeof questionVersionColumns)
    .from(versions)
    .where(and(eq(k.owner as typeof questionVersions.questionId, id), eq(versions.version, version)));
  if (!old) throw new TRPCError({ code: "NOT_FOUND", message: `${k.noun} ${id} has no version ${version}.` });
  const { id: _id, version: _v, ...content } = old;
  return updateContentItem(ctx, kind, id, content as never, { audit: `${kind}.restored`, restoredFrom: version });
}
