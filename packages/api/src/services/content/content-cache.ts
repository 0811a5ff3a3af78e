/**
 * The question bank and deck are small (under a thousand rows) and read on every study screen, so
 * each server keeps them in memory. A write clears this server's copy at once and tells every other
 * server on the same database through a notification (PostgreSQL LISTEN/NOTIFY), so an admin edit
 * reaches all of them within milliseconds. If the notification connection drops, the copy is
 * dropped too; a long safety refresh (`ttlMs`, served stale while it reloads) covers the rest.
 *
 * Lists in a snapshot never change, so the REST layer serialises each one once per content version
 * (`serializedOnce`) instead of on every request.
 */
import { createHash, randomUUID } from "node:crypto";
import { type Database, editions, flashcards, questions } from "@jcba/db";
import { getOrInsertComputed } from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { asc, eq, isNull } from "drizzle-orm";
import { publish } from "../../operations.ts";
import { flashcardColumns, questionColumns } from "./columns.ts";
import type { Flashcard, Question } from "./schemas.ts";

export const CONTENT_CHANNEL = "jcba_content";

export interface Snapshot {
  loadedAt: number;
  questions: Question[];
  questionsById: Map<number, Question>;
  questionsBySection: Map<number, Question[]>;
  flashcards: Flashcard[];
  flashcardsBySection: Map<number, Flashcard[]>;
  flashcardsById: Map<number, Flashcard>;
  /** The contract editions, oldest first: a member's edition is resolved from them with no query. */
  editions: { slug: string; name: string; effectiveOn: string }[];
}

export interface ContentCache {
  get(): Promise<Snapshot>;
  /**
   * One question by id: from the snapshot, or, when this server has not heard of it yet (or it was
   * archived since a member saw it), from the database, without dropping the snapshot everyone else
   * is reading. Undefined when it does not exist.
   */
  question(id: number): Promise<Question | undefined>;
  /** After a write: drop this server's copy and tell the other servers. */
  invalidate(): void;
  /** Resolves once this cache hears other servers' changes. */
  ready: Promise<void>;
}

/** A snapshot's items true for one contract edition, grouped as the snapshot's own lists. */
export interface EditionView {
  questions: Question[];
  questionsBySection: Map<number, Question[]>;
  flashcards: Flashcard[];
  flashcardsBySection: Map<number, Flashcard[]>;
  questionsById: Map<number, Question>;
  flashcardsById: Map<number, Flashcard>;
}

const editionViews = new WeakMap<object, Map<string, EditionView>>();

/**
 * The snapshot's items true for `edition`, worked out once per snapshot and edition: a list filtered
 * by edition then costs a map lookup per request, as an unfiltered one does, and is serialised once.
 */
export function editionView(snapshot: Pick<Snapshot, "questions" | "flashcards">, edition: string): EditionView {
  return getOrInsertComputed(
    getOrInsertComputed(editionViews, snapshot, () => new Map()),
    edition,
    () => {
      const qs = share(snapshot.questions.filter((q) => q.editions.includes(edition)));
      const fs = share(snapshot.flashcards.filter((f) => f.editions.includes(edition)));
      return {
        questions: qs,
        questionsBySection: groupBySection(qs),
        flashcards: fs,
        flashcardsBySection: groupBySection(fs),
        questionsById: new Map(qs.map((q) => [q.id, q])),
        flashcardsById: new Map(fs.map((f) => [f.id, f])),
      };
    },
  );
}

/** Snapshot lists, each serialised the first time it is sent. */
const shared = new WeakMap<object, { json?: string; etag?: string }>();

function share<T extends object>(value: T): T {
  shared.set(value, {});
  return value;
}

/**
 * The JSON text and an ETag of a list taken from a content snapshot, computed once per snapshot;
 * undefined for any other value.
 */
export function serializedOnce(value: unknown): { json: string; etag: string } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const entry = shared.get(value);
  if (!entry) return undefined;
  if (entry.json === undefined) {
    entry.json = JSON.stringify(value);
    entry.etag = `"${createHash("sha1").update(entry.json).digest("base64url")}"`;
  }
  return { json: entry.json, etag: entry.etag! };
}

function groupBySection<T extends { sectionNumber: number }>(items: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(item.sectionNumber);
    if (list) list.push(item);
    else map.set(item.sectionNumber, [item]);
  }
  for (const list of map.values()) share(list);
  return map;
}

export function createContentCache(database: Database, ttlMs = 60_000): ContentCache {
  let current: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  let generation = 0;
  // Our own notifications come back to us on PostgreSQL; this id lets us skip them.
  const origin = randomUUID();

  async function load(): Promise<Snapshot> {
    const started = generation;
    const [qs, fs, eds] = await Promise.all([
      // Archived items leave study, tests and lists; members' history keeps them.
      database.db
        .select(questionColumns)
        .from(questions)
        .where(isNull(questions.archivedAt))
        .orderBy(asc(questions.sectionNumber), asc(questions.id)),
      database.db
        .select(flashcardColumns)
        .from(flashcards)
        .where(isNull(flashcards.archivedAt))
        .orderBy(asc(flashcards.sectionNumber), asc(flashcards.id)),
      database.db
        .select({ slug: editions.slug, name: editions.name, effectiveOn: editions.effectiveOn })
        .from(editions)
        .orderBy(asc(editions.effectiveOn), asc(editions.slug)),
    ]);
    const snapshot: Snapshot = {
      loadedAt: Date.now(),
      questions: share(qs),
      questionsById: new Map(qs.map((q) => [q.id, q])),
      questionsBySection: groupBySection(qs),
      flashcards: share(fs),
      flashcardsBySection: groupBySection(fs),
      flashcardsById: new Map(fs.map((f) => [f.id, f])),
      editions: eds,
    };
    // A write that happened while loading makes this snapshot stale: keep it for this caller only.
    if (started === generation) {
      current = snapshot;
      publish.contentLoaded({ loadedAt: snapshot.loadedAt });
    }
    return snapshot;
  }

  function drop() {
    generation++;
    current = null;
    loading = null;
  }

  const ready = database
    .listen(
      CONTENT_CHANNEL,
      (payload) => {
        if (payload !== origin) drop();
      },
      drop,
    )
    .catch(() => {
      // Without notifications the safety refresh still brings other servers' edits within ttlMs.
    });

  const cache: ContentCache = {
    ready,
    async get() {
      const fresh = current !== null && Date.now() - current.loadedAt < ttlMs;
      publish.cacheLookup({ cache: "content", hit: fresh });
      if (fresh) return current!;
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
    async question(id) {
      const cached = (await cache.get()).questionsById.get(id);
      publish.cacheLookup({ cache: "question", hit: cached !== undefined });
      if (cached) return cached;
      const [row] = await database.db.select(questionColumns).from(questions).where(eq(questions.id, id));
      return row;
    },
    invalidate() {
      drop();
      database.notify(CONTENT_CHANNEL, origin).catch(() => {});
    },
  };
  return cache;
}

/** A question by id (see ContentCache.question); 404 when it does not exist. */
export async function findQuestion(content: ContentCache, id: number): Promise<Question> {
  const question = await content.question(id);
  if (!question) throw new TRPCError({ code: "NOT_FOUND", message: `Question ${id} does not exist.` });
  return question;
}
