/** Data written before a restart is there after it, on the same DATA_DIR (or the same PostgreSQL database). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { admin, Client, newDatabaseLocation, onPostgres, startServer } from "./harness.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("restart", () => {
  it("keeps users, sessions, answers and content edits across a restart", async () => {
    const location = onPostgres
      ? await newDatabaseLocation()
      : { dataDir: mkdtempSync(join(tmpdir(), "jcba-restart-")) };
    if (location.dataDir) dirs.push(location.dataDir);

    let server = await startServer(location);
    const c = new Client(server.url);
    await c.post("/api/register", {
      email: "keeper@test.local",
      password: "keep-password-1",
      firstName: "Kim",
      lastName: "Keeper",
    });
    await c.post("/api/login", { email: "keeper@test.local", password: "keep-password-1" });
    const [q] = (await c.get("/api/questions?section=6")).body;
    await c.post("/api/progress/question-attempt", { questionId: q.id, userAnswer: q.correctAnswer });
    const a = await admin(server.url);
    await a.patch(`/api/questions/${q.id}`, { explanation: "Edited by the union admin." });
    const totalBefore = (await c.get("/api/questions")).body.length;
    await server.stop();

    server = await startServer(location);
    try {
      const again = new Client(server.url);
      again.cookie = c.cookie; // the same session is still valid
      expect((await again.get("/api/auth/user")).body).toMatchObject({ email: "keeper@test.local" });
      expect((await again.get("/api/progress/section")).body).toEqual([
        { sectionNumber: 6, questionsAttempted: 1, questionsCorrect: 1 },
      ]);
      // The content loader ran again without duplicating anything or undoing the admin's edit.
      const questions = (await again.get("/api/questions")).body;
      expect(questions).toHaveLength(totalBefore);
      expect(questions.find((x: { id: number }) => x.id === q.id).explanation).toBe("Edited by the union admin.");
    } finally {
      await server.stop();
    }
  });
});
