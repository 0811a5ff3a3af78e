import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./harness.ts";
import { SPEC_CALLS, specCallsFromSpec } from "./spec-table.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

async function documentedCalls(): Promise<string[]> {
  const doc: any = await (await fetch(`${server.url}/api/openapi.json`)).json();
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} /api${path}`),
  );
}

describe("OpenAPI document", () => {
  it("copies the SPEC §7 table faithfully", () => {
    const fromSpec = specCallsFromSpec();
    if (fromSpec) expect([...fromSpec].sort()).toEqual([...SPEC_CALLS].sort());
  });

  it("documents every call of SPEC §7 at its exact method and path", async () => {
    const documented = await documentedCalls();
    for (const call of SPEC_CALLS) expect(documented).toContain(call);
  });

  it("documents the practice-test calls the spec leaves open", async () => {
    const documented = await documentedCalls();
    expect(documented).toEqual(
      expect.arrayContaining([
        "POST /api/test-attempts",
        "GET /api/test-attempts/{id}",
        "GET /api/practice-test/questions",
        "GET /api/practice-test/availability",
      ]),
    );
  });

  it("describes the response shapes, including the cached list reads", async () => {
    const doc: any = await (await fetch(`${server.url}/api/openapi.json`)).json();
    const items = doc.paths["/questions"].get.responses["200"].content["application/json"].schema.items;
    expect(Object.keys(items.properties).sort()).toEqual([
      "alternatives",
      "citation",
      "correctAnswer",
      "explanation",
      "id",
      "options",
      "questionText",
      "questionType",
      "secondSource",
      "secondSourceLabel",
      "sectionNumber",
      "source",
      "sourceLabel",
    ]);
    expect(
      doc.paths["/flashcards"].get.responses["200"].content["application/json"].schema.items.properties,
    ).toHaveProperty("term");
  });

  it("is rendered for people at /api/docs", async () => {
    const html = await (await fetch(`${server.url}/api/docs`)).text();
    expect(html).toContain("/api/progress/question-attempt");
    expect(html).toContain("JCBA Study Hub API");
  });
});
