/**
 * `cli review calibration-rebuild`: the kept calibration (review_calibration, kept by a trigger on
 * review_log) worked out again from the whole log. On PostgreSQL the drift it mends is made for real:
 * two first reviews of one item logged in two transactions at once, neither seeing the other's row.
 * On both databases a kept bin is also put off by hand. Afterwards every member's figures and the
 * union's equal calibrationFromLog's. The CLI opens the database itself, so the test's connection is
 * closed while it runs (two processes must not share an embedded DATA_DIR).
 */

import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { readiness } from "@jcba/api";
import { createDatabase, type Database, type Transaction } from "@jcba/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../src/process/config.ts";
import { newDatabaseLocation, onPostgres } from "./harness.ts";

const DAY = 24 * 60 * 60 * 1000;
const tsx = resolve(REPO_ROOT, "node_modules/.bin/tsx");
let location: { databaseUrl?: string; dataDir?: string };
let database: Database;

const open = async () => {
  database = await createDatabase({
    databaseUrl: location.databaseUrl,
    dataDir: location.dataDir ?? "",
    maxConnections: 4,
  });
  await database.migrate();
};

beforeAll(async () => {
  location = onPostgres
    ? await newDatabaseLocation()
    : { dataDir: mkdtempSync(join(tmpdir(), "jcba-cli-calibration-")) };
  await open();
}, 120_000);
afterAll(async () => {
  await database?.close();
  if (location.dataDir) rmSync(location.dataDir, { recursive: true, force: true });
});

function cli(...args: string[]) {
  return spawnSync(tsx, [resolve(REPO_ROOT, "apps/server/src/cli/main.ts"), ...args], {
    env: {
      ...process.env,
      DATABASE_URL: location.databaseUrl ?? "",
      DATA_DIR: location.dataDir ?? "",
      LOG_LEVEL: "warn",
      WEB_DIST: "/nonexistent",
    },
    encoding: "utf8",
    timeout: 120_000,
  });
}

const t0 = Date.now() - 300 * DAY;
/** One applied review, `days` after t0, with the stability the scheduler left. */
const review = (userId: number, item: number, rating: number, days: number, stability: number) => {
  const at = new Date(t0 + days * DAY).toISOString();
  return sql`(${randomUUID()}::uuid, ${userId}::int, 'flashcard', ${item}::int, 1, ${rating}::smallint,
    ${at}::timestamptz, true, ${at}::timestamptz, ${stability}::float8, 5, 2)`;
};
const log = (runner: Pick<Transaction, "rows">, rows: ReturnType<typeof review>[]) =>
  runner.rows(sql`INSERT INTO review_log (id, user_id, item_type, item_id, item_version, rating, reviewed_at,
    applied, due, stability, difficulty, state) VALUES ${sql.join(rows, sql`, `)}`);

/** Counts and shares recalled exactly; the predicted means to the last digits a sum's order can move. */
function expectSameFigures(kept: Awaited<ReturnType<typeof readiness.calibrationOf>>, full: typeof kept) {
  expect(kept.reviews).toBe(full.reviews);
  expect(kept.bins.map(({ predicted, ...b }) => b)).toEqual(full.bins.map(({ predicted, ...b }) => b));
  kept.bins.forEach((bin, i) => {
    if (bin.predicted === null) expect(full.bins[i]!.predicted).toBeNull();
    else expect(bin.predicted).toBeCloseTo(full.bins[i]!.predicted!, 12);
  });
}

describe("cli review calibration-rebuild", () => {
  it("works every member's kept calibration out again from the log, mending what drifted", async () => {
    const members = await database.rows<{ id: number }>(sql`
      INSERT INTO users (email, first_name, last_name)
      SELECT 'calibration' || g || '-' || ${randomUUID()} || '@test.local', 'Cali', 'Bration' FROM generate_series(1, 3) g
      RETURNING id`);
    const ids = members.map((m) => m.id);
    // Ten cards each, rated five times weeks apart, some forgotten.
    for (const id of ids)
      await log(
        database,
        Array.from({ length: 10 }, (_, item) =>
          Array.from({ length: 5 }, (_, k) =>
            review(
              id,
              item + 1,
              (item * 3 + k + id) % 5 === 0 ? 1 : 3,
              k * (8 + item) + (item % 3),
              2 + k * (3 + item),
            ),
          ),
        ).flat(),
      );
    const [a, b] = ids as [number, number];
    const off: number[] = [];

    if (onPostgres) {
      // Two first reviews of one new item, logged by two transactions at once: each trigger sees only
      // its own row, so the later review's prediction is never counted.
      let firstLogged!: () => void;
      let secondLogged!: () => void;
      const first = new Promise<void>((r) => (firstLogged = r));
      const second = new Promise<void>((r) => (secondLogged = r));
      await Promise.all([
        database.transaction(async (tx) => {
          await log(tx, [review(a, 99, 3, 100, 6)]);
          firstLogged();
          await second;
        }),
        database.transaction(async (tx) => {
          await first;
          await log(tx, [review(a, 99, 3, 110, 15)]);
          secondLogged();
        }),
      ]);
      const kept = await readiness.calibrationOf({ database }, a);
      expect(kept.reviews).toBe((await readiness.calibrationFromLog({ database }, a)).reviews - 1);
      off.push(a);
    }
    // A kept bin put off by hand.
    await database.rows(sql`
      UPDATE review_calibration SET count = count + 2, recalled = recalled + 1, predicted = predicted + 0.5
      WHERE user_id = ${b} AND bin = (SELECT min(bin) FROM review_calibration WHERE user_id = ${b})`);
    off.push(b);
    for (const id of off)
      expect((await readiness.calibrationOf({ database }, id)).reviews).not.toBe(
        (await readiness.calibrationFromLog({ database }, id)).reviews,
      );

    await database.close();
    const rebuilt = cli("review", "calibration-rebuild");
    expect(rebuilt.stderr).toBe("");
    expect(rebuilt.status).toBe(0);
    expect(rebuilt.stdout).toMatch(new RegExp(`of 3 members; ${off.length} bins were off`));
    // Nothing left to mend.
    const again = cli("review", "calibration-rebuild");
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/of 3 members; 0 bins were off/);
    await open();

    for (const id of ids) {
      const kept = await readiness.calibrationOf({ database }, id);
      expect(kept.reviews).toBeGreaterThan(30);
      expectSameFigures(kept, await readiness.calibrationFromLog({ database }, id));
    }
    expectSameFigures(
      await readiness.calibrationOf({ database }, null),
      await readiness.calibrationFromLog({ database }, null),
    );
    // The trigger keeps counting after the rebuild.
    await log(database, [review(b, 1, 3, 280, 30)]);
    expectSameFigures(
      await readiness.calibrationOf({ database }, b),
      await readiness.calibrationFromLog({ database }, b),
    );
  }, 300_000);
});
