/**
 * Backups and restore, and the restore drill: members' answers, tests and admin edits written, a backup
 * taken (the server's own on the embedded database, pg_dump on PostgreSQL), restored into a fresh place,
 * a server started on it, and every table's row count and a checksum of the answers compared. An
 * answer acknowledged before the backup started is in it.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createDatabase, type Database } from "@jcba/db";
import { createScratchDatabase } from "@jcba/db/test-postgres";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createAudit } from "../src/auth/security-audit.ts";
import { createBackups } from "../src/backups/backups.ts";
import { pgDump } from "../src/backups/pg-dump.ts";
import { restoreDataDir } from "../src/backups/restore.ts";
import { REPO_ROOT } from "../src/process/config.ts";
import { lockDataDir } from "../src/process/data-lock.ts";
import { admin, type Client, MEMBER_PASSWORD, member, onPostgres, startServer, type TestServer } from "./harness.ts";

const work = mkdtempSync(join(tmpdir(), "jcba-backup-"));
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.stop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

const PG_BIN = "/usr/lib/postgresql/15/bin";
const pgTool = (name: string) => (existsSync(join(PG_BIN, name)) ? join(PG_BIN, name) : name);

/** Every table's row count (the backups' own audit rows left out: they are written after the copy). */
async function snapshot(database: Database) {
  const tables = await database.rows<{ name: string }>(
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const where = name === "audit_events" ? sql` WHERE kind NOT LIKE 'backup.%'` : sql``;
    const [row] = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}${where}`,
    );
    counts[name] = row!.n;
  }
  const [answers] = await database.rows<{ sum: string }>(
    sql`SELECT md5(string_agg(id::text || ':' || question_id || ':' || user_answer || ':' || is_correct, ',' ORDER BY id)) AS sum FROM question_attempts`,
  );
  return { counts, answersChecksum: answers!.sum };
}

/** Members answer questions and take a test; an admin edits a question. Returns an answer's id. */
async function writeStudy(server: TestServer, boss: Client) {
  const ids: string[] = [];
  for (let m = 0; m < 3; m++) {
    const c = await member(server.url, `M${m}`, "Drill");
    const questions = (await c.get("/api/questions?section=7")).body as { id: number; correctAnswer: string }[];
    for (const q of questions.slice(0, 5)) {
      const id = randomUUID();
      const res = await c.post("/api/progress/question-attempt", { id, questionId: q.id, userAnswer: q.correctAnswer });
      expect(res.status).toBe(200);
      ids.push(id);
    }
    const [q2] = (await c.get("/api/questions?section=21")).body;
    const test = await c.post("/api/test-attempts", {
      answers: [{ questionId: q2.id, userAnswer: q2.correctAnswer, timeTakenMs: 9000 }],
      timeSpentSeconds: 9,
    });
    expect(test.status).toBe(200);
  }
  const created = await boss.post("/api/questions", {
    sectionNumber: 9,
    questionType: "multiple-choice",
    questionText: "Which one is kept by the backup?",
    options: ["A", "B", "C", "D"],
    correctAnswer: "A",
    explanation: "A.",
  });
  expect(created.status).toBe(200);
  expect((await boss.patch(`/api/questions/${created.body.id}`, { correctAnswer: "B" })).status).toBe(200);
  return ids;
}

/** Polls until `check` holds (the machine is shared and slow: a generous deadline, no fixed sleep). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(onPostgres)("backups of the embedded database", () => {
  it("passes the restore drill: a backup taken while the server runs, restored elsewhere, serves the same data", async () => {
    const dataDir = join(work, "live");
    const backupDir = join(work, "backups");
    const metricsToken = "backup-metrics-token-1";
    const server = await startServer({ dataDir }, { BACKUP_DIR: backupDir, METRICS_TOKEN: metricsToken });
    servers.push(server);
    const boss = await admin(server.url);
    const outsider = await member(server.url);
    expect((await outsider.get("/api/admin/backups")).status).toBe(403);
    expect((await outsider.post("/api/admin/backups")).status).toBe(403);
    expect((await boss.get("/api/admin/backups")).body).toMatchObject({ mode: "embedded", backups: [], running: null });

    const answered = await writeStudy(server, boss);
    const before = await snapshot(server.database);
    const asked = await boss.post("/api/admin/backups");
    expect(asked.status).toBe(202);
    const name = asked.body.name as string;
    expect(name).toMatch(/^jcba-.*\.tar\.gz$/);
    const listed = await until(
      () => boss.get("/api/admin/backups"),
      (r) => r.body.running === null && r.body.backups.length === 1,
      "the backup to be listed",
    );
    expect(listed.body.backups[0]).toMatchObject({ name });
    expect(listed.body.backups[0].bytes).toBeGreaterThan(100_000);
    // Nothing half-written is left in the directory.
    expect(readdirSync(backupDir)).toEqual([name]);
    // The alert's measure: when the newest backup was taken.
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
    ).text();
    const takenAt = Math.floor(new Date(listed.body.backups[0].takenAt).getTime() / 1000);
    expect(metrics).toContain(`jcba_backup_last_success_timestamp_seconds ${takenAt}`);

    // Download: the file itself, for admins only, and never a path outside the directory.
    const download = await fetch(`${server.url}/api/admin/backups/${name}`, { headers: { cookie: boss.cookie! } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/gzip");
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(Buffer.from(bytes).equals(readFileSync(join(backupDir, name)))).toBe(true);
    expect((await outsider.get(`/api/admin/backups/${name}`)).status).toBe(403);
    for (const bad of ["..%2F..%2Fetc%2Fpasswd", "jcba.lock", "..%2Flive%2FPG_VERSION", "x.tar.gz"])
      expect((await boss.get(`/api/admin/backups/${bad}`)).status).toBe(404);
    const trail = await boss.get("/api/admin/audit?kind=backup&limit=10");
    expect(trail.body.events.map((e: { kind: string }) => e.kind).sort()).toEqual(
      ["backup.downloaded", "backup.requested", "backup.taken"].sort(),
    );
    // Taken online (statements ran during the copy), not again with every statement held.
    const taken = trail.body.events.find((e: { kind: string }) => e.kind === "backup.taken");
    expect(taken.after).toMatchObject({ bytes: listed.body.backups[0].bytes });
    expect(taken.after).not.toHaveProperty("held");

    // Restore into a fresh place and start a server on it.
    const downloaded = join(work, "downloaded.tar.gz");
    writeFileSync(downloaded, bytes);
    const freshDir = join(work, "fresh");
    const restored = await restoreDataDir(downloaded, freshDir);
    expect(restored.asideDir).toBeNull();
    expect(existsSync(join(freshDir, "jcba.lock"))).toBe(false);
    const second = await startServer({ dataDir: freshDir });
    servers.push(second);
    expect(await snapshot(second.database)).toEqual(before);
    const [kept] = await second.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM question_attempts WHERE id = ${answered[0]!}::uuid`,
    );
    expect(kept!.n).toBe(1);
    // A member signs in on the restored server with the password they had.
    const signIn = await new (await import("./harness.ts")).Client(second.url).post("/api/login", {
      email: (await second.database.rows<{ email: string }>(sql`SELECT email FROM users WHERE first_name = 'M0'`))[0]!
        .email,
      password: MEMBER_PASSWORD,
    });
    expect(signIn.status).toBe(200);
  });

  it("takes scheduled backups one at a time and keeps the newest BACKUP_KEEP", async () => {
    const database = await createDatabase({ dataDir: "memory://" });
    await database.migrate();
    const backupDir = join(work, "scheduled");
    const quiet = { info() {}, warn() {}, error() {} };
    const backups = createBackups({
      config: { BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 2 },
      database,
      log: quiet,
      audit: createAudit(database, quiet),
      firstDelayMs: 0,
      everyMs: 50,
    });
    try {
      await backups.start();
      const taken = await until(
        () =>
          database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_events WHERE kind = 'backup.taken'`),
        (rows) => rows[0]!.n >= 3,
        "three scheduled backups",
      );
      expect(taken[0]!.n).toBeGreaterThanOrEqual(3);
      await backups.stop();
      const listing = await backups.list();
      expect(listing.backups).toHaveLength(2);
      expect(readdirSync(backupDir).sort()).toEqual(listing.backups.map((b) => b.name).sort());
    } finally {
      await backups.stop();
      await database.close();
    }
  });

  it("cli restore refuses while the server holds DATA_DIR and refuses a file that is not a backup, changing nothing; restores a cli backup keeping the replaced database aside", async () => {
    const dataDir = join(work, "guarded");
    const database = await createDatabase({ dataDir });
    await database.migrate();
    await database.close();
    const before = readdirSync(dataDir).sort();
    const notABackup = join(work, "notes.tar.gz");
    writeFileSync(notABackup, "these are not the data you are looking for");
    const cli = (...args: string[]) =>
      spawnSync(
        resolve(REPO_ROOT, "node_modules/.bin/tsx"),
        [resolve(REPO_ROOT, "apps/server/src/cli/main.ts"), ...args],
        {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
          encoding: "utf8",
          timeout: 120_000,
        },
      );

    const refused = cli("restore", "--from", notABackup);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("not a backup of JCBA Study Hub");
    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect(readdirSync(work).filter((e) => e.startsWith("guarded."))).toEqual([]);

    const release = await lockDataDir(dataDir, "server");
    try {
      const busy = cli("restore", "--from", notABackup);
      expect(busy.status).toBe(1);
      expect(busy.stderr).toContain("is in use by the running server");
    } finally {
      await release();
    }
    expect(readdirSync(dataDir).sort()).toEqual(before);

    // With the server stopped: cli backup, then cli restore of it, the replaced database kept aside.
    const copy = join(work, "guarded-copy.tar.gz");
    const backedUp = cli("backup", "--out", copy);
    expect(backedUp.stderr).toBe("");
    expect(backedUp.status).toBe(0);
    const restored = cli("restore", "--from", copy);
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    const aside = readdirSync(work).filter((e) => e.startsWith("guarded.before-restore-"));
    expect(aside).toHaveLength(1);
    expect(restored.stdout).toContain(`kept in ${join(work, aside[0]!)}`);
    expect(readdirSync(join(work, aside[0]!))).toContain("PG_VERSION");
    expect(readdirSync(dataDir)).toContain("PG_VERSION");
  });
});

describe.skipIf(!onPostgres)("backups on PostgreSQL", () => {
  it("passes the restore drill: pg_dump through cli backup's wrapper, pg_restore into a fresh database, a server on it", async () => {
    const server = await startServer();
    servers.push(server);
    const boss = await admin(server.url);
    expect((await boss.get("/api/admin/backups")).body).toMatchObject({ mode: "postgres", backups: [] });
    expect((await boss.post("/api/admin/backups")).status).toBe(412);
    const answered = await writeStudy(server, boss);
    const before = await snapshot(server.database);

    const out = join(work, "pg.dump");
    const url = (server.database as Database & { url: string }).url;
    await pgDump({ pgDump: pgTool("pg_dump"), databaseUrl: url, out });
    const fresh = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    const restore = spawnSync(pgTool("pg_restore"), ["--no-owner", `--dbname=${fresh}`, out], { encoding: "utf8" });
    expect(restore.stderr).toBe("");
    expect(restore.status).toBe(0);

    const second = await startServer({ databaseUrl: fresh });
    servers.push(second);
    expect(await snapshot(second.database)).toEqual(before);
    const [kept] = await second.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM question_attempts WHERE id = ${answered[0]!}::uuid`,
    );
    expect(kept!.n).toBe(1);
  });
});
