/**
 * Reads for item analysis (admins) and peer statistics (members), both from first answers only,
 * straight from the partial index question_attempts_first_idx. A member's score on the rest of the
 * bank comes from member_first_totals, which the answer statement keeps, so no query rescans a
 * member's answers. First answers of members who deleted their account (anonymous_first_answers)
 * count alike.
 */

import type { Database } from "@jcba/db";
import type { ItemSums } from "@jcba/domain";
import { sql } from "drizzle-orm";

type Rows = Pick<Database, "rows">;

const optionCountsSql = sql.raw(
  `ARRAY[${[0, 1, 2, 3].map((i) => `count(*) FILTER (WHERE a.chosen_option = ${i})`).join(", ")}]::int[]`,
);

/** How item sums are keyed: a question's id and version ("12:2"), each version analysed on its own. */
export const sumsKey = (questionId: number, version: number) => `${questionId}:${version}`;

/** The sums of `ItemSums` per question version, for the questions given (first answers only). */
export async function itemSumsOf(database: Rows, questionIds: number[]): Promise<Map<string, ItemSums>> {
  if (questionIds.length === 0) return new Map();
  const ids = `{${questionIds.join(",")}}`;
  // y: the member's first-answer share right on the rest of the bank (this item taken out); null when
  // they answered no other item. Deleted members' first answers count too, with their share as stored.
  const rows = await database.rows<ItemSums & { questionId: number; version: number }>(sql`
    SELECT a.question_id AS "questionId", a.question_version AS version,
      count(*)::int AS answers,
      (count(*) FILTER (WHERE a.is_correct))::int AS correct,
      (count(*) FILTER (WHERE a.rest IS NOT NULL))::int AS pairs,
      (count(*) FILTER (WHERE a.rest IS NOT NULL AND a.is_correct))::float8 AS "sumX",
      COALESCE(sum(a.rest), 0)::float8 AS "sumY",
      COALESCE(sum(a.rest * a.rest), 0)::float8 AS "sumYY",
      COALESCE(sum(a.rest) FILTER (WHERE a.is_correct), 0)::float8 AS "sumXY",
      ${optionCountsSql} AS "optionCounts",
      percentile_cont(0.5) WITHIN GROUP (ORDER BY a.time_taken_ms) AS "medianTimeMs"
    FROM (
      SELECT a.question_id, a.question_version, a.is_correct, a.chosen_option, a.time_taken_ms,
        CASE WHEN t.answered > 1 THEN (t.correct - a.is_correct::int)::float8 / (t.answered - 1) END AS rest
      FROM question_attempts a JOIN member_first_totals t ON t.user_id = a.user_id
      WHERE a.is_first AND a.question_id = ANY(${ids}::int[])
      UNION ALL
      SELECT question_id, question_version, is_correct, chosen_option, time_taken_ms, rest_share
      FROM anonymous_first_answers WHERE question_id = ANY(${ids}::int[])
    ) a
    GROUP BY a.question_id, a.question_version`);
  return new Map(
    rows.map(({ questionId, version, ...sums }) => [
      sumsKey(questionId, version),
      { ...sums, medianTimeMs: sums.medianTimeMs ?? null },
    ]),
  );
}

export interface FirstAnswerCounts {
  answers: number;
  correct: number;
  optionCounts: number[];
}

const PEER_CACHE_MS = 60_000;
const PEER_CACHE_LIMIT = 10_000;
/** Per database (tests run several), question id and version → counts and when they were read. */
const peerCaches = new WeakMap<object, Map<string, { at: number; counts: FirstAnswerCounts }>>();

/**
 * First-answer counts of each question's given version (members see the latest one's), cached for a
 * minute in this process: every answer screen asks, and a share that is a minute old is as good to a
 * member as a fresh one. By question id.
 */
export async function firstAnswerCounts(
  database: Rows,
  questions: { id: number; version: number }[],
): Promise<Map<number, FirstAnswerCounts>> {
  let cache = peerCaches.get(database);
  if (!cache) {
    cache = new Map();
    peerCaches.set(database, cache);
  }
  const now = Date.now();
  const result = new Map<number, FirstAnswerCounts>();
  const missing: { id: number; version: number }[] = [];
  for (const q of new Map(questions.map((q) => [q.id, q])).values()) {
    const hit = cache.get(sumsKey(q.id, q.version));
    if (hit && now - hit.at < PEER_CACHE_MS) result.set(q.id, hit.counts);
    else missing.push(q);
  }
  if (missing.length > 0) {
    const rows = await database.rows<FirstAnswerCounts & { questionId: number }>(sql`
      SELECT a.question_id AS "questionId", count(*)::int AS answers,
        (count(*) FILTER (WHERE a.is_correct))::int AS correct, ${optionCountsSql} AS "optionCounts"
      FROM (
        SELECT question_id, question_version, is_correct, chosen_option FROM question_attempts WHERE is_first
        UNION ALL
        SELECT question_id, question_version, is_correct, chosen_option FROM anonymous_first_answers
      ) a
      JOIN unnest(${`{${missing.map((q) => q.id).join(",")}}`}::int[], ${`{${missing.map((q) => q.version).join(",")}}`}::int[]) AS v(id, version)
        ON a.question_id = v.id AND a.question_version = v.version
      GROUP BY a.question_id`);
    const read = new Map(rows.map(({ questionId, ...counts }) => [questionId, counts]));
    if (cache.size + missing.length > PEER_CACHE_LIMIT) cache.clear();
    for (const q of missing) {
      const counts = read.get(q.id) ?? { answers: 0, correct: 0, optionCounts: [0, 0, 0, 0] };
      cache.set(sumsKey(q.id, q.version), { at: now, counts });
      result.set(q.id, counts);
    }
  }
  return result;
}

