import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { onReauthAsked, settleReauth, stepAwareFetch } from "./reauth.ts";

/**
 * A real HTTP server on loopback that refuses a call with tRPC's 403 body until `confirmed`, as the
 * server does for a role change more than 15 minutes after sign-in.
 */
let server: Server;
let base = "";
let confirmed = false;
let received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.url ?? "");
    res.setHeader("content-type", "application/json");
    if (req.url?.startsWith("/forbidden")) {
      res.statusCode = 403;
      res.end(JSON.stringify({ error: { message: "Admins only", data: { code: "FORBIDDEN" } } }));
    } else if (!confirmed) {
      res.statusCode = 403;
      res.end(JSON.stringify({ error: { message: "Confirm it is you", data: { code: "REAUTH_REQUIRED" } } }));
    } else {
      res.end(JSON.stringify({ result: { data: "done" } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  confirmed = false;
  received = [];
});

/** Resolves at the next time the dialog is asked for. */
function nextAsk(): Promise<void> {
  return new Promise((resolve) => {
    const stop = onReauthAsked((asking) => {
      if (!asking) return;
      queueMicrotask(() => stop());
      resolve();
    });
  });
}

describe("stepAwareFetch", () => {
  it("asks to confirm it is you, then sends the refused call again once confirmed", async () => {
    const asked = nextAsk();
    const answer = stepAwareFetch(`${base}/trpc/admin.setRole`, { method: "POST", body: "{}" });
    await asked;
    confirmed = true;
    settleReauth(true);
    const res = await answer;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: { data: "done" } });
    expect(received).toEqual(["/trpc/admin.setRole", "/trpc/admin.setRole"]);
  });

  it("gives back the refusal, without sending again, when the member cancels", async () => {
    const asked = nextAsk();
    const answer = stepAwareFetch(`${base}/trpc/admin.disable`, { method: "POST", body: "{}" });
    await asked;
    settleReauth(false);
    const res = await answer;
    expect(res.status).toBe(403);
    expect(received).toHaveLength(1);
  });

  it("asks once for calls refused together, and sends each of them again", async () => {
    let asks = 0;
    const stop = onReauthAsked((asking) => {
      if (asking) asks++;
    });
    const first = stepAwareFetch(`${base}/trpc/a`, { method: "POST" });
    const second = stepAwareFetch(`${base}/trpc/b`, { method: "POST" });
    await expect.poll(() => received.length).toBe(2);
    await expect.poll(() => asks).toBe(1);
    confirmed = true;
    settleReauth(true);
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    stop();
    expect(asks).toBe(1);
    expect(received.sort()).toEqual(["/trpc/a", "/trpc/a", "/trpc/b", "/trpc/b"]);
  });

  it("passes any other refusal through without asking", async () => {
    let asks = 0;
    const stop = onReauthAsked((asking) => {
      if (asking) asks++;
    });
    const res = await stepAwareFetch(`${base}/forbidden`, { method: "POST" });
    stop();
    expect(res.status).toBe(403);
    expect(asks).toBe(0);
    expect(received).toHaveLength(1);
  });
});
