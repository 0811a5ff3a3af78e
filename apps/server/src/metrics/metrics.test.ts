/**
 * /metrics on a real server: off by default, the Bearer token, a listener of its own, counts that match
 * the traffic sent, and (PostgreSQL) one scrape for every worker of a cluster.
 */
import { randomUUID } from "node:crypto";
import { freePort } from "@jcba/db/test-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  member,
  newDatabaseLocation,
  onPostgres,
  startServer,
  type TestServer,
  uniqueEmail,
} from "../../test/harness.ts";
import { type ServerProcess, spawnServer } from "../../test/processes.ts";

const TOKEN = "metrics-token-for-tests-0123456789";

/** The value of one sample: `name` with exactly these labels (in any order); 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const m = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries(
      [...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]),
    );
    if (
      Object.keys(found).length === Object.keys(labels).length &&
      Object.entries(labels).every(([k, v]) => found[k] === v)
    )
      return Number(m[3]);
  }
  return 0;
}

/** The path falls through to the web app (not built in tests: 503), never to metrics. */
async function expectNoMetrics(url: string) {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).not.toBe(200);
  expect(await res.text()).not.toMatch(/nodejs_|http_request/);
}

const scrape = async (url: string, token = TOKEN) => {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
};

describe("GET /metrics", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(undefined, { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("is off without METRICS_TOKEN or METRICS_PORT", async () => {
    const plain = await startServer();
    try {
      await expectNoMetrics(plain.url);
    } finally {
      await plain.stop();
    }
  });

  it("asks for the Bearer token", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await scrape(server.url, "metrics-token-for-tests-wrong")).status).toBe(401);
    const ok = await scrape(server.url);
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
    // prom-client's default metrics: event-loop lag, heap, GC.
    expect(ok.text).toMatch(/^nodejs_eventloop_lag_p99_seconds \S+$/m);
    expect(ok.text).toMatch(/^nodejs_heap_size_used_bytes \S+$/m);
    expect(ok.text).toMatch(/^# TYPE nodejs_gc_duration_seconds histogram$/m);
  });

  it("counts the traffic sent: requests by route pattern, answers, replays, refusals, sessions", async () => {
    const before = (await scrape(server.url)).text;
    const c = await member(server.url);
    const questions = (await c.get("/api/questions?section=7")).body as { id: number; correctAnswer: string }[];
    const answers = questions
      .slice(0, 4)
      .map((q) => ({ id: randomUUID(), questionId: q.id, userAnswer: q.correctAnswer }));
    for (const a of answers) expect((await c.post("/api/progress/question-attempt", a)).status).toBe(200);
    // The outbox sending the first two again: stored once, counted as replays.
    for (const a of answers.slice(0, 2)) expect((await c.post("/api/progress/question-attempt", a)).status).toBe(200);
    for (let i = 0; i < 3; i++) await c.get(`/api/test-attempts/${randomUUID()}`);
    // Five wrong passwords lock the account; the sixth attempt is refused by the lockout.
    const email = uniqueEmail();
    await member(server.url, "Lee", "Locked", email);
    const stranger = new Client(server.url);
    const signIns = [];
    for (let i = 0; i < 6; i++)
      signIns.push((await stranger.post("/api/login", { email, password: "wrong-password-1" })).status);
    expect(signIns).toEqual([401, 401, 401, 401, 401, 429]);

    const after = (await scrape(server.url)).text;
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta("jcba_answers_written_total")).toBe(4);
    expect(delta("jcba_outbox_replays_total")).toBe(2);
    expect(delta("jcba_signin_failures_total")).toBe(5);
    expect(delta("jcba_lockouts_total")).toBe(1);
    // Sign-up then sign-in, twice: two sessions more.
    expect(delta("jcba_sessions_active")).toBe(2);
    const attempts = { method: "POST", route: "/api/progress/question-attempt", status_code: "200" };
    expect(delta("http_request_duration_seconds_count", attempts)).toBe(6);
    // The pattern, not the URL: three different ids, one series.
    const byPattern = { method: "GET", route: "/api/test-attempts/:id", status_code: "404" };
    expect(delta("http_request_duration_seconds_count", byPattern)).toBe(3);
    expect(after).not.toMatch(/route="\/api\/test-attempts\/[0-9a-f]{8}-/);
    expect(after).not.toMatch(/route="\/api\/questions\?/);
    expect(sample(after, "http_request_duration_seconds_bucket", { ...attempts, le: "+Inf" })).toBe(
      sample(after, "http_request_duration_seconds_count", attempts),
    );
    // Only this scrape is in flight.
    expect(sample(after, "http_requests_in_flight")).toBe(1);
    expect(delta("jcba_cache_hits_total", { cache: "content" })).toBeGreaterThan(0);
    expect(sample(after, "jcba_content_version")).toBeGreaterThan(1_600_000_000);
    expect(after).toMatch(/^jcba_db_pool_connections\{state="waiting"\} \d+$/m);
    if (!onPostgres) {
      expect(delta("jcba_pglite_queue_wait_seconds_count")).toBeGreaterThan(0);
      expect(after).toMatch(/^jcba_pglite_queue_depth \d+$/m);
    }
  });
});

describe("METRICS_PORT", () => {
  it("serves /metrics on a listener of its own, not on the app's port", async () => {
    const port = await freePort();
    const server = await startServer(undefined, { METRICS_PORT: String(port) });
    try {
      await expectNoMetrics(server.url);
      await fetch(`${server.url}/api/health`);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(
        sample(text, "http_request_duration_seconds_count", {
          method: "GET",
          route: "/api/health",
          status_code: "200",
        }),
      ).toBe(1);
    } finally {
      await server.stop();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe.skipIf(!onPostgres)("two workers (WORKERS=2, PostgreSQL)", () => {
  let onAppPort: ServerProcess;
  let onOwnPort: ServerProcess;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    const start = async (env: Record<string, string>) => {
      const { databaseUrl } = await newDatabaseLocation();
      return spawnServer({ DATABASE_URL: databaseUrl!, WORKERS: "2", METRICS_TOKEN: TOKEN, ...env });
    };
    [onAppPort, onOwnPort] = await Promise.all([start({}), start({ METRICS_PORT: String(metricsPort) })]);
    await Promise.all([onAppPort.waitFor("2 workers"), onOwnPort.waitFor("2 workers")]);
  });
  afterAll(async () => {
    await Promise.all([onAppPort?.stop(), onOwnPort?.stop()]);
  });

  const health = { method: "GET", route: "/api/health", status_code: "200" };
  /** New connections each time, so the primary hands them out to both workers. */
  async function sendHealthChecks(url: string, count: number) {
    for (let i = 0; i < count; i++) {
      const res = await fetch(`${url}/api/health`, { headers: { connection: "close" } });
      expect(res.status).toBe(200);
    }
  }

  it("a scrape that lands on one worker answers for both (asked of the primary process)", async () => {
    await sendHealthChecks(onAppPort.url, 40);
    // Each scrape lands on either worker; each sees the sum.
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${onAppPort.url}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}`, connection: "close" },
      });
      expect(res.status).toBe(200);
      expect(sample(await res.text(), "http_request_duration_seconds_count", health)).toBe(40);
    }
    expect((await fetch(`${onAppPort.url}/metrics`)).status).toBe(401);
  });

  it("the primary's metrics listener answers for both workers", async () => {
    await sendHealthChecks(onOwnPort.url, 30);
    const text = (await scrape(`http://127.0.0.1:${metricsPort}`)).text;
    expect(sample(text, "http_request_duration_seconds_count", health)).toBe(30);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(401);
  });
});
