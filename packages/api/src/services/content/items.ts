/**
 * The one way an admin writes a question or a flashcard: create, update (omitted fields keep their
 * value) and remove. Each write is one transaction with its audit-trail record, and clears the content
 * cache on every server once committed.
 *
 * Removal: an item no member has used is deleted; one that members have answered or rated is archived
 * instead (gone from study, tests and lists, while their answers, progress and past tests stay as they
 * were). Either way a shipped item is tombstoned, so loading the content again does not bring it back.
 *
 * Versions: the database makes a new version of an item on create and on every change of what members
 * see or how it is graded (migration 0011_edit_versions); each write names its admin to it (actAs).
 */
import { contentTombstones, flashcards, questions, type Transaction } from "@jcba/db";
import {
  type AdminAuditKind,
  carryOverChain,
  changesGrading,
  DEFAULT_PAST_ANSWER_CHOICE,
  type PastAnswerChoice,
} from "@jcba/domain";
import { questionProblem } from "@jcba/validators/api";
import { TRPCError } from "@trpc/server";
import { eq, inArray, sql } from "drizzle-orm";
import { clientErrorFrom } from "../../trpc/db-errors.ts";
import { recordAdminAction } from "../audit/audit-trail.ts";
import { flashcardColumns, questionColumns } from "./columns.ts";
import { regradeAnswers } from "./regrade.ts";
import type { Flashcard, FlashcardInput, Question, QuestionInput } from "./schemas.ts";
import type { ContentWriter } from "./writer.ts";

export type ContentKind = "question" | "flashcard";
/** An item as the API shows it, and the fields an admin sends for it. */
type ItemOf<K extends ContentKind> = K extends "question" ? Question : Flashcard;
type InputOf<K extends ContentKind> = K extends "question" ? QuestionInput : FlashcardInput;

const KINDS = {
  question: {
    table: questions,
    columns: questionColumns,
    noun: "Question",
    used: (id: number) => sql`EXISTS (SELECT 1 FROM question_attempts WHERE question_id = ${id})`,
    /** Only multiple choice has options; an item's fields checked together (see questionProblem). */
    settle: (item: Question, before?: Question, givesAlternatives = false) => {
      if (item.questionType === "fill-in-blank") item.options = null;
      // Accepted spellings belong to the answer they were written for (a restore brings back its own).
      if (
        before &&
        (item.questionType !== "fill-in-blank" || (item.correctAnswer !== before.correctAnswer && !givesAlternatives))
      )
        item.alternatives = null;
      const problem = before ? questionProblem(item) : null;
      if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: problem.message });
      return item;
    },
  },
  flashcard: {
    table: flashcards,
    columns: flashcardColumns,
    noun: "Flashcard",
    used: (id: number) => sql`EXISTS (SELECT 1 FROM flashcard_mastery WHERE flashcard_id = ${id})`,
    settle: (item: Flashcard, _before?: Flashcard, _givesAlternatives = false) => item,
  },
} as const;

/** Names the writing admin to the version trigger, for the transaction it runs in only. */
export function actAs(ctx: Pick<ContentWriter, "user">) {
  const actor = ctx.user && ctx.user.id > 0 ? String(ctx.user.id) : "";
  return sql`SELECT set_config('jcba.actor', ${actor}, true)`;
}

// Both tables share the columns a write touches; one drizzle type stands for either.
const tableOf = (kind: ContentKind) => KINDS[kind].table as typeof questions;
const columnsOf = (kind: ContentKind) => KINDS[kind].columns as typeof questionColumns;

export async function createContentItem<K extends ContentKind>(
  ctx: ContentWriter,
  kind: K,
  input: InputOf<K>,
): Promise<ItemOf<K>> {
  const values = KINDS[kind].settle({ ...input, citation: input.citation ?? null } as never) as object;
  const created = await ctx.database.transaction(async ({ db: tx, rows }) => {
    await rows(actAs(ctx));
    const [row] = await tx
      .insert(tableOf(kind))
      .values({ ...(values as typeof questions.$inferInsert), editedAt: new Date() })
      .returning(columnsOf(kind))
      .catch((e) => clientErrorFrom(e));
    await recordAdminAction(tx, ctx, {
      kind: `${kind}.created`,
      targetType: kind,
      targetId: row!.id,
      before: null,
      after: row,
    });
    return row!;
  });
  ctx.content.invalidate();
  return created as ItemOf<K>;
}

