/**
 * Loads the shipped question bank and deck into the database. Idempotent: items are matched by
 * their stable key; new items are added, unedited items take corrections from the data files, an
 * item withdrawn from the data files is removed unless an admin edited it, and an item an admin
 * edited or deleted is never touched again.
 */

import { contentTombstones, type Database, flashcards, questions } from "@jcba/db";
import { and, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { readAllSections } from "./check.mjs";

export type { ContentFlashcard, ContentQuestion, ContentSourceFields, SectionFile, SectionSource } from "./check.mjs";
export { checkAll, FLASHCARD_COUNTS, readAllSections } from "./check.mjs";

export interface LoadReport {
  questionsAdded: number;
  questionsUpdated: number;
  flashcardsAdded: number;
  flashcardsUpdated: number;
  /** Shipped items withdrawn from the data files (for example a claim that could not be sourced). */
  questionsRemoved: number;
  flashcardsRemoved: number;
  keptAdminEdits: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function loadContent(database: Database, dir?: string): Promise<LoadReport> {
  const files = readAllSections(dir).map((f) => f.data);
  const report: LoadReport = {
    questionsAdded: 0,
    questionsUpdated: 0,
    flashcardsAdded: 0,
    flashcardsUpdated: 0,
    questionsRemoved: 0,
    flashcardsRemoved: 0,
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

    const newQuestions: (typeof questions.$inferInsert)[] = [];
    const newFlashcards: (typeof flashcards.$inferInsert)[] = [];
    // Only `source` has a column today; sourceLabel, secondSource(Label), basis(Note), sourceNote and
    // fill-in `alternatives` stay in the data files until the schema carries them.
    for (const file of files) {
      for (const q of file.questions) {
        if (tombstones.has(q.key)) continue;
        const values = {
          contentKey: q.key,
          sectionNumber: file.section,
          questionType: q.type,
          questionText: q.question,
          options: q.type === "multiple-choice" ? (q.options ?? null) : null,
          correctAnswer: q.answer,
          explanation: q.explanation,
          citation: q.citation,
          source: q.source,
        };
        const current = existingQ.get(q.key);
        if (!current) newQuestions.push(values);
        else if (current.editedAt) report.keptAdminEdits++;
        else if (
          !same(
            { ...current, id: undefined, editedAt: undefined, createdAt: undefined },
            { ...current, ...values, id: undefined, editedAt: undefined, createdAt: undefined },
          )
        ) {
          await tx.update(questions).set(values).where(sql`${questions.id} = ${current.id}`);
          report.questionsUpdated++;
        }
      }
      for (const f of file.flashcards) {
        if (tombstones.has(f.key)) continue;
        const values = {
          contentKey: f.key,
          sectionNumber: file.section,
          term: f.term,
          definition: f.definition,
          citation: f.citation,
          source: f.source,
        };
        const current = existingF.get(f.key);
        if (!current) newFlashcards.push(values);
        else if (current.editedAt) report.keptAdminEdits++;
        else if (
          !same(
            { ...current, id: undefined, editedAt: undefined, createdAt: undefined },
            { ...current, ...values, id: undefined, editedAt: undefined, createdAt: undefined },
          )
        ) {
          await tx.update(flashcards).set(values).where(sql`${flashcards.id} = ${current.id}`);
          report.flashcardsUpdated++;
        }
      }
    }
    // Withdrawn shipped items go, with their attempts (as when an admin deletes one); admin-edited ones stay.
    const withdrawn = (
      rows: Iterable<{ id: number; contentKey: string | null; sectionNumber: number; editedAt: Date | null }>,
    ) =>
      [...rows]
        .filter(
          (r) => r.contentKey && !r.editedAt && presentSections.has(r.sectionNumber) && !shippedKeys.has(r.contentKey),
        )
        .map((r) => r.id);
    const goneQ = withdrawn(existingQ.values());
    const goneF = withdrawn(existingF.values());
    if (goneQ.length) await tx.delete(questions).where(and(inArray(questions.id, goneQ), isNull(questions.editedAt)));
    if (goneF.length)
      await tx.delete(flashcards).where(and(inArray(flashcards.id, goneF), isNull(flashcards.editedAt)));
    report.questionsRemoved = goneQ.length;
    report.flashcardsRemoved = goneF.length;

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
