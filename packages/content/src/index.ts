/**
 * Loads the shipped question bank and deck into the database. Idempotent: items are matched by
 * their stable key; new items are added, unedited items take corrections from the data files, an
 * item withdrawn from the data files is archived unless an admin edited it (members' history keeps
 * it), and an item an admin edited or deleted is never touched again.
 */

import { contentTombstones, type Database, flashcards, questions } from "@jcba/db";
import { inArray, isNotNull, sql } from "drizzle-orm";
import { type ContentSourceFields, readAllSections } from "./check.mjs";

export type { ContentFlashcard, ContentQuestion, ContentSourceFields, SectionFile, SectionSource } from "./check.mjs";
export { checkAll, FLASHCARD_COUNTS, readAllSections } from "./check.mjs";

export interface LoadReport {
  questionsAdded: number;
  questionsUpdated: number;
  flashcardsAdded: number;
  flashcardsUpdated: number;
  /** Shipped items withdrawn from the data files (e.g. a claim that could not be sourced), now archived. */
  questionsWithdrawn: number;
  flashcardsWithdrawn: number;
  keptAdminEdits: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The source columns of a shipped item; `archivedAt: null` brings back an item that returns to the files. */
const sourceOf = (item: ContentSourceFields) => ({
  source: item.source,
  sourceLabel: item.sourceLabel,
  secondSource: item.secondSource ?? null,
  secondSourceLabel: item.secondSourceLabel ?? null,
  archivedAt: null,
});

/**
 * The editions a shipped item is true for: its own, else its file's. Editions an admin added since
 * (a new contract carried over) are kept: the files only ever add editions to an item.
 */
function editionsOf(item: { editions?: string[] }, file: { editions?: string[] }, current?: { editions: string[] }) {
  const shipped = item.editions ?? file.editions ?? [];
  return [...new Set([...(current?.editions ?? []), ...shipped])];
}

/** The columns a shipped question and flashcard share: key, section, citation, sources and editions. */
const shippedFields = (
  item: ContentSourceFields & { key: string; citation: string; editions?: string[] },
  file: { section: number; editions?: string[] },
  existing: ReadonlyMap<string, { editions: string[] }>,
) => ({
  contentKey: item.key,
  sectionNumber: file.section,
  citation: item.citation,
  ...sourceOf(item),
  editions: editionsOf(item, file, existing.get(item.key)),
});

export async function loadContent(database: Database, dir?: string): Promise<LoadReport> {
  const files = readAllSections(dir).map((f) => f.data);
  const report: LoadReport = {
    questionsAdded: 0,
    questionsUpdated: 0,
    flashcardsAdded: 0,
    flashcardsUpdated: 0,
    questionsWithdrawn: 0,
    flashcardsWithdrawn: 0,
    keptAdminEdits: 0,
  };
  // Only sections whose file is present can withdraw items, so a partial directory never empties the bank.
  const presentSections = new Set(files.map((f) => f.section));
  const shippedKeys = new Set(
    files.flatMap((f) => [...f.questions.map((q) => q.key), ...f.flashcards.map((c) => c.key)]),
  );

  await database.db.transaction(async (tx) => {
    const tombstones = new Set(
      (await tx.select({ key: contentTombstones.contentKey }).from(contentTombstones)).map((t) => t.key),
    );
    const existingQ = new Map(
      (await tx.select().from(questions).where(isNotNull(questions.contentKey))).map((q) => [q.contentKey!, q]),
    );
    const existingF = new Map(
      (await tx.select().from(flashcards).where(isNotNull(flashcards.contentKey))).map((f) => [f.contentKey!, f]),
    );

    /**
     * Places a shipped item: a new one joins `added`, an admin's edit is kept, and a row whose shipped
     * fields changed is updated (true). Ids and timestamps are not compared.
     */
    const place = async <Values, Row extends { id: number; editedAt: Date | null }>(
      current: Row | undefined,
      values: NoInfer<Values>,
      added: Values[],
      update: (id: number) => Promise<unknown>,
    ) => {
      const unstamped = { id: undefined, editedAt: undefined, createdAt: undefined };
      if (!current) added.push(values);
      else if (current.editedAt) report.keptAdminEdits++;
      else if (!same({ ...current, ...unstamped }, { ...current, ...values, ...unstamped })) {
        await update(current.id);
        return true;
      }
      return false;
    };

    const newQuestions: (typeof questions.$inferInsert)[] = [];
    const newFlashcards: (typeof flashcards.$inferInsert)[] = [];
    // basis, basisNote and sourceNote are reviewers' notes: they stay in the data files.
    for (const file of files) {
      for (const q of file.questions) {
        if (tombstones.has(q.key)) continue;
        const values = {
          ...shippedFields(q, file, existingQ),
          questionType: q.type,
          questionText: q.question,
          options: q.type === "multiple-choice" ? (q.options ?? null) : null,
          correctAnswer: q.answer,
          explanation: q.explanation,
          alternatives: q.type === "fill-in-blank" && q.alternatives?.length ? q.alternatives : null,
        };
        const update = (id: number) => tx.update(questions).set(values).where(sql`${questions.id} = ${id}`);
        if (await place(existingQ.get(q.key), values, newQuestions, update)) report.questionsUpdated++;
      }
      for (const f of file.flashcards) {
        if (tombstones.has(f.key)) continue;
        const values = { ...shippedFields(f, file, existingF), term: f.term, definition: f.definition };
        const update = (id: number) => tx.update(flashcards).set(values).where(sql`${flashcards.id} = ${id}`);
        if (await place(existingF.get(f.key), values, newFlashcards, update)) report.flashcardsUpdated++;
      }
    }
    // Withdrawn shipped items are archived: gone from study, tests and lists, while members' answers,
    // progress and past tests keep them. Admin-edited items stay as they are.
    const withdrawn = (
      rows: Iterable<{
        id: number;
        contentKey: string | null;
        sectionNumber: number;
        editedAt: Date | null;
        archivedAt: Date | null;
      }>,
    ) =>
      [...rows]
        .filter(
          (r) =>
            r.contentKey &&
            !r.editedAt &&
            !r.archivedAt &&
            presentSections.has(r.sectionNumber) &&
            !shippedKeys.has(r.contentKey),
        )
        .map((r) => r.id);
    const goneQ = withdrawn(existingQ.values());
    const goneF = withdrawn(existingF.values());
    if (goneQ.length) await tx.update(questions).set({ archivedAt: new Date() }).where(inArray(questions.id, goneQ));
    if (goneF.length) await tx.update(flashcards).set({ archivedAt: new Date() }).where(inArray(flashcards.id, goneF));
    report.questionsWithdrawn = goneQ.length;
    report.flashcardsWithdrawn = goneF.length;

    // Insert in file order so ids follow sections and keys.
    for (let i = 0; i < newQuestions.length; i += 500)
      await tx.insert(questions).values(newQuestions.slice(i, i + 500));
    for (let i = 0; i < newFlashcards.length; i += 500)
      await tx.insert(flashcards).values(newFlashcards.slice(i, i + 500));
    report.questionsAdded = newQuestions.length;
    report.flashcardsAdded = newFlashcards.length;
  });
  return report;
}
