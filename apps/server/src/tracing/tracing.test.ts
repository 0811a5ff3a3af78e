/**
 * Traces: one REST call gives a request span (@fastify/otel) holding its procedure's span, which holds
 * the database statements it ran, each with the database system and its SQL without parameter values;
 * the request's log line carries the trace id. On whichever database the run is on.
 */
import { Writable } from "node:stream";
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member, startServer, type TestServer } from "../../test/harness.ts";
import { loadConfig } from "../process/config.ts";
import { startTracing, type Tracing } from "./index.ts";

const exporter = new InMemorySpanExporter();
const logLines: Record<string, unknown>[] = [];
let tracing: Tracing;
let server: TestServer;

beforeAll(async () => {
  tracing = (await startTracing(loadConfig({}), { spanProcessors: [new SimpleSpanProcessor(exporter)] }))!;
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  // Every request's access-log line at info.
  server = await startServer(undefined, { LOG_LEVEL: "info", ACCESS_LOG_SAMPLE: "1" }, undefined, {
    tracing,
    logStream,
  });
});
afterAll(async () => {
  await server?.stop();
});

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

/** Polls until the finished spans include a request span for `route`; fails after `ms`. */
async function requestSpan(route: string, ms = 10_000): Promise<ReadableSpan> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    const found = exporter.getFinishedSpans().find((s) => s.attributes["http.route"] === route);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no request span for ${route} within ${ms} ms`);
}

describe("traces", () => {
  it("gives one REST call a span tree: request, procedure, database statements", async () => {
    const c = await member(server.url);
    exporter.reset();
    const answered = await c.get("/api/progress/section");
    expect(answered.status).toBe(200);

    const routed = await requestSpan("/api/progress/section");
    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === routed.spanContext().traceId);
    // The trace's root: the request's own span, which nothing called from outside.
    const roots = spans.filter((s) => parentOf(s) === undefined);
    expect(roots.map((s) => s.name)).toEqual(["request"]);
    const request = roots[0]!;
    expect(request.attributes["http.route"] ?? routed.attributes["http.route"]).toBe("/api/progress/section");
    const childrenOf = (parent: ReadableSpan) => spans.filter((s) => parentOf(s) === parent.spanContext().spanId);
    const descendantsOf = (parent: ReadableSpan): ReadableSpan[] =>
      childrenOf(parent).flatMap((child) => [child, ...descendantsOf(child)]);

    const procedure = descendantsOf(request).find((s) => s.name === "procedure progress.sections");
    expect(procedure, spans.map((s) => s.name).join(", ")).toBeDefined();
    expect(procedure!.attributes).toMatchObject({ "rpc.system": "trpc", "rpc.method": "progress.sections" });

    const statements = descendantsOf(procedure!).filter((s) => s.attributes["db.system"] !== undefined);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.attributes["db.system"]).toBe("postgresql");
      expect(statement.attributes["db.statement"]).toMatch(/^\s*(select|with)\b/i);
    }
    // The member's id goes as a parameter ($1), which the text shows as the placeholder.
    expect(statements.some((s) => /\$1/.test(String(s.attributes["db.statement"])))).toBe(true);

    // The request's access-log line carries its trace id.
    const line = logLines.find((l) => l.msg === "request" && l.url === "/api/progress/section");
    expect(line?.traceId).toBe(request.spanContext().traceId);
  });
});
