/**
 * Benchmarks, run by hand (not tests). Everything targets 127.0.0.1 and stops by itself.
 *   pnpm --filter @jcba/server bench            all of them
 *   pnpm --filter @jcba/server bench targets    rest, writes and load, side by side in one run
 *   pnpm --filter @jcba/server bench rest       GET /api/questions?section=7 vs a bare Fastify route with the same JSON
 *   pnpm --filter @jcba/server bench writes     POST /api/progress/question-attempt at 50 connections on PostgreSQL, by
 *                                               members with BENCH_HISTORY (400) answers each already stored, after
 *                                               a 3 s warm-up
 *   pnpm --filter @jcba/server bench scale      dashboard/performance reads, the review queue and the pool counts
 *                                               with 25,000 users × 400 attempts stored
 *   pnpm --filter @jcba/server bench directory  the admin member directory (pages, search, count) with 25,000 members
 *   pnpm --filter @jcba/server bench item-analysis  item analysis of a section with ITEM_USERS (25,000) × 400 first answers stored
 *   pnpm --filter @jcba/server bench cold       cold start on a new PGlite DATA_DIR (migrations + content)
 *   pnpm --filter @jcba/server bench load       BENCH_MEMBERS (200) members studying on PGlite, then on PostgreSQL (bench/load.ts)
 *   pnpm --filter @jcba/server bench overload   1,000 members with no think time for at most 60 s, PGlite then PostgreSQL:
 *                                               the share of 503s, admitted p99, acknowledged answers stored
 *   pnpm --filter @jcba/server bench search     GET /api/search with a mix of queries at 10 connections on PostgreSQL
 *   pnpm --filter @jcba/server bench readiness  GET /api/readiness (now and a forecast) and /api/review/calibration for
 *                                               one member with 400 reviews, SCALE_USERS (25,000) × 400 stored, p95
 *   pnpm --filter @jcba/server bench readiness-member  readiness, its forecasts and calibration for one member who has
 *                                               answered the whole bank ANSWERS_PER_QUESTION (4) times, on PGlite then
 *                                               PostgreSQL (or: pglite, postgres), p95
 *   pnpm --filter @jcba/server bench backup     a backup of the embedded database with BACKUP_MEMBERS (25,000) × BACKUP_ANSWERS
 *                                               (400) answers while members read: its size, time and the requests' pause
 * BENCH_SECONDS (default 10) sets each load run's length; SCALE_USERS (default 25000) the scale test's size.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadContent } from "@jcba/content";
import { createDatabase, type Database } from "@jcba/db";
import { startTestPostgres } from "@jcba/db/test-postgres";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { generateToken, hashToken } from "../src/auth/sessions.ts";
import { buildApp } from "../src/http/app.ts";
import { loadConfig } from "../src/process/config.ts";
import { serverEntry, startServer } from "./server.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const which = process.argv[2] ?? "all";
/** Questions each member of the write benchmark has answered before it starts (BENCH_HISTORY, default 400). */
const HISTORY_PER_MEMBER = Number(process.env.BENCH_HISTORY ?? 400);

