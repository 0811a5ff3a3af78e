/** What scripts see of the content cache over HTTP: ETags, 304s, and edits that show at once. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, type Client, member, startServer, type TestServer } from "./harness.ts";

describe("content lists over REST", () => {
  let server: TestServer;
  let reader: Client;
  let editor: Client;
  beforeAll(async () => {
    server = await startServer();
    reader = await member(server.url);
    editor = await admin(server.url);
  });
  afterAll(() => server.stop());

  it("carry an ETag and answer a matching If-None-Match with 304 and no body", async () => {
    const first = await reader.get("/api/questions?section=7");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await reader.call("GET", "/api/questions?section=7", undefined, { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    // Another section is another list.
    const other = await reader.get("/api/questions?section=8");
    expect(other.headers.get("etag")).not.toBe(etag);
  });

  it("change their ETag as soon as an admin edits the section", async () => {
    const before = await reader.get<{ id: number }[]>("/api/questions?section=7");
    const created = await editor.post("/api/questions", {
      sectionNumber: 7,
      questionType: "fill-in-blank",
      questionText: "A question added while members read the section?",
      options: null,
      correctAnswer: "yes",
      explanation: "Added to see the list change at once.",
    });
    expect(created.status).toBe(200);
    const after = await reader.call<{ id: number }[]>("GET", "/api/questions?section=7", undefined, {
      "if-none-match": before.headers.get("etag")!,
    });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(after.body.map((q) => q.id)).toContain(created.body.id);
  });

  it("are only served to signed-in members, ETag or not", async () => {
    const res = await fetch(`${server.url}/api/questions?section=7`, { headers: { "if-none-match": '"anything"' } });
    expect(res.status).toBe(401);
  });

  it("leave the cache alone when a member answers a question that does not exist", async () => {
    const etag = (await reader.get("/api/questions?section=7")).headers.get("etag");
    const missing = await reader.post("/api/progress/question-attempt", { questionId: 9_999_999, userAnswer: "x" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Question 9999999 does not exist.");
    const again = await reader.call("GET", "/api/questions?section=7", undefined, { "if-none-match": etag! });
    expect(again.status).toBe(304);
  });
});
