/**
 * Nothing a stranger sends holds the server's event loop (issue 24, findings 1 and 2): while costly
 * requests run, /api/health still answers at once. The server runs in this process, so the event
 * loop measured here is the server's own.
 */
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { monitorEventLoopDelay, performance as perf } from "node:perf_hooks";
import { authLimits } from "@jcba/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, Client, member, startServer, type TestServer, uniqueEmail } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

/**
 * How much longer everything takes because the machine runs more threads than it has cores (a shared
 * test machine): a thread that waits to be scheduled looks like a slow answer, though nothing blocked.
 */
export const machineLoad = () => Math.max(1, loadavg()[0]! / availableParallelism());

/**
 * The threads ready to run right now, from Linux's /proc/loadavg (its fourth field, running/total;
 * null elsewhere). The one-minute load average above misses a burst of a few seconds, such as the
 * password hashing the sign-up test itself starts on every core.
 */
function runnableNow(): number | null {
  try {
    const running = Number(readFileSync("/proc/loadavg", "utf8").split(" ")[3]?.split("/")[0]);
    return Number.isFinite(running) ? running : null;
  } catch {
    return null;
  }
}

/**
 * Runs `work` while asking /api/health one request after another; returns the slowest health answer
 * and the longest event-loop delay seen meanwhile, in milliseconds, and the event loop's utilization
 * (the share of the time it ran code rather than waited for work: a thread waiting for a core counts
 * as waiting, so unlike the delays, it does not grow with other processes' load).
 */
