/** The adaptive cap on requests in flight and the gate that applies it, on a clock the test moves. */
import { once } from "node:events";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createDatabase } from "@jcba/db";
import { describe, expect, it } from "vitest";
import { newDatabaseLocation } from "../../test/harness.ts";
import { loadConfig } from "../process/config.ts";
import { AdmissionLimit } from "./admission.ts";
import { BUSY_MESSAGE, createOverloadGuard } from "./overload.ts";

function limitAt(options: { max: number; min: number; targetMs: number }) {
  let clock = 0;
  const admission = new AdmissionLimit({ ...options, now: () => clock });
  /** Fills the cap, turns one away, then answers all admitted after `ms` each, 300 ms later. */
  const window = (ms: number, refuse = true) => {
    let admitted = 0;
    while (admission.tryAcquire()) admitted++;
    if (!refuse) admission.refused--;
    clock += 300;
    for (let i = 0; i < admitted; i++) admission.done(ms);
    return admitted;
  };
  return { admission, window };
}

describe("the cap on requests in flight", () => {
  it("admits up to the cap, turns the next away, and admits again once one is answered", () => {
    const { admission } = limitAt({ max: 3, min: 1, targetMs: 1000 });
    expect([1, 2, 3, 4].map(() => admission.tryAcquire())).toEqual([true, true, true, false]);
    expect(admission.full()).toBe(true);
    expect(admission.refused).toBe(1);
    admission.done(10);
    expect(admission.tryAcquire()).toBe(true);
    expect(admission.inFlight).toBe(3);
  });

  it("is cut in proportion while admitted requests take over the target and members are turned away, never below its floor", () => {
    const { admission, window } = limitAt({ max: 256, min: 8, targetMs: 1000 });
    window(2000);
    expect(admission.limit).toBe(128);
    const gently = limitAt({ max: 256, min: 8, targetMs: 1000 });
    gently.window(1250);
    expect(gently.admission.limit).toBe(204);
    for (let i = 0; i < 20; i++) window(5000);
    expect(admission.limit).toBe(8);
  });

  it("is not cut while nobody is turned away, however slow the answers (the load under the cap is never refused)", () => {
    const { admission } = limitAt({ max: 256, min: 8, targetMs: 1000 });
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 200; i++) expect(admission.tryAcquire()).toBe(true);
      for (let i = 0; i < 200; i++) admission.done(4000);
    }
    expect(admission.limit).toBe(256);
    expect(admission.refused).toBe(0);
  });

  it("grows back to its starting value once answers are quick again", () => {
    const { admission, window } = limitAt({ max: 64, min: 8, targetMs: 1000 });
    for (let i = 0; i < 10; i++) window(5000);
    expect(admission.limit).toBe(8);
    for (let i = 0; i < 40; i++) window(100);
    expect(admission.limit).toBe(64);
  });

  it("holds between 80% and 100% of the target, and stays at its starting value with no target", () => {
    const { admission, window } = limitAt({ max: 64, min: 8, targetMs: 1000 });
    window(900);
    expect(admission.limit).toBe(64);
    const fixed = limitAt({ max: 64, min: 8, targetMs: 0 });
    for (let i = 0; i < 10; i++) fixed.window(5000);
    expect(fixed.admission.limit).toBe(64);
  });
});

describe("the gate in front of the app", () => {
  /**
   * The overload guard's gate in front of a handler standing in for Fastify's, which holds every request
   * it gets until the test answers it, on a clock the test moves. The database's wait is not looked at
   * (OVERLOAD_DB_WAIT_MS=0), nor the event loop's delay.
   */
  async function gated() {
    const location = await newDatabaseLocation();
    const database = await createDatabase({ ...location, maxConnections: 1 });
    let clock = 0;
    const config = loadConfig({
      OVERLOAD_DB_WAIT_MS: "0",
      OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
      OVERLOAD_MAX_IN_FLIGHT: "8",
      OVERLOAD_MIN_IN_FLIGHT: "2",
      OVERLOAD_TARGET_MS: "100",
    });
    const guard = createOverloadGuard(config, database, { now: () => clock });
    const refusals: string[] = [];
    guard.onRefused((method) => refusals.push(method));
    const held: ServerResponse[] = [];
    const reached: string[] = [];
    const server = createServer(
      guard.gate((request, response) => {
        reached.push(request.url!);
        if (request.url!.startsWith("/api/health")) response.end("healthy");
        else held.push(response);
      }),
    );
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const outcomes: { status: number; retryAfter: string | null; body: string }[] = [];
    /** Sends `count` requests at once; their answers land in `outcomes` as they come. */
    const send = (count: number, method = "GET") =>
      Array.from({ length: count }, async () => {
        const res = await fetch(`${url}/api/progress/section`, {
          method,
          ...(method === "POST" ? { body: "{}", headers: { "content-type": "application/json" } } : {}),
        });
        outcomes.push({ status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.text() });
      });
    /** Answers every held request after `ms` on the test's clock. */
    const answerHeld = (ms: number) => {
      clock += ms;
      for (const response of held.splice(0)) response.end("ok");
    };
    return {
      guard,
      refusals,
      held,
      reached,
      outcomes,
      send,
      answerHeld,
      url,
      async stop() {
        server.closeAllConnections();
        server.close();
        await database.close();
      },
    };
  }

  /** Polls `check` until it is true; fails after a generous deadline. */
  async function until(check: () => boolean) {
    const deadline = performance.now() + 20_000;
    while (!check()) {
      if (performance.now() > deadline) throw new Error("not reached in time");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it("answers requests past the cap itself, so the app never sees them, and lowers the cap once admitted answers are slow", async () => {
    const g = await gated();
    try {
      // 12 at once against a cap of 8: 8 reach the app and are held, 4 are answered 503 by the gate.
      const first = [...g.send(8), ...g.send(4, "POST")];
      await until(() => g.held.length === 8 && g.outcomes.length === 4);
      expect(g.reached).toHaveLength(8);
      for (const outcome of g.outcomes) {
        expect(outcome.status).toBe(503);
        expect(outcome.retryAfter).toBe("5");
        expect(JSON.parse(outcome.body)).toEqual({ code: "SERVICE_UNAVAILABLE", message: BUSY_MESSAGE });
      }
      expect(g.guard.admission?.refused).toBe(4);
      expect(g.refusals).toHaveLength(4);
      expect(g.guard.reason()).toBe("requests");

      // Health is let through to the app while the cap is full, to report it.
      const health = await fetch(`${g.url}/api/health?probe=1`);
      expect(await health.text()).toBe("healthy");
      expect(g.reached).toHaveLength(9);

      // The eight admitted answered a second later on the test's clock, ten times the 100 ms target,
      // while members were turned away: the cap is halved (the most it falls in one window).
      g.answerHeld(1000);
      await Promise.all(first);
      await until(() => g.guard.admission?.inFlight === 0);
      expect(g.guard.admission?.limit).toBe(4);
      expect(g.outcomes.filter((o) => o.status === 200)).toHaveLength(8);

      // Under the lowered cap: 4 of 6 reach the app, 2 are turned away by the gate.
      g.outcomes.length = 0;
      const second = g.send(6);
      await until(() => g.held.length === 4 && g.outcomes.length === 2);
      expect(g.reached).toHaveLength(13);
      expect(g.outcomes.map((o) => o.status)).toEqual([503, 503]);
      expect(g.refusals).toHaveLength(6);
      g.answerHeld(10);
      await Promise.all(second);
      await until(() => g.guard.admission?.inFlight === 0);
      expect(g.guard.reason()).toBeNull();
    } finally {
      await g.stop();
    }
  });
});
