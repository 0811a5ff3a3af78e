/**
 * The embedded database's online backup under load: BACKUP_MEMBERS (25,000) members × BACKUP_ANSWERS
 * (400) answers stored on a PGlite DATA_DIR, then a backup taken (as Admin → Backups does) while
 * BENCH_CONNECTIONS (8) members read their progress (a database read on every request) without pause.
 * Reports the backup's size and time and the requests' latency before and during it: the statement
 * queue is held only for the backup's checkpoint, start and stop (packages/db's online-backup.ts), so
 * the longest wait during it is the pause. BACKUP_SEED_SECONDS bounds the seeding: past it the backup is
 * taken of the members seeded so far (the report says how many), for a machine too slow for the full size.
 *   pnpm --filter @jcba/server bench backup
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadContent } from "@jcba/content";
import { createDatabase } from "@jcba/db";
import { sql } from "drizzle-orm";
import { generateToken, hashToken } from "../src/auth/sessions.ts";
import { buildApp } from "../src/http/app.ts";
import { loadConfig } from "../src/process/config.ts";

const MEMBERS = Number(process.env.BACKUP_MEMBERS ?? 25_000);
const ANSWERS = Number(process.env.BACKUP_ANSWERS ?? 400);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const CHUNK = 500;
const SEED_SECONDS = Number(process.env.BACKUP_SEED_SECONDS ?? Number.POSITIVE_INFINITY);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `${s.length} requests, p50 ${quantile(s, 0.5).toFixed(0)} ms, p99 ${quantile(s, 0.99).toFixed(0)} ms, max ${(s.at(-1) ?? 0).toFixed(0)} ms`;
};

/** Bytes of the files under `dir`. */
const sizeOf = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);

export async function backupBench() {
  const work = mkdtempSync(join(tmpdir(), "jcba-bench-backup-"));
  const database = await createDatabase({ dataDir: join(work, "data") });
  try {
    await database.migrate();
    await loadContent(database);
    const t0 = performance.now();
    await database.rows(
      sql`INSERT INTO users (email, first_name, last_name) SELECT 'backup' || g || '@test.local', 'Backup', 'Member' FROM generate_series(1, ${MEMBERS}) g`,
    );
    const [{ first } = { first: 0 }] = await database.rows<{ first: number }>(
      sql`SELECT min(id)::int AS first FROM users WHERE email LIKE 'backup%'`,
    );
    // In slices of members: one statement for millions of rows would hold PGlite's memory at once.
    let seeded = 0;
    for (let from = first; from < first + MEMBERS; from += CHUNK) {
      if (performance.now() - t0 > SEED_SECONDS * 1000) {
        console.log(`  seeding stopped after ${SEED_SECONDS} s (BACKUP_SEED_SECONDS)`);
        break;
      }
      await database.rows(sql`
        INSERT INTO question_attempts (id, user_id, question_id, question_version, section_number, user_answer, is_correct, created_at)
        SELECT gen_random_uuid(), u.id, q.id, q.version, q.section_number, 'x', (random() < 0.7), now() - (random() * interval '90 days')
        FROM users u CROSS JOIN LATERAL (SELECT id, version, section_number FROM questions ORDER BY (id * 7919 + u.id) % 1000 LIMIT ${ANSWERS}) q
        WHERE u.id >= ${from} AND u.id < ${from + CHUNK}`);
      seeded = Math.min(MEMBERS, from + CHUNK - first);
      if (seeded % 2500 === 0)
        console.log(`  ${seeded} members' answers stored, ${Math.round((performance.now() - t0) / 1000)} s`);
    }
    const [{ n } = { n: 0 }] = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM question_attempts`,
    );
    console.log(
      `\nBackup: ${seeded} of ${MEMBERS} members with answers, ${n} answers stored in ${Math.round((performance.now() - t0) / 1000)} s`,
    );

    const config = loadConfig({ LOG_LEVEL: "silent", WEB_DIST: "/nonexistent", BACKUP_DIR: join(work, "backups") });
    const { app, backups } = await buildApp({ config, database });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const token = generateToken();
    await database.rows(
      sql`INSERT INTO sessions (id, user_id, expires_at) VALUES (${hashToken(token)}, ${first}, now() + interval '30 days')`,
    );
    const cookie = `jcba_session=${token}`;

    // Members reading their progress without pause; each latency kept with when it started.
    const samples: { at: number; ms: number; status: number }[] = [];
    let running = true;
    const member = async () => {
      while (running) {
        const at = performance.now();
        const res = await fetch(`${url}/api/progress/section`, { headers: { cookie } });
        await res.arrayBuffer();
        samples.push({ at, ms: performance.now() - at, status: res.status });
      }
    };
    const members = Array.from({ length: CONNECTIONS }, member);
    await new Promise((r) => setTimeout(r, 5000));
    const started = performance.now();
    const taken = await backups.take(0);
    if ("refused" in taken) throw new Error(taken.message);
    await backups.idle();
    const ended = performance.now();
    await new Promise((r) => setTimeout(r, 2000));
    running = false;
    await Promise.all(members);
    const listing = await backups.list();
    const file = listing.backups.find((b) => b.name === taken.name);
    const before = samples.filter((s) => s.at < started);
    const during = samples.filter((s) => s.at + s.ms > started && s.at < ended);
    const refused = during.filter((s) => s.status !== 200);
    console.log(
      `  backup: ${((file?.bytes ?? 0) / 1024 / 1024).toFixed(1)} MB gzipped of a ${(sizeOf(join(work, "data")) / 1024 / 1024).toFixed(0)} MB data directory, in ${((ended - started) / 1000).toFixed(1)} s; load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}`,
    );
    console.log(`  reads before it:  ${summary(before.map((s) => s.ms))}`);
    console.log(
      `  reads during it:  ${summary(during.map((s) => s.ms))}; ${refused.length} answered ${[...new Set(refused.map((s) => s.status))].join(", ") || "non-200"} (busy)`,
    );
    await app.close();
  } finally {
    await database.close();
    rmSync(work, { recursive: true, force: true });
  }
}
