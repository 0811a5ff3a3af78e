/**
 * The DATA_DIR lock holds whatever the server's main thread does (issue 24, finding 3): a stall
 * longer than the lock's stale time neither loses it nor lets the CLI in.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirBusy, lockDataDir } from "../src/process/data-lock.ts";

const dir = mkdtempSync(join(tmpdir(), "jcba-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Holds this thread, as a long synchronous task in the server would. */
function stall(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* busy */
  }
}

describe("the DATA_DIR lock", () => {
  it("survives a main-thread stall three times its stale time, and keeps the CLI out", async () => {
    const lost: Error[] = [];
    const release = await lockDataDir(dir, "server", (e) => lost.push(e), { staleMs: 2000 });
    try {
      stall(6000);
      // Let the lock's thread report anything it noticed during the stall.
      await new Promise((resolve) => setImmediate(resolve));
      await expect(lockDataDir(dir, "cli", undefined, { staleMs: 2000 })).rejects.toThrow(DataDirBusy);
      expect(lost).toEqual([]);
    } finally {
      await release();
    }
    // Released: the CLI may take it now.
    const cli = await lockDataDir(dir, "cli", undefined, { staleMs: 2000 });
    await cli();
  });
});
