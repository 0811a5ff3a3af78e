/** GET /api/search over HTTP, on the database the suite runs on (PGlite or PostgreSQL). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, Client, member, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
let a: Client;
let m: Client;
beforeAll(async () => {
  server = await startServer();
  a = await admin(server.url);
  m = await member(server.url);
});
afterAll(async () => {
  await server.stop();
});

interface Result {
  kind: "question" | "flashcard" | "section";
  id: number;
  sectionNumber: number;
  title: string;
  snippet: string;
  citation: string | null;
}
const search = (client: Client, query: string) => client.get<Result[]>(`/api/search?${query}`);
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe("GET /api/search", () => {
  it("finds a known term's card with its citation, in the documented shape", async () => {
    const res = await search(m, q("sick leave bank"));
    expect(res.status).toBe(200);
    const card = res.body.find((r) => r.title === "Sick leave bank");
    expect(card).toMatchObject({ kind: "flashcard", sectionNumber: 13, citation: "13.A.1" });
    expect(Object.keys(card!).sort()).toEqual(["citation", "id", "kind", "sectionNumber", "snippet", "title"]);
    // The same card as the flashcard list serves.
    const cards = (await m.get("/api/flashcards?section=13")).body as { id: number; term: string }[];
    expect(cards.find((c) => c.id === card!.id)?.term).toBe("Sick leave bank");
    expect(res.body[0]!.snippet).toMatch(/<mark>/);
  });

  it("still finds it when misspelled", async () => {
    const probation = await search(m, q("probationery"));
    expect(probation.body.some((r) => r.title.startsWith("Probationary period") && r.citation === "§14")).toBe(true);
    const sick = await search(m, q("sick leeve"));
    expect(sick.body.some((r) => r.title === "Sick leave bank")).toBe(true);
  });

  it("finds a paragraph by its citation and a section by §n, with limit and section", async () => {
    const paragraph = await search(m, `${q("7.I.8")}&limit=3`);
    expect(paragraph.body.map((r) => [r.kind, r.citation])).toEqual([
      ["question", "7.I.8"],
      ["question", "7.I.8"],
      ["question", "7.I.8"],
    ]);
    const section = await search(m, `${q("§13")}&limit=50`);
    expect(section.body[0]).toMatchObject({ kind: "section", id: 13, title: "Sick Leave", citation: "§13" });
    expect(section.body.every((r) => r.sectionNumber === 13)).toBe(true);
    const narrowed = await search(m, `${q("reserve")}&section=8&limit=4`);
    expect(narrowed.body).toHaveLength(4);
    expect(narrowed.body.every((r) => r.sectionNumber === 8)).toBe(true);
  });

  it("never answers 5xx: special characters and operators are searched or give nothing, bad input is a 400", async () => {
    for (const text of [
      "-",
      '"',
      "or or",
      "!(&|",
      "\\'",
      "'; DROP TABLE questions; --",
      "%",
      "<script>",
      "§",
      "7.",
      "§99",
    ]) {
      const res = await search(m, q(text));
      expect([text, res.status]).toEqual([text, 200]);
      expect(Array.isArray(res.body)).toBe(true);
    }
    for (const query of [q("sick\u0000leave"), "q=%00", "q=sick%1Fleave", q(""), q("   "), "", q("x".repeat(201))]) {
      const res = await search(m, query);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body).toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/^q/) });
    }
    for (const limit of ["0", "51", "abc", "1.5"]) {
      const res = await search(m, `${q("pay")}&limit=${limit}`);
      expect([limit, res.status, (res.body as unknown as { message: string }).message]).toEqual([
        limit,
        400,
        expect.stringMatching(/limit must be/),
      ]);
    }
    expect((await search(m, `${q("pay")}&section=0`)).status).toBe(400);
    expect((await search(m, q("pay"))).body).toHaveLength(20);
    expect((await search(m, `${q("pay")}&limit=50`)).body.length).toBeGreaterThan(20);
  });

  it("finds an admin's edit at once", async () => {
    const created = await a.post("/api/questions", {
      sectionNumber: 6,
      questionType: "fill-in-blank",
      questionText: "How long is the snorkelwhip rest?",
      correctAnswer: "10",
      explanation: "The snorkelwhip rest is ten hours.",
      citation: "6.Q.7",
    });
    expect(created.status).toBe(200);
    expect((await search(m, q("snorkelwhip"))).body[0]).toMatchObject({ id: created.body.id, citation: "6.Q.7" });
    await a.patch(`/api/questions/${created.body.id}`, {
      questionText: "How long is the gramblefit rest?",
      explanation: "Ten hours.",
    });
    expect((await search(m, q("snorkelwhip"))).body).toEqual([]);
    expect((await search(m, q("gramblefit"))).body[0]).toMatchObject({ id: created.body.id });
    await a.delete(`/api/questions/${created.body.id}`);
    expect((await search(m, q("gramblefit"))).body).toEqual([]);
  });

  it("is for signed-in members: 401 otherwise", async () => {
    const res = await search(new Client(server.url), q("pay"));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    expect(doc.paths["/search"]?.get?.parameters?.map((p) => p.name).sort()).toEqual([
      "edition",
      "limit",
      "q",
      "section",
    ]);
  });
});
