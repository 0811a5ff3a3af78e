/**
 * Group commit for single answers. Members answer one question at a time, and under load many answer
 * at once; writing each in its own transaction spends most of the database's time on per-statement and
 * per-commit work. Answers that arrive while earlier writes are in flight wait for the next write and
 * go in together: one transaction, two statements for the whole group (writeAnswers). Every member's
 * request is answered only after that transaction has committed.
 *
 * When a group cannot be written as a whole (an id clash, a question deleted meanwhile, a deadlock),
 * nothing of it is kept, and each answer is written again on its own, so each member gets their own
 * outcome and one member's bad request never fails another's.
 */

import type { Database } from "@jcba/db";
import { publish } from "../../operations.ts";
import { type GradedAnswer, type ProgressRecord, recordAnswers, type StoredAnswer, writeAnswers } from "./answers.ts";

export interface WrittenAnswer {
  answer: StoredAnswer;
  /** The member's progress in the answer's section, after the write. */
  progress: ProgressRecord | undefined;
}

interface Pending {
  userId: number;
  answer: GradedAnswer;
  resolve(written: WrittenAnswer): void;
  reject(error: unknown): void;
}

export interface AnswerWriterOptions {
  /** The most answers in one group. */
  maxGroup?: number;
}

/**
 * One group is written at a time, on the database's connection kept for this (serialTransaction). The
 * database's work per group is mostly fixed, so under load fewer, larger groups carry more answers per
 * second (`bench writes`, two processes, 15 s runs taken alternately: 3,017 and 2,833/s with one group
 * in flight per process, 2,393 and 2,372/s with two); and on that one connection the statements of
 * each group size reach a plan PostgreSQL keeps, instead of being planned afresh on each of twenty.
 */
export class AnswerWriter {
  private readonly queue: Pending[] = [];
  private writing = false;
  private readonly maxGroup: number;

  constructor(
    private readonly database: Database,
    options: AnswerWriterOptions = {},
  ) {
    this.maxGroup = options.maxGroup ?? 100;
  }

  /** Records one member's answer (with its review); resolves once it is committed. */
  write(userId: number, answer: GradedAnswer): Promise<WrittenAnswer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ userId, answer, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    void this.flush(this.takeGroup()).finally(() => {
      this.writing = false;
      this.pump();
    });
  }

  /**
   * The oldest waiting answers, at most one per member and question and one per id (a quick second
   * answer to the same question waits for the next group, so the two are applied in order).
   */
  private takeGroup(): Pending[] {
    const group: Pending[] = [];
    const keys = new Set<string>();
    const rest: Pending[] = [];
    for (const pending of this.queue) {
      const key = `${pending.userId}:${pending.answer.questionId}`;
      if (group.length < this.maxGroup && !keys.has(key) && !keys.has(pending.answer.id)) {
        keys.add(key);
        keys.add(pending.answer.id);
        group.push(pending);
      } else rest.push(pending);
    }
    this.queue.splice(0, this.queue.length, ...rest);
    return group;
  }

  private async flush(group: Pending[]) {
    publish.answerGroup({ size: group.length });
    if (group.length > 1) {
      try {
        // On the connection kept for group commits: its statements keep their plans.
        const written = await this.database.serialTransaction((tx) =>
          writeAnswers(
            tx,
            group.map(({ userId, answer }) => ({ userId, answer })),
          ),
        );
        group.forEach((pending, n) => {
          const answer = written.answers[n]!;
          pending.resolve({ answer, progress: sectionOf(written.progress.get(pending.userId), answer) });
        });
        return;
      } catch {
        // Written again one by one below: each answer's own outcome, error included.
      }
    }
    await Promise.all(
      group.map(async (pending) => {
        try {
          const written = await recordAnswers(this.database, pending.userId, [pending.answer]);
          const answer = written.answers[0]!;
          pending.resolve({ answer, progress: sectionOf(written.progress, answer) });
        } catch (error) {
          pending.reject(error);
        }
      }),
    );
  }
}

const sectionOf = (progress: ProgressRecord[] | undefined, answer: StoredAnswer) =>
  progress?.find((p) => p.sectionNumber === answer.sectionNumber);

const writers = new WeakMap<Database, AnswerWriter>();

/** The answer writer of a database (one per database per process). */
export function answerWriterFor(database: Database): AnswerWriter {
  let writer = writers.get(database);
  if (!writer) {
    writer = new AnswerWriter(database);
    writers.set(database, writer);
  }
  return writer;
}