export interface UpdateOptions {
  /** The audit kind (default `<kind>.updated`; a restore records `<kind>.restored`). */
  audit?: AdminAuditKind;
  /** The version a restore brings back, for the audit trail. */
  restoredFrom?: number;
  /** When the edit changes a question's correct answer: keep past answers' grades (default) or regrade them. */
  pastAnswers?: PastAnswerChoice;
}

export async function updateContentItem<K extends ContentKind>(
  ctx: ContentWriter,
  kind: K,
  id: number,
  changes: Partial<InputOf<K>>,
  options: UpdateOptions = {},
): Promise<ItemOf<K>> {
  const { noun, settle } = KINDS[kind];
  const table = tableOf(kind);
  const updated = await ctx.database.transaction(async ({ db: tx, rows }) => {
    await rows(actAs(ctx));
    const [current] = await tx.select(columnsOf(kind)).from(table).where(eq(table.id, id)).for("update");
    if (!current) throw new TRPCError({ code: "NOT_FOUND", message: `${noun} ${id} does not exist.` });
    const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const {
      id: _id,
      version: _version,
      ...values
    } = settle({ ...current, ...given } as never, current as never, given.alternatives !== undefined) as typeof current;
    const [row] = await tx
      .update(table)
      .set({ ...values, editedAt: new Date() })
      .where(eq(table.id, id))
      .returning(columnsOf(kind))
      .catch((e) => clientErrorFrom(e));
    const regrade =
      kind === "question" &&
      changesGrading(current, row!) &&
      (options.pastAnswers ?? DEFAULT_PAST_ANSWER_CHOICE) === "regrade";
    await recordAdminAction(tx, ctx, {
      kind: options.audit ?? `${kind}.updated`,
      targetType: kind,
      targetId: id,
      before: current,
      after: options.restoredFrom === undefined ? row : { ...row, restoredFrom: options.restoredFrom },
    });
    if (regrade) {
      const outcome = await regradeAnswers({ db: tx, rows }, row as Question);
      await recordAdminAction(tx, ctx, {
        kind: "question.regraded",
        targetType: "question",
        targetId: id,
        before: { version: current.version, correctAnswer: (current as Question).correctAnswer },
        after: { version: row!.version, correctAnswer: (row as Question).correctAnswer, ...outcome },
      });
    }
    return row!;
  });
  ctx.content.invalidate();
  return updated as ItemOf<K>;
}

/**
 * An item's text for a new edition: a new item true for `edition` only that replaces `id`
 * (docs/decisions/0013-editions-replace-items.md), while `id` stays as it was for the editions before.
 * Members' review schedules carry over to the new item when its answer is the same, and restart when
 * it changed.
 */
export async function reviseContentItem<K extends ContentKind>(
  ctx: ContentWriter,
  kind: K,
  id: number,
  edition: string,
  changes: Partial<InputOf<K>>,
): Promise<ItemOf<K>> {
  const { noun, settle } = KINDS[kind];
  const table = tableOf(kind);
  const revised = await ctx.database.transaction(async ({ db: tx, rows }) => {
    await rows(actAs(ctx));
    const [current] = await tx
      .select({ ...columnsOf(kind), archivedAt: table.archivedAt })
      .from(table)
      .where(eq(table.id, id))
      .for("update");
    if (!current || current.archivedAt)
      throw new TRPCError({ code: "NOT_FOUND", message: `${noun} ${id} does not exist.` });
    const [known] = await rows<{ slug: string }>(sql`SELECT slug FROM editions WHERE slug = ${edition}`);
    if (!known)
      throw new TRPCError({
        code: "BAD_REQUEST",
        message: `edition: there is no edition ${edition} (GET /api/editions lists them).`,
      });
    if (!current.editions.includes(edition))
      throw new TRPCError({
        code: "CONFLICT",
        message: `${noun} ${id} is not true for ${edition}: revise the item that is.`,
      });
    const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const {
      id: _id,
      version: _version,
      archivedAt: _archived,
      editions: _editions,
      ...values
    } = settle({ ...current, ...given } as never, current as never, given.alternatives !== undefined) as typeof current;
    const [row] = await tx
      .insert(table)
      .values({ ...values, editions: [edition], replaces: id, editedAt: new Date() })
      .returning(columnsOf(kind))
      .catch((e) => clientErrorFrom(e));
    // Metadata only: the old item keeps its version and its text for the other editions.
    await tx
      .update(table)
      .set({ editions: sql`array_remove(${table.editions}, ${edition})` })
      .where(eq(table.id, id));
    // The items this one replaces, back through earlier editions (C replaces B replaces A), whose
    // schedules carry over while the answer stays the same; each member keeps their latest review.
    const chain = await replacedChain({ db: tx, rows }, kind, id);
    const from = carryOverChain(kind, chain, row!).map((item) => item.id);
    const carried = from.length > 0;
    if (carried)
      await rows(sql`
        INSERT INTO review_items (user_id, item_type, item_id, due, stability, difficulty, state, reps, lapses,
          learning_steps, scheduled_days, last_review)
        SELECT DISTINCT ON (user_id) user_id, item_type, ${row!.id}, due, stability, difficulty, state, reps, lapses,
          learning_steps, scheduled_days, last_review
        FROM review_items WHERE item_type = ${kind} AND item_id IN (${sql.join(from, sql`, `)})
        ORDER BY user_id, last_review DESC, array_position(ARRAY[${sql.join(from, sql`, `)}]::int[], item_id)
        ON CONFLICT DO NOTHING`);
    await recordAdminAction(tx, ctx, {
      kind: `${kind}.revised`,
      targetType: kind,
      targetId: row!.id,
      before: current,
      after: { ...row, replaces: id, scheduleCarriedOver: carried, scheduleCarriedOverFrom: from },
    });
    return row!;
  });
  ctx.content.invalidate();
  return revised as ItemOf<K>;
}

