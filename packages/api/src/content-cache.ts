/**
 * The question bank and deck are small (under a thousand rows) and read on every study screen, so
 * each server keeps them in memory. A write on this server clears the cache at once; other servers
 * behind a load balancer see a change within `ttlMs` (refreshed in the background, never blocking).
 */

import { type Database, flashcards, questions } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { asc } from "drizzle-orm";
import { flashcardColumns, questionColumns } from "./columns.ts";
import type { Flashcard, Question } from "./schemas.ts";

interface Snapshot {
  loadedAt: number;
  questions: Question[];
  questionsById: Map<number, Question>;
  questionsBySection: Map<number, Question[]>;
  flashcards: Flashcard[];
  flashcardsBySection: Map<number, Flashcard[]>;
}

export interface ContentCache {
  get(): Promise<Snapshot>;
  invalidate(): void;
}

function groupBySection<T extends { sectionNumber: number }>(items: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(item.sectionNumber);
    if (list) list.push(item);
    else map.set(item.sectionNumber, [item]);
  }
  return map;
}

export function createContentCache(database: Database, ttlMs = 5_000): ContentCache {
  let current: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  let generation = 0;

  async function load(): Promise<Snapshot> {
    const started = generation;
    const [qs, fs] = await Promise.all([
      database.db.select(questionColumns).from(questions).orderBy(asc(questions.sectionNumber), asc(questions.id)),
      database.db.select(flashcardColumns).from(flashcards).orderBy(asc(flashcards.sectionNumber), asc(flashcards.id)),
    ]);
    const snapshot: Snapshot = {
      loadedAt: Date.now(),
      questions: qs,
      questionsById: new Map(qs.map((q) => [q.id, q])),
      questionsBySection: groupBySection(qs),
      flashcards: fs,
      flashcardsBySection: groupBySection(fs),
    };
    // A write that happened while loading makes this snapshot stale: keep it for this caller only.
    if (started === generation) current = snapshot;
    return snapshot;
  }

  return {
    async get() {
      if (current && Date.now() - current.loadedAt < ttlMs) return current;
      loading ??= load().finally(() => {
        loading = null;
      });
      // Expired by age only: answer from the previous snapshot while the new one loads.
      if (current) {
        loading.catch(() => {});
        return current;
      }
      return loading;
    },
    invalidate() {
      generation++;
      current = null;
      loading = null;
    },
  };
}

/** A question by id, reloading once when it was created on another server since the cache was filled. */
export async function findQuestion(content: ContentCache, id: number): Promise<Question> {
  const cached = (await content.get()).questionsById.get(id);
  if (cached) return cached;
  content.invalidate();
  const fresh = (await content.get()).questionsById.get(id);
  if (!fresh) throw new TRPCError({ code: "NOT_FOUND", message: `Question ${id} does not exist.` });
  return fresh;
}