async function startApp(databaseUrl?: string) {
  const database = await createDatabase({ databaseUrl, dataDir: "memory://", maxConnections: 40 });
  await database.migrate();
  await loadContent(database);
  const { app } = await buildApp({ config: loadConfig({ LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" }), database });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, database, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

async function sessionFor(database: Awaited<ReturnType<typeof createDatabase>>, userId: number) {
  const token = generateToken();
  await database.rows(
    sql`INSERT INTO sessions (id, user_id, expires_at) VALUES (${hashToken(token)}, ${userId}, now() + interval '30 days')`,
  );
  return `jcba_session=${token}`;
}

function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    void instance;
  });
}

/** The API alone, logging as in production. */
const SERVER_ENV = { WEB_DIST: "/nonexistent", LOG_LEVEL: "info" };

/** Members with sessions and the bank's answers, written straight into the benchmark's database. */
async function seedMembers(databaseUrl: string, count: number) {
  const database = await createDatabase({ databaseUrl, maxConnections: 2 });
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const [user] = await database.rows<{ id: number }>(
      sql`INSERT INTO users (email, first_name, last_name) VALUES (${`bench${i}-${randomUUID()}@test.local`}, 'Bench', 'Member') RETURNING id`,
    );
    cookies.push(await sessionFor(database, user!.id));
  }
  const questions = await database.rows<{ id: number; answer: string }>(
    sql`SELECT id, correct_answer AS answer FROM questions ORDER BY id`,
  );
  await database.close();
  return { cookies, questions };
}

/**
 * What members whose e-mail matches `emailPattern` have done before: `perUser` distinct questions
 * answered each, spread over the bank and the last 90 days, with their latest results, review items
 * (due from two days ago to a month out) and one logged review per answer.
 */
async function seedAnswerHistory(database: Database, emailPattern: string, perUser: number) {
  await database.rows(sql`
    INSERT INTO question_attempts (id, user_id, question_id, question_version, section_number, user_answer, is_correct, created_at)
    SELECT gen_random_uuid(), u.id, q.id, q.version, q.section_number, 'x', (random() < 0.7), now() - (random() * interval '90 days')
    FROM users u CROSS JOIN LATERAL (SELECT id, version, section_number FROM questions ORDER BY (id * 7919 + u.id) % 1000 LIMIT ${perUser}) q
    WHERE u.email LIKE ${emailPattern}`);
  const mine = sql`user_id IN (SELECT id FROM users WHERE email LIKE ${emailPattern})`;
  await database.rows(sql`
    INSERT INTO question_results (user_id, question_id, section_number, is_correct, attempts, last_attempt_at, last_attempt_id)
    SELECT user_id, question_id, section_number, is_correct, 1, created_at, id FROM question_attempts WHERE ${mine}`);
  await database.rows(sql`
    INSERT INTO review_items (user_id, item_type, item_id, due, stability, difficulty, state, reps, lapses, last_review)
    SELECT user_id, 'question', question_id, now() + (random() * interval '32 days') - interval '2 days',
           1 + random() * 20, 1 + random() * 9, 2, 1, 0, last_attempt_at
    FROM question_results WHERE ${mine}`);
  await database.rows(sql`
    INSERT INTO review_log (id, user_id, item_type, item_id, item_version, rating, reviewed_at, applied, is_new, due, stability, difficulty, state)
    SELECT id, user_id, 'question', question_id, question_version, CASE WHEN is_correct THEN 3 ELSE 1 END, created_at, true, true, created_at, 1, 5, 1
    FROM question_attempts WHERE ${mine}`);
}

async function rest() {
  const pg = await startTestPostgres();
  const server = await startServer({ ...SERVER_ENV, DATABASE_URL: pg.url, WORKERS: "1" });
  const { cookies } = await seedMembers(pg.url, 1);
  const cookie = cookies[0]!;
  const path = "/api/questions?section=7";
  // The bare route answers with exactly what the app sends: same body, same headers.
  const sample = await fetch(server.url + path, { headers: { cookie } });
  const headers = Object.fromEntries(
    [...sample.headers].filter(
      ([name]) => !["date", "connection", "keep-alive", "content-length", "transfer-encoding"].includes(name),
    ),
  );
  const file = join(mkdtempSync(join(tmpdir(), "jcba-bench-")), "response.json");
  writeFileSync(file, JSON.stringify({ headers, body: await sample.text() }));
  const bareProcess = spawn(process.execPath, ["--import", "tsx", new URL("./bare.ts", import.meta.url).pathname], {
    env: { ...process.env, BARE_RESPONSE: file },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const bareUrl = await new Promise<string>((resolve) =>
    bareProcess.stdout.on("data", (d: Buffer) => {
      const m = /BARE (\S+)/.exec(String(d));
      if (m) resolve(m[1]!);
    }),
  );
  try {
    // Warm both, then alternate halves so that a noisy moment falls on both sides alike.
    await cannon({ url: server.url + path, headers: { cookie }, connections: 10, duration: 2 });
    await cannon({ url: bareUrl + path, connections: 10, duration: 2 });
    const app: autocannon.Result[] = [];
    const bare: autocannon.Result[] = [];
    for (let round = 0; round < 2; round++) {
      app.push(await cannon({ url: server.url + path, headers: { cookie }, connections: 50, duration: SECONDS / 2 }));
      bare.push(await cannon({ url: bareUrl + path, connections: 50, duration: SECONDS / 2 }));
    }
    const rate = (runs: autocannon.Result[]) => runs.reduce((sum, r) => sum + r.requests.average, 0) / runs.length;
    const p99 = (runs: autocannon.Result[]) => Math.max(...runs.map((r) => r.latency.p99));
    const bad = app.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    console.log(
      `\nREST GET ${path} (signed in, PostgreSQL, 1 process) vs a bare Fastify route with the same body and headers, 50 connections, ${SECONDS}s each`,
    );
    console.log(`  app:  ${Math.round(rate(app))} req/s, p99 ${p99(app)} ms, non-2xx or errors ${bad}`);
    console.log(`  bare: ${Math.round(rate(bare))} req/s, p99 ${p99(bare)} ms`);
    console.log(`  ratio app/bare: ${(rate(app) / rate(bare)).toFixed(2)} (target ≥ 0.50)`);
  } finally {
    bareProcess.kill("SIGTERM");
    await server.stop();
    pg.stop();
  }
}

async function writes() {
  const pg = await startTestPostgres();
  const workers = process.env.BENCH_WORKERS ?? "2";
  try {
    const server = await startServer({ ...SERVER_ENV, DATABASE_URL: pg.url, WORKERS: workers, DB_POOL_SIZE: "20" });
    const { questions, cookies } = await seedMembers(pg.url, 50);
    // Members who have studied before, with the statistics autovacuum keeps: an empty database's
    // first seconds, planned for empty tables, are not what a union's server runs on.
    const seed = await createDatabase({ databaseUrl: pg.url, maxConnections: 1 });
    await seedAnswerHistory(seed, "bench%", HISTORY_PER_MEMBER);
    await seed.rows(sql`ANALYZE`);
    const [{ before } = { before: 0 }] = await seed.rows<{ before: number }>(
      sql`SELECT count(*)::int AS before FROM question_attempts`,
    );
    await seed.close();
    let next = 0;
    const answering = (duration: number) =>
      cannon({
        url: server.url,
        connections: 50,
        duration,
        requests: [
          {
            method: "POST",
            path: "/api/progress/question-attempt",
            setupRequest: (req, ctx) => {
              const context = ctx as { cookie?: string };
              const q = questions[Math.floor(Math.random() * questions.length)]!;
              context.cookie ??= cookies[next++ % cookies.length];
              return {
                ...req,
                headers: { "content-type": "application/json", cookie: context.cookie! },
                body: JSON.stringify({
                  id: randomUUID(),
                  questionId: q.id,
                  userAnswer: Math.random() < 0.7 ? q.answer : "wrong",
                }),
              };
            },
          },
        ],
      });
    // Three seconds first, as after any start, while the JIT and PostgreSQL's kept plans warm up.
    const warmUp = await answering(3);
    const result = await answering(SECONDS);
    await server.stop();
    const check = await createDatabase({ databaseUrl: pg.url });
    const [{ n } = { n: 0 }] = await check.rows<{ n: number }>(
      sql`SELECT count(*)::int - ${before} AS n FROM question_attempts`,
    );
    await check.close();
    console.log(
      `\nPOST /api/progress/question-attempt on PostgreSQL 15, ${workers} server processes, 50 connections, ${SECONDS}s`,
    );
    console.log(
      `  ${Math.round(result.requests.average)} writes/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (targets ≥ 3000/s, p99 < 50 ms)`,
    );
    // autocannon stops counting at the deadline while a few requests are still in flight, so the
    // stored rows may exceed the acknowledged ones; fewer would mean a lost write.
    console.log(
      `  2xx ${result["2xx"]}, non-2xx ${result.non2xx}, errors ${result.errors}; rows stored ${n} with the warm-up's ${warmUp["2xx"]} (every acknowledged write stored: ${n >= result["2xx"] + warmUp["2xx"]})`,
    );
  } finally {
    pg.stop();
  }
}

async function scale() {
  const users = Number(process.env.SCALE_USERS ?? 25_000);
  const perUser = 400;
  const pg = await startTestPostgres();
  try {
    const { app, database, url } = await startApp(pg.url);
    const t0 = performance.now();
    await database.rows(
      sql`INSERT INTO users (email, first_name, last_name) SELECT 'scale' || g || '@test.local', 'Scale', 'User' FROM generate_series(1, ${users}) g`,
    );
    await seedAnswerHistory(database, "scale%", perUser);
    // Ten flagged questions per user for the Flagged pool.
    await database.rows(sql`
      INSERT INTO question_flags (user_id, question_id)
      SELECT user_id, question_id FROM question_results WHERE (question_id + user_id) % 40 = 0`);
    await database.rows(sql`
      INSERT INTO test_attempts (id, user_id, created_at, sections_included, question_ids, question_versions, total_questions, score, time_spent_seconds)
      SELECT gen_random_uuid(), u.id, now() - (g * interval '1 day'), ARRAY[1,2,3], ARRAY[1,2,3], ARRAY[1,1,1], 10, (random() * 100)::int, 300
      FROM users u CROSS JOIN generate_series(1, 8) g WHERE u.email LIKE 'scale%'`);
    await database.rows(sql`ANALYZE`);
    const [{ n } = { n: 0 }] = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM question_attempts`,
    );
    console.log(
      `\nScale: ${users} users, ${n} question attempts, ${users * 8} test attempts stored in ${Math.round((performance.now() - t0) / 1000)} s`,
    );
    const ids = (
      await database.rows<{ id: number }>(
        sql`SELECT id FROM users WHERE email LIKE 'scale%' ORDER BY random() LIMIT 200`,
      )
    ).map((r) => r.id);
    const cookies: string[] = [];
    for (const id of ids) cookies.push(await sessionFor(database, id));
    for (const path of [
      "/api/progress/section",
      "/api/test-attempts",
      "/api/flashcard-mastery",
      // The review queue (due within 24 hours) and the test builder's pool counts per section.
      "/api/review/queue",
      "/api/practice-test/availability",
    ]) {
      // One connection measures a read's own latency; ten show throughput when members pile in.
      for (const connections of [1, 10]) {
        let i = 0;
        const result = await cannon({
          url,
          connections,
          duration: Math.max(5, SECONDS / 2),
          requests: [
            {
              method: "GET",
              path,
              setupRequest: (req) => ({ ...req, headers: { cookie: cookies[i++ % cookies.length]! } }),
            },
          ],
        });
        console.log(
          `  GET ${path}, ${connections} connection(s): ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx} (target p95 < 10 ms)`,
        );
      }
    }
    await app.close();
    await database.close();
  } finally {
    pg.stop();
  }
}

/** The admin directory with SCALE_USERS (25,000) members on PostgreSQL: pages, name/e-mail search, the count. */
async function directory() {
  const users = Number(process.env.SCALE_USERS ?? 25_000);
  const pg = await startTestPostgres();
  try {
    const { app, database, url } = await startApp(pg.url);
    // Names from two small lists and a number, so prefixes match a few to a few hundred members.
    await database.rows(sql`
      INSERT INTO users (email, first_name, last_name)
      SELECT 'dir' || g || '.' || lower(l) || '@union.test', f, l || g % 997
      FROM generate_series(1, ${users}) g,
        LATERAL (SELECT (ARRAY['Maria','James','Aiko','Chen','Fatima','Olga','Pedro','Grace','Liam','Noor'])[1 + g % 10] AS f,
                        (ARRAY['Lopez','Smith','Tanaka','Wang','Haddad','Ivanova','Silva','Okafor','Murphy','Khan'])[1 + (g / 10) % 10] AS l) n`);
    const [{ id: adminId } = { id: 0 }] = await database.rows<{ id: number }>(
      sql`INSERT INTO users (email, first_name, last_name, is_admin) VALUES ('bench-admin@union.test', 'Bench', 'Admin', true) RETURNING id`,
    );
    // What autovacuum does soon after a bulk insert: statistics, and the visibility map that lets a deep
    // page be read from the index alone.
    await database.rows(sql`VACUUM ANALYZE users`);
    const cookie = await sessionFor(database, adminId);
    console.log(`\nDirectory: ${users} members`);
    const offsets = Array.from({ length: 100 }, () => Math.floor(Math.random() * Math.max(1, users - 50)));
    const prefixes = [
      "mar",
      "maria lo",
      "tanaka1",
      "dir12",
      "dir2500",
      "okafor",
      "grace m",
      "khan99",
      "z",
      "pedro silva4",
    ];
    const cases: [string, (i: number) => string][] = [
      ["page of 50 at a random offset", (i) => `/api/admin/users?limit=50&offset=${offsets[i % offsets.length]}`],
      [
        "search by name or e-mail prefix",
        (i) => `/api/admin/users?limit=50&query=${encodeURIComponent(prefixes[i % prefixes.length]!)}`,
      ],
      ["total count", () => "/api/admin/users/count"],
      ["search count", (i) => `/api/admin/users/count?query=${encodeURIComponent(prefixes[i % prefixes.length]!)}`],
    ];
    for (const [label, pathOf] of cases) {
      let i = 0;
      const result = await cannon({
        url,
        connections: 1,
        duration: Math.max(3, SECONDS / 2),
        requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: pathOf(i++), headers: { cookie } }) }],
      });
      console.log(
        `  ${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx} (target p95 < 50 ms)`,
      );
    }
    await app.close();
    await database.close();
  } finally {
    pg.stop();
  }
}

/**
 * Item analysis of one section with ITEM_USERS (25,000) members × 400 first answers (10,000,000)
 * stored on PostgreSQL: GET /api/admin/item-analysis for the section with the most questions.
 */
async function itemAnalysis() {
  const users = Number(process.env.ITEM_USERS ?? 25_000);
  const perUser = 400;
  const pg = await startTestPostgres();
  try {
    const { app, database, url } = await startApp(pg.url);
    const t0 = performance.now();
    await database.rows(
      sql`INSERT INTO users (email, first_name, last_name) SELECT 'item' || g || '@test.local', 'Item', 'Member' FROM generate_series(1, ${users}) g`,
    );
    // Each member's 400 first answers, spread over the bank, with an option chosen and a time taken.
    await database.rows(sql`
      INSERT INTO question_attempts (id, user_id, question_id, question_version, section_number, user_answer, is_correct, created_at, chosen_option, is_first, time_taken_ms)
      SELECT gen_random_uuid(), u.id, q.id, q.version, q.section_number, 'x', r.right, now() - (random() * interval '90 days'),
             CASE WHEN q.question_type = 'multiple-choice' THEN floor(random() * 4)::int END, true, (2000 + random() * 40000)::int
      FROM users u
      CROSS JOIN LATERAL (SELECT id, version, section_number, question_type FROM questions ORDER BY (id * 7919 + u.id) % 1000 LIMIT ${perUser}) q
      CROSS JOIN LATERAL (SELECT random() < 0.3 + (u.id % 10) * 0.06 AS right) r
      WHERE u.email LIKE 'item%'`);
    await database.rows(sql`
      INSERT INTO question_results (user_id, question_id, section_number, is_correct, attempts, last_attempt_at)
      SELECT user_id, question_id, section_number, is_correct, 1, created_at FROM question_attempts`);
    await database.rows(sql`
      INSERT INTO member_first_totals (user_id, answered, correct)
      SELECT user_id, count(*)::int, (count(*) FILTER (WHERE is_correct))::int FROM question_attempts GROUP BY user_id`);
    await database.rows(sql`VACUUM ANALYZE question_attempts`);
    await database.rows(sql`ANALYZE`);
    const [{ n } = { n: 0 }] = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM question_attempts`,
    );
    const [{ section, answers } = { section: 1, answers: 0 }] = await database.rows<{
      section: number;
      answers: number;
    }>(
      sql`SELECT section_number AS section, count(*)::int AS answers FROM question_attempts GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    console.log(
      `\nItem analysis: ${users} members, ${n} first answers stored in ${Math.round((performance.now() - t0) / 1000)} s; section ${section} holds ${answers}`,
    );
    const [admin] = await database.rows<{ id: number }>(
      sql`INSERT INTO users (email, is_admin) VALUES ('item-admin@test.local', true) RETURNING id`,
    );
    const cookie = await sessionFor(database, admin!.id);
    // The full computation (first view of a section, Refresh, or the background refresh), then stored reads.
    const computeMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await fetch(`${url}/api/admin/item-analysis?section=${section}&refresh=true`, {
        headers: { cookie },
      });
      if (!res.ok) throw new Error(`item analysis: ${res.status}`);
      await res.json();
      computeMs.push(Math.round(performance.now() - started));
    }
    console.log(`  computed in ${computeMs.join(", ")} ms (refresh=true, 3 runs)`);
    const result = await cannon({
      url,
      connections: 1,
      duration: Math.max(5, SECONDS / 2),
      requests: [{ method: "GET", path: `/api/admin/item-analysis?section=${section}`, headers: { cookie } }],
    });
    console.log(
      `  GET /api/admin/item-analysis?section=${section} (stored figures), 1 connection: p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, non-2xx ${result.non2xx}`,
    );
    await app.close();
    await database.close();
  } finally {
    pg.stop();
  }
}

async function cold() {
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  console.log(`Cold start of ${serverEntry().at(-1)}`);
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const dir = mkdtempSync(join(tmpdir(), "jcba-cold-"));
    const started = performance.now();
    const child = spawn(process.execPath, serverEntry(), {
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        ADMIN_EMAIL: "cold@test.local",
        ADMIN_PASSWORD: "cold-password-1",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    const readyMs = await new Promise<number>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        out += d;
        const m = out.match(/ready in (\d+) ms/);
        if (m) resolve(Number(m[1]));
      });
      child.on("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    const wall = Math.round(performance.now() - started);
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
    times.push(readyMs);
    console.log(
      `  cold start ${run + 1}: database + migrations + content + listen ${readyMs} ms (process spawn to ready ${wall} ms)`,
    );
  }
  console.log(`Cold start on a new PGlite DATA_DIR: median ${times.sort((a, b) => a - b)[1]} ms (target < 5000 ms)`);
}

/** What members search for: words, a phrase, plain questions, misspellings, references, syntax. */
const SEARCH_QUERIES = [
  "sick leave",
  "probationary",
  "probationery",
  "sick leeve",
  "reserve call-out",
  "how many sick days carry over",
  '"electronic bulletin board"',
  "vacation -bank",
  "pay or credit",
  "deadhead",
  "7.I.8",
  "§12",
  "Section 13",
  "grievance",
  "minimum rest",
];

async function search() {
  const pg = await startTestPostgres();
  try {
    const server = await startServer({
      ...SERVER_ENV,
      DATABASE_URL: pg.url,
      WORKERS: process.env.BENCH_WORKERS ?? "1",
    });
    const { cookies } = await seedMembers(pg.url, 10);
    let next = 0;
    const paths = SEARCH_QUERIES.map((q) => `/api/search?q=${encodeURIComponent(q)}&limit=20`);
    // Every response's time, for the exact p95 (autocannon's summary stops at p90 and p97.5).
    const run = (duration: number, times: number[] = []) =>
      new Promise<{ result: autocannon.Result; times: number[] }>((resolve, reject) => {
        const instance = autocannon(
          {
            url: server.url,
            connections: 10,
            duration,
            requests: [
              {
                method: "GET",
                setupRequest: (req, ctx) => {
                  const context = ctx as { cookie?: string };
                  context.cookie ??= cookies[next++ % cookies.length];
                  return {
                    ...req,
                    path: paths[Math.floor(Math.random() * paths.length)]!,
                    headers: { cookie: context.cookie! },
                  };
                },
              },
            ],
          },
          (err, result) => (err ? reject(err) : resolve({ result, times })),
        );
        instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
      });
    await run(2); // warm-up: plans, caches, JIT
    const { result, times } = await run(SECONDS);
    await server.stop();
    times.sort((a, b) => a - b);
    const at = (p: number) => (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0).toFixed(1);
    console.log(
      `\nGET /api/search (${SEARCH_QUERIES.length} queries mixed, signed in, PostgreSQL), 10 connections, ${SECONDS}s`,
    );
    console.log(
      `  ${Math.round(result.requests.average)} req/s, p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms, non-2xx or errors ${result.non2xx + result.errors} (target p95 < 20 ms)`,
    );
  } finally {
    pg.stop();
  }
}

if (which === "cold" || which === "all") await cold();
const targets = which === "targets";
if (which === "rest" || which === "all" || targets) await rest();
if (which === "writes" || which === "all" || targets) await writes();
if (which === "scale" || which === "all") await scale();
if (which === "directory" || which === "all") await directory();
if (which === "item-analysis" || which === "all") await itemAnalysis();
if (which === "load" || which === "all" || targets) await (await import("./load.ts")).load(process.argv[3]);
if (which === "overload") await (await import("./load.ts")).load(process.argv[3], true);
if (which === "search" || which === "all") await search();
if (which === "readiness" || which === "all") await readiness();
if (which === "readiness-member" || which === "all") await readinessMember(process.argv[3]);
if (which === "backup") await (await import("./backup.ts")).backupBench();
process.exit(0);

/** Milliseconds per request of `count` sequential GETs (one member's own latency): p50, p95, p99. */
async function sequentialLatency(url: string, cookie: string, count: number, before?: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    await before?.();
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`;
}

/**
 * `count` members (e-mail `prefix`N@test.local) with 400 answers each, every one their first to the
 * question: the peers' first-answer shares readiness counts an unseen question at.
 */
async function seedFirstAnswers(database: Database, prefix: string, count: number) {
  await database.rows(
    sql`INSERT INTO users (email, first_name, last_name) SELECT ${prefix} || g || '@test.local', 'Bench', 'Member' FROM generate_series(1, ${count}) g`,
  );
  await seedAnswerHistory(database, `${prefix}%`, 400);
  await database.rows(sql`UPDATE question_attempts SET is_first = true`);
  await database.rows(sql`
    INSERT INTO member_first_totals (user_id, answered, correct)
    SELECT user_id, count(*), count(*) FILTER (WHERE is_correct) FROM question_attempts GROUP BY user_id`);
}

/**
 * Readiness and calibration for one member with 400 reviews, with SCALE_USERS (25,000) members × 400
 * answers and reviews stored on PostgreSQL (target p95 < 20 ms). The peer figures come from the stored
 * section analyses, computed once before measuring, as a running server has them.
 */
async function readiness() {
  const users = Number(process.env.SCALE_USERS ?? 25_000);
  const pg = await startTestPostgres();
  try {
    const { app, database, url } = await startApp(pg.url);
    const t0 = performance.now();
    await seedFirstAnswers(database, "ready", users);
    await database.rows(sql`ANALYZE`);
    const [{ n } = { n: 0 }] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM review_log`);
    console.log(
      `\nReadiness: ${users} members, ${n} reviews stored in ${Math.round((performance.now() - t0) / 1000)} s`,
    );
    const [member] = await database.rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'ready1@test.local'`);
    const cookie = await sessionFor(database, member!.id);
    const warm = performance.now();
    await fetch(`${url}/api/readiness`, { headers: { cookie } });
    console.log(
      `  first request, the 32 section analyses computed and stored: ${Math.round(performance.now() - warm)} ms`,
    );
    const day = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    for (const path of ["/api/readiness", `/api/readiness?at=${day}`, "/api/review/calibration"]) {
      await sequentialLatency(`${url}${path}`, cookie, 20); // warm-up
      console.log(
        `  GET ${path}, one member with 400 reviews: ${await sequentialLatency(`${url}${path}`, cookie, 500)} (target p95 < 20 ms)`,
      );
    }
    await app.close();
    await database.close();
  } finally {
    pg.stop();
  }
}

/**
 * Readiness for one member with a long history (target p95 < 20 ms), on PGlite then PostgreSQL: every
 * question of the bank answered and reviewed ANSWERS_PER_QUESTION (4) times over the last months (about
 * 3,100 answers and as many logged reviews), beside PEER_MEMBERS (2,000) × 400 first answers for the
 * peers' rates. Each path is asked 500 times in a row after a warm-up, as one member's screens ask; then
 * readiness 300 times with the member's schedules changed before each read (as after a review).
 */
async function readinessMember(only?: string) {
  const perQuestion = Number(process.env.ANSWERS_PER_QUESTION ?? 4);
  const peers = Number(process.env.PEER_MEMBERS ?? 2000);
  for (const kind of ["pglite", "postgres"] as const) {
    if (only && only !== kind) continue;
    const pg = kind === "postgres" ? await startTestPostgres() : null;
    try {
      const { app, database, url } = await startApp(pg?.url);
      const t0 = performance.now();
      await seedFirstAnswers(database, "peer", peers);
      const [member] = await database.rows<{ id: number }>(
        sql`INSERT INTO users (email, first_name, last_name) VALUES ('keen@test.local', 'Keen', 'Member') RETURNING id`,
      );
      const id = member!.id;
      // Review k of each question 25 days after the one before, the last 5 to 11 days ago; one in five
      // forgotten (Again); stability growing 2.5 times a review, as FSRS's does for a remembered item.
      await database.rows(sql`
        INSERT INTO review_log (id, user_id, item_type, item_id, item_version, rating, reviewed_at, applied, is_new, due, stability, difficulty, state)
        SELECT gen_random_uuid(), ${id}, 'question', q.id, q.version, CASE WHEN (q.id * 31 + k) % 5 = 0 THEN 1 ELSE 3 END,
          now() - ((${perQuestion} - k) * 25 + 5 + q.id % 7) * interval '1 day', true, k = 1,
          now() - ((${perQuestion} - k) * 25 + 5 + q.id % 7) * interval '1 day' + power(2.5, k) * interval '1 day',
          power(2.5, k), 4 + q.id % 5, CASE WHEN k = 1 THEN 1 ELSE 2 END
        FROM questions q CROSS JOIN generate_series(1, ${perQuestion}) k`);
      await database.rows(sql`
        INSERT INTO question_attempts (id, user_id, question_id, question_version, section_number, user_answer, is_correct, created_at, is_first)
        SELECT l.id, ${id}, q.id, q.version, q.section_number, 'x', l.rating > 1, l.reviewed_at, l.is_new
        FROM review_log l JOIN questions q ON q.id = l.item_id WHERE l.user_id = ${id}`);
      await database.rows(sql`
        INSERT INTO question_results (user_id, question_id, section_number, is_correct, attempts, last_attempt_at, last_attempt_id)
        SELECT DISTINCT ON (question_id) user_id, question_id, section_number, is_correct, ${perQuestion}, created_at, id
        FROM question_attempts WHERE user_id = ${id} ORDER BY question_id, created_at DESC`);
      await database.rows(sql`
        INSERT INTO review_items (user_id, item_type, item_id, due, stability, difficulty, state, reps, lapses, last_review)
        SELECT DISTINCT ON (item_id) user_id, item_type, item_id, due, stability, difficulty, state, ${perQuestion},
          (SELECT count(*) FROM review_log e WHERE e.user_id = l.user_id AND e.item_id = l.item_id AND e.rating = 1), reviewed_at
        FROM review_log l WHERE user_id = ${id} ORDER BY item_id, reviewed_at DESC`);
      await database.rows(sql`ANALYZE`);
      const [{ n } = { n: 0 }] = await database.rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM review_log WHERE user_id = ${id}`,
      );
      console.log(
        `\nReadiness of one member on ${kind}: ${n} reviews and answers of every question (${perQuestion} each), ${peers} peers × 400 answers; seeded in ${Math.round((performance.now() - t0) / 1000)} s`,
      );
      const cookie = await sessionFor(database, id);
      const warm = performance.now();
      await fetch(`${url}/api/readiness`, { headers: { cookie } });
      console.log(`  first request, the section analyses computed: ${Math.round(performance.now() - warm)} ms`);
      const day = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
      for (const path of [
        "/api/readiness",
        `/api/readiness?at=${day}`,
        `/api/readiness?at=${day}&reviews=kept`,
        "/api/review/calibration",
      ]) {
        await sequentialLatency(`${url}${path}`, cookie, 20); // warm-up
        console.log(`  GET ${path}: ${await sequentialLatency(`${url}${path}`, cookie, 500)} (target p95 < 20 ms)`);
      }
      // Each read after a change to the member's schedules (a review between two reads), untimed.
      const changed = () =>
        database.rows(
          sql`UPDATE review_items SET reps = reps WHERE user_id = ${id} AND item_id = (SELECT min(item_id) FROM review_items WHERE user_id = ${id})`,
        );
      for (const path of ["/api/readiness", `/api/readiness?at=${day}&reviews=kept`]) {
        await sequentialLatency(`${url}${path}`, cookie, 20, changed);
        console.log(
          `  GET ${path}, the schedules changed before each read: ${await sequentialLatency(`${url}${path}`, cookie, 300, changed)}`,
        );
      }
      await app.close();
      await database.close();
    } finally {
      pg?.stop();
    }
  }
}
