import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "../index.ts";
import { PGLITE_EXTENSIONS } from "../template.ts";

const work = mkdtempSync(join(tmpdir(), "jcba-online-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("online backup of the embedded database", () => {
  it("answers reads and takes writes while the copy is made, and the copy holds everything committed before it started", async () => {
    const dataDir = join(work, "data");
    const database = await createDatabase({ dataDir, fromTemplate: false });
    try {
      await database.rows(sql`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)`);
      // Enough rows that the copy is a few files and takes a moment.
      await database.rows(
        sql`INSERT INTO notes (body) SELECT repeat(md5(g::text), 8) FROM generate_series(1, 100000) g`,
      );
      const [{ before } = { before: 0 }] = await database.rows<{ before: number }>(
        sql`SELECT count(*)::int AS before FROM notes`,
      );

      // A killed backup's copy, which the next one clears away.
      const leftOver = join(work, ".data.backup-killed");
      mkdirSync(join(leftOver, "base"), { recursive: true });

      let fellBack: Error | undefined;
      let done = false;
      const backup = database.dumpDataDir!({ onFallback: (e) => (fellBack = e) }).finally(() => {
        done = true;
      });
      // The copy is under way once its directory beside DATA_DIR exists (the held way makes none).
      const copying = () =>
        readdirSync(work).some((name) => name.startsWith(".data.backup-") && name !== basename(leftOver));
      let answeredDuringCopy = 0;
      let written = 0;
      while (!done) {
        const issuedWhileCopying = copying();
        await database.rows(sql`INSERT INTO notes (body) VALUES ('during')`);
        written++;
        const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM notes`);
        expect(row!.n).toBe(before + written);
        if (issuedWhileCopying && !done) answeredDuringCopy++;
        await new Promise((r) => setImmediate(r));
      }
      const bytes = await backup;
      expect(fellBack).toBeUndefined();
      expect(answeredDuringCopy).toBeGreaterThan(0);
      // The copy's directory is gone once the backup is written.
      expect(copying()).toBe(false);
      expect(existsSync(leftOver)).toBe(false);

      // Opened elsewhere: everything committed before the backup started, and none of it lost.
      const restoredDir = join(work, "restored");
      const restored = await PGlite.create(restoredDir, {
        extensions: PGLITE_EXTENSIONS,
        loadDataDir: new Blob([bytes as Uint8Array<ArrayBuffer>]),
      });
      try {
        const [{ n, original } = { n: 0, original: 0 }] = (
          await restored.query<{ n: number; original: number }>(
            "SELECT count(*)::int AS n, count(*) FILTER (WHERE body <> 'during')::int AS original FROM notes",
          )
        ).rows;
        expect(original).toBe(before);
        expect(n).toBeGreaterThanOrEqual(before);
        expect(n).toBeLessThanOrEqual(before + written);
        const check = await restored.query<{ ok: boolean }>(
          "SELECT bool_and(id IS NOT NULL AND length(body) > 0) AS ok FROM notes",
        );
        expect(check.rows[0]!.ok).toBe(true);
      } finally {
        await restored.close();
      }
      expect(existsSync(join(dataDir, "backup_label"))).toBe(false);
    } finally {
      await database.close();
    }
  }, 180_000);
});
