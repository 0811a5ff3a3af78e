/** Walks every documented procedure as signed-out visitor, member and admin, on both transports. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, Client, member, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
let calls: { method: string; path: string; adminOnly: boolean }[];
beforeAll(async () => {
  server = await startServer();
  const doc: any = await (await fetch(`${server.url}/api/openapi.json`)).json();
  // Every procedure (sign-in, sign-up and sign-out are open to all and tested in auth.test.ts).
  calls = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown[] }>>).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => JSON.stringify(op.security) === JSON.stringify([{ cookieAuth: [] }, { bearerAuth: [] }]))
      .map(([m]) => ({
        method: m.toUpperCase(),
        // A real id keeps the call meaningful; the body is empty, so writes fail validation after auth.
        path: `/api${path
          .replace("{id}", path.includes("test-attempts") ? "00000000-0000-4000-8000-000000000000" : "1")
          .replace("{version}", "1")}`,
        adminOnly:
          path.startsWith("/admin") ||
          (m !== "get" && (path.startsWith("/questions") || path.startsWith("/flashcards"))),
      })),
  );
});
afterAll(async () => {
  await server.stop();
});

describe("roles on REST", () => {
  it("walks every procedure of the document", () => {
    expect(calls).toHaveLength(90);
    expect(calls.filter((c) => c.adminOnly)).toHaveLength(36);
  });

  it("answers 401 to a signed-out caller everywhere", async () => {
    const anon = new Client(server.url);
    for (const c of calls)
      expect([
        c.method,
        c.path,
        (await anon.call(c.method, c.path, c.method === "GET" || c.method === "DELETE" ? undefined : {})).status,
      ]).toEqual([c.method, c.path, 401]);
  });

  it("answers 403 to a member on admin procedures and lets members through elsewhere", async () => {
    const m = await member(server.url);
    for (const c of calls) {
      const status = (await m.call(c.method, c.path, c.method === "GET" || c.method === "DELETE" ? undefined : {}))
        .status;
      if (c.adminOnly) expect([c.method, c.path, status]).toEqual([c.method, c.path, 403]);
      else
        expect([c.method, c.path, status < 500 && status !== 401 && status !== 403]).toEqual([c.method, c.path, true]);
    }
  });

  it("lets an admin reach every procedure", async () => {
    const a = await admin(server.url);
    for (const c of calls) {
      if (c.method === "DELETE") continue; // don't delete shipped content here
      const status = (await a.call(c.method, c.path, c.method === "GET" ? undefined : {})).status;
      expect([c.method, c.path, status < 500 && status !== 401 && status !== 403]).toEqual([c.method, c.path, true]);
    }
  });
});

describe("roles on tRPC", () => {
  const trpcGet = (client: Client, proc: string) =>
    client.get(`/api/trpc/${proc}${proc === "questions.list" ? "?input=%7B%7D" : ""}`);
  it("enforces the same rules", async () => {
    const anon = new Client(server.url);
    const m = await member(server.url);
    const a = await admin(server.url);
    for (const proc of ["auth.user", "progress.sections", "mastery.list", "tests.list", "questions.list"]) {
      expect((await trpcGet(anon, proc)).status).toBe(401);
      expect((await trpcGet(m, proc)).status).toBe(200);
    }
    for (const proc of ["admin.stats", "admin.users"]) {
      expect((await trpcGet(m, proc)).status).toBe(403);
      expect((await trpcGet(a, proc)).status).toBe(200);
    }
    const create = await m.call("POST", "/api/trpc/questions.create", {
      sectionNumber: 1,
      questionType: "fill-in-blank",
      questionText: "x?",
      correctAnswer: "x",
      explanation: "x",
    });
    expect(create.status, JSON.stringify(create.body)).toBe(403);
  });
});