async function whileHealthChecked<T>(
  work: () => Promise<T>,
): Promise<{ result: T; slowestHealth: number; maxDelay: number; utilization: number; load: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const busyBefore = perf.eventLoopUtilization();
  let done = false;
  let slowestHealth = 0;
  let checks = 0;
  const runnable: number[] = [];
  const sampling = (async () => {
    while (!done) {
      const now = runnableNow();
      if (now !== null) runnable.push(now);
      const started = performance.now();
      const res = await fetch(`${server.url}/api/health`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      slowestHealth = Math.max(slowestHealth, performance.now() - started);
      checks++;
      // Paced, so the sampling itself is not what keeps the event loop busy.
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  delay.enable();
  try {
    const result = await work();
    const { utilization } = perf.eventLoopUtilization(busyBefore);
    // The machine's load while the work ran: threads ready to run per core, averaged over the samples
    // (this thread, which reads it, is one of them), or the one-minute load average if more.
    const meanRunnable = runnable.length ? runnable.reduce((a, b) => a + b, 0) / runnable.length : 0;
    const load = Math.max(machineLoad(), meanRunnable / availableParallelism());
    return { result, slowestHealth, maxDelay: delay.max / 1e6, utilization, load };
  } finally {
    done = true;
    delay.disable();
    await sampling;
    // Health was asked while the work ran (the first request goes out before the work starts).
    expect(checks).toBeGreaterThanOrEqual(1);
  }
}

describe("sign-up", () => {
  it("40 parallel sign-ups with 1,000-character passwords leave the event loop free and /api/health answering", async () => {
    // Long mixes of words, years and keyboard walks: among the slowest inputs for the strength estimate.
    const password = (i: number) => `Password${i}!2020qwerty`.repeat(60).slice(0, 1000);
    const { result, slowestHealth, maxDelay, utilization, load } = await whileHealthChecked(() =>
      Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          new Client(server.url).post("/api/register", {
            email: uniqueEmail(),
            password: password(i),
            firstName: "Long",
            lastName: "Password",
          }),
        ),
      ),
    );
    console.log(
      `40 sign-ups: slowest /api/health ${slowestHealth.toFixed(0)} ms, longest event-loop delay ${maxDelay.toFixed(0)} ms, ` +
        `event loop busy ${(utilization * 100).toFixed(0)}% of the time, machine load ${load.toFixed(1)}× its cores`,
    );
    expect(result.map((r) => r.status)).toEqual(Array(40).fill(200));
    // The password work runs on other threads: the request thread is mostly idle. (Before, zxcvbn held
    // it for 0.4–0.8 s per sign-up: busy nearly all the time.)
    expect(utilization).toBeLessThan(0.5);
    // Nothing held the event loop: its longest delay stays near the 50 ms target (the histogram counts
    // in 10 ms steps, and a thread waiting for a core reads as delay too, hence the load).
    expect(maxDelay).toBeLessThan(100 * load);
    // Health still answers well inside a load balancer's patience (its database check gives up at 2 s).
    // Its answer includes a `SELECT 1`, which waits its turn in the database behind the sign-ups' writes:
    // 90–250 ms on a two-core machine, against seconds when the strength estimate held the event loop.
    expect(slowestHealth).toBeLessThan(500 * load);
  });

  it("still judges a long password by its start: a guessable start is refused", async () => {
    const res = await new Client(server.url).post("/api/register", {
      email: uniqueEmail(),
      password: `${"password".repeat(8)}${"x7#Qm!vR2@pL".repeat(10)}`,
      firstName: "Weak",
      lastName: "Start",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/common password or too easy to guess/);
  });

  it("counts a sign-up against the address's limit before judging the password", async () => {
    const capped = await startServer(undefined, { SIGNUP_LIMIT: "2" }, server.database);
    await server.database.db.delete(authLimits);
    try {
      const statuses = await Promise.all(
        Array.from({ length: 6 }, () =>
          new Client(capped.url).post("/api/register", {
            email: uniqueEmail(),
            password: "password1234",
            firstName: "Weak",
            lastName: "Password",
          }),
        ),
      );
      // Two are judged (and refused as weak); the other four never reach the estimate.
      expect(statuses.map((r) => r.status).sort()).toEqual([400, 400, 429, 429, 429, 429]);
    } finally {
      await capped.stop();
    }
  });
});

describe("GIFT import", () => {
  const QUESTION = "Who decides a grievance appeal? {=The System Board ~The base manager ~Nobody}\n\n";
  // One stray { near the top: the rest of the file would be one question.
  const malformed = `Name the union. {=AFA-CWA ~AFL\n\n${QUESTION.repeat(Math.ceil(160_000 / QUESTION.length))}`;

  it("a 160 KB file with one stray { leaves /api/health under 200 ms and is refused with the reason", async () => {
    const adminClient = await admin(server.url);
    const { result, slowestHealth, maxDelay, utilization, load } = await whileHealthChecked(() =>
      adminClient.post("/api/admin/import", {
        kind: "questions",
        format: "gift",
        defaultSection: 3,
        content: malformed,
        dryRun: false,
      }),
    );
    console.log(
      `160 KB GIFT: slowest /api/health ${slowestHealth.toFixed(0)} ms, longest event-loop delay ${maxDelay.toFixed(0)} ms, ` +
        `event loop busy ${(utilization * 100).toFixed(0)}% of the time, machine load ${load.toFixed(1)}× its cores`,
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/Line 1: an answer block opened with \{ is never closed/);
    expect(slowestHealth).toBeLessThan(200 * load);
    // The dry run names the same reason.
    const dry = await adminClient.post("/api/admin/import", {
      kind: "questions",
      format: "gift",
      defaultSection: 3,
      content: malformed,
      dryRun: true,
    });
    expect(dry.status).toBe(200);
    expect(dry.body.error).toMatch(/never closed/);
  });

  it("refuses a GIFT file over 2,000,000 characters before reading it", async () => {
    const adminClient = await admin(server.url);
    const res = await adminClient.post("/api/admin/import", {
      kind: "questions",
      format: "gift",
      defaultSection: 3,
      content: QUESTION.repeat(Math.ceil(2_000_001 / QUESTION.length)),
      dryRun: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/too large: GIFT and Aiken files may have at most 2,000,000 characters/);
  });
});

describe("tRPC body sizes", () => {
  it("every procedure but the import takes 1 MB, as over REST; the import takes its own limit", async () => {
    const c = await member(server.url);
    const big = JSON.stringify({ questionId: 1, userAnswer: "x".repeat(4_900_000) });
    const declared = await c.call("POST", "/api/trpc/progress.questionAttempt", big, {
      "content-type": "application/json",
    });
    expect(declared.status).toBe(413);
    // Chunked, with no length declared: counted as it arrives.
    const chunked = await fetch(`${server.url}/api/trpc/progress.questionAttempt,progress.questionAttempt`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: c.cookie! },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const adminClient = await admin(server.url);
    const imported = await adminClient.call(
      "POST",
      "/api/trpc/transfer.import",
      JSON.stringify({ kind: "questions", format: "json", content: `[${" ".repeat(2_000_000)}]`, dryRun: true }),
      { "content-type": "application/json" },
    );
    expect(imported.status).toBe(200);
  });
});