/** How far back a chain of `replaces` is followed: far more editions than a contract will see. */
export const MAX_REPLACES_CHAIN = 50;

/**
 * An item and the items it replaces, nearest first (the item, the one it replaces, that one's...),
 * with the fields a schedule's carry-over compares; a loop is followed once.
 */
async function replacedChain(tx: Transaction, kind: ContentKind, id: number) {
  const table = tableOf(kind);
  const chain = await tx.rows<{ id: number; depth: number }>(sql`
    WITH RECURSIVE chain(id, depth) AS (
      SELECT ${id}::int, 0
      UNION ALL
      SELECT t.replaces, chain.depth + 1 FROM chain JOIN ${table} t ON t.id = chain.id
      WHERE t.replaces IS NOT NULL AND chain.depth < ${MAX_REPLACES_CHAIN}
    )
    SELECT id, min(depth)::int AS depth FROM chain GROUP BY id ORDER BY depth`);
  const items = await tx.db
    .select(columnsOf(kind))
    .from(table)
    .where(
      inArray(
        table.id,
        chain.map((c) => c.id),
      ),
    );
  const byId = new Map(items.map((item) => [item.id, item]));
  return chain.flatMap((c) => byId.get(c.id) ?? []);
}

/** Deletes the item, or archives it when members have used it. */
export async function removeContentItem(
  ctx: ContentWriter,
  kind: ContentKind,
  id: number,
): Promise<{ archived: boolean }> {
  const { used, noun } = KINDS[kind];
  const table = tableOf(kind);
  const archived = await ctx.database.transaction(async (tx) => {
    // Locked, so an answer arriving meanwhile either counts as use or waits for the removal.
    const [row] = await tx.rows<{ contentKey: string | null; used: boolean }>(
      sql`SELECT content_key AS "contentKey", ${used(id)} AS used FROM ${table} WHERE id = ${id} FOR UPDATE`,
    );
    if (!row) throw new TRPCError({ code: "NOT_FOUND", message: `${noun} ${id} does not exist.` });
    // The item as it was, for the audit trail.
    const [before] = await tx.db.select(columnsOf(kind)).from(table).where(eq(table.id, id));
    if (row.used) await tx.db.update(table).set({ archivedAt: new Date() }).where(eq(table.id, id));
    else await tx.db.delete(table).where(eq(table.id, id));
    if (row.contentKey)
      await tx.db.insert(contentTombstones).values({ contentKey: row.contentKey }).onConflictDoNothing();
    await recordAdminAction(tx.db, ctx, {
      kind: `${kind}.${row.used ? "archived" : "deleted"}`,
      targetType: kind,
      targetId: id,
      before,
      after: null,
    });
    return row.used;
  });
  ctx.content.invalidate();
  return { archived };
}