/** A stored section analysis this old is still shown at once, and computed again behind it. */
export const SNAPSHOT_FRESH_MS = 5 * 60_000;
/** Per database, the sections being computed now: a second request waits for the same work. */
const computing = new WeakMap<object, Map<number, Promise<SectionSums>>>();

export interface SectionSums {
  /** By sumsKey (question id and version). */
  sums: Map<string, ItemSums>;
  computedAt: Date;
}

async function computeSection(database: Rows, section: number, questionIds: number[]): Promise<SectionSums> {
  let running = computing.get(database);
  if (!running) {
    running = new Map();
    computing.set(database, running);
  }
  const pending = running.get(section);
  if (pending) return pending;
  const work = (async () => {
    const sums = await itemSumsOf(database, questionIds);
    const [row] = await database.rows<{ computedAt: string }>(sql`
      INSERT INTO item_analysis_snapshots (section_number, computed_at, sums)
      VALUES (${section}, now(), ${JSON.stringify(Object.fromEntries(sums))}::jsonb)
      ON CONFLICT (section_number) DO UPDATE SET computed_at = EXCLUDED.computed_at, sums = EXCLUDED.sums
      RETURNING computed_at AS "computedAt"`);
    return { sums, computedAt: new Date(row!.computedAt) };
  })();
  running.set(section, work);
  try {
    return await work;
  } finally {
    running.delete(section);
  }
}

/**
 * A section's item sums. The full scan of its first answers grows with the bank (about 1.7 s for a
 * section's 600,000 first answers), so its result is stored: a stored one is answered at once, and
 * when older than SNAPSHOT_FRESH_MS it is computed again in the background for the next view.
 * `refresh` computes now and waits.
 */
export async function sectionSumsOf(
  database: Rows,
  section: number,
  questionIds: number[],
  { refresh = false }: { refresh?: boolean } = {},
): Promise<SectionSums> {
  if (!refresh) {
    const [stored] = await database.rows<{ computedAt: string; sums: Record<string, ItemSums> }>(sql`
      SELECT computed_at AS "computedAt", sums FROM item_analysis_snapshots WHERE section_number = ${section}`);
    if (stored) {
      const computedAt = new Date(stored.computedAt);
      if (Date.now() - computedAt.getTime() > SNAPSHOT_FRESH_MS)
        // Behind the answer: a failure here (a closing database) only leaves the older figures.
        computeSection(database, section, questionIds).catch(() => {});
      return { sums: new Map(Object.entries(stored.sums)), computedAt };
    }
  }
  return computeSection(database, section, questionIds);
}

export type Tallies = Map<number, { answers: number; correct: number }>;
/** Per database: the bank's first-answer tallies as last read, and when; a read under way. */
const bankTallies = new WeakMap<object, { at: number; tallies: Tallies; reading?: Promise<Tallies> }>();
const BANK_TALLIES_FRESH_MS = 60_000;

/**
 * Members' first answers (count and right) to every question of the bank, kept in this process and
 * read again behind the answer once a minute old: readiness asks on every request, and a share a
 * minute old is as good to a member as a fresh one (see readBankFirstAnswers for where they come from).
 */
export async function bankFirstAnswersOf(
  database: Rows,
  questionIdsBySection: ReadonlyMap<number, number[]>,
): Promise<Tallies> {
  const cached = bankTallies.get(database);
  if (cached && Date.now() - cached.at <= BANK_TALLIES_FRESH_MS) return cached.tallies;
  if (cached?.reading) return cached.tallies;
  const reading = readBankFirstAnswers(database, questionIdsBySection).then((tallies) => {
    bankTallies.set(database, { at: Date.now(), tallies });
    return tallies;
  });
  if (!cached) return reading;
  // Older than a minute: answered with the figures kept, read again behind the answer (a failure, such
  // as a closing database, only keeps the older figures a little longer).
  cached.reading = reading;
  reading
    .catch(() => {})
    .finally(() => {
      cached.reading = undefined;
    });
  return cached.tallies;
}

/**
 * The tallies from the stored section analyses: read at once, and a section with none stored yet,
 * or one older than SNAPSHOT_FRESH_MS, goes through sectionSumsOf (computed now, or again behind the
 * answer), so readiness never scans the answers themselves.
 */
async function readBankFirstAnswers(
  database: Rows,
  questionIdsBySection: ReadonlyMap<number, number[]>,
): Promise<Tallies> {
  const stored = await database.rows<{ section: number; computedAt: string; sums: Record<string, ItemSums> }>(sql`
    SELECT section_number AS section, computed_at AS "computedAt", sums FROM item_analysis_snapshots`);
  const bySection = new Map(stored.map((s) => [s.section, s]));
  const result = new Map<number, { answers: number; correct: number }>();
  // Sums are kept per version (sumsKey); peers' rates count the latest version's answers only.
  const versions = new Map<number, number>();
  const add = (sums: Iterable<[string, ItemSums]>) => {
    for (const [key, s] of sums) {
      const [id = 0, version = 0] = key.split(":").map(Number);
      if ((versions.get(id) ?? 0) > version) continue;
      versions.set(id, version);
      result.set(id, { answers: s.answers, correct: s.correct });
    }
  };
  const behind: Promise<SectionSums>[] = [];
  for (const [section, ids] of questionIdsBySection) {
    const snapshot = bySection.get(section);
    if (snapshot && Date.now() - new Date(snapshot.computedAt).getTime() <= SNAPSHOT_FRESH_MS)
      add(Object.entries(snapshot.sums));
    else behind.push(sectionSumsOf(database, section, ids));
  }
  for (const { sums } of await Promise.all(behind)) add(sums);
  return result;
}
