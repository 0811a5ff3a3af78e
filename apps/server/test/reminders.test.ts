/**
 * Daily review reminders by Web Push: a push service on loopback (push-service.ts) checks each
 * request's VAPID signature against the server's key and the payload is decrypted with the
 * subscription's own keys (RFC 8291); the sender's schedule runs on a fake clock for members in two time
 * zones; a subscription the push service answers 410 is removed.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReminderSender } from "../src/reminders/sender.ts";
import { Client, member, startServer, type TestServer } from "./harness.ts";
import { decryptPush, type PushService, startPushService } from "./push-service.ts";

const b64u = (b: Buffer) => b.toString("base64url");

let server: TestServer;
let push: PushService;

beforeAll(async () => {
  server = await startServer();
  push = await startPushService();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await push?.stop();
});

async function memberWithReminder(name: string, reminder: object, itemsDue: boolean) {
  const client = await member(server.url);
  const id = (await client.get("/api/auth/user")).body.id as number;
  const device = push.browser(name);
  const subscribed = await client.post("/api/push/subscriptions", device.json);
  expect(subscribed.status).toBe(201);
  expect((await client.patch("/api/reminders", { enabled: true, ...reminder })).status).toBe(200);
  if (itemsDue)
    await server.database.rows(sql`
      INSERT INTO review_items (user_id, item_type, item_id, due, stability, difficulty, state, reps, lapses, last_review)
      VALUES (${id}, 'flashcard', 1, '2026-01-01T00:00:00Z', 1, 5, 2, 1, 0, '2025-12-31T00:00:00Z'),
             (${id}, 'flashcard', 2, '2026-01-01T00:00:00Z', 1, 5, 2, 1, 0, '2025-12-31T00:00:00Z')`);
  return { client, id, device, subscriptionId: subscribed.body.id as number };
}

describe("review reminders", () => {
  it("go out once a local day at each member's time, only with items due, never on a day off; 410 removes", async () => {
    const denver = await memberWithReminder("denver", { time: "18:00", timeZone: "America/Denver" }, true);
    const tokyo = await memberWithReminder("tokyo", { time: "18:00", timeZone: "Asia/Tokyo" }, true);
    const gone = await memberWithReminder("gone", { time: "08:00", timeZone: "UTC" }, true);
    await memberWithReminder("idle", { time: "08:00", timeZone: "UTC" }, false);

    let clock = new Date("2027-01-15T08:59:00Z");
    const sender = createReminderSender({
      database: server.database,
      log: { info() {}, warn() {} },
      subject: "mailto:ops@test.local",
      allowedHosts: ["127.0.0.1"],
      now: () => clock,
      agent: push.agent,
    });
    const at = async (iso: string) => {
      clock = new Date(iso);
      const before = push.deliveries.length;
      await sender.tick();
      return push.deliveries.slice(before).map((d) => d.path);
    };

    // 08:59 UTC: 17:59 in Tokyo, 01:59 in Denver; the UTC members' 08:00 has passed.
    expect((await at("2027-01-15T08:59:00Z")).sort()).toEqual(["/push/gone"]);
    // The push service answered 410: the subscription is gone; the idle member has nothing due.
    const left = await server.database.rows(sql`SELECT id FROM push_subscriptions WHERE user_id = ${gone.id}`);
    expect(left).toEqual([]);
    // 18:00 in Tokyo.
    expect(await at("2027-01-15T09:00:00Z")).toEqual(["/push/tokyo"]);
    expect(await at("2027-01-15T09:30:00Z")).toEqual([]);
    // 17:59 and 18:00 in Denver (UTC−7), still 15 January there.
    expect(await at("2027-01-16T00:59:00Z")).toEqual([]);
    expect(await at("2027-01-16T01:00:00Z")).toEqual(["/push/denver"]);
    // The next local day in Tokyo; Denver flies on the 16th.
    expect((await denver.client.patch("/api/reminders", { daysOff: ["2027-01-16"] })).status).toBe(200);
    expect(await at("2027-01-16T09:00:00Z")).toEqual(["/push/tokyo"]);
    expect(await at("2027-01-17T01:00:00Z")).toEqual([]);
    expect(await at("2027-01-18T01:00:00Z")).toEqual(["/push/denver"]);

    // Every request carried a VAPID signature by the server's own key, for the push service's origin.
    const key = (await tokyo.client.get("/api/push/key")).body.publicKey;
    expect(Buffer.from(key, "base64url")).toHaveLength(65);
    for (const d of push.deliveries) {
      expect(d.vapid.publicKey).toBe(key);
      expect(d.vapid.header.alg).toBe("ES256");
      expect(d.vapid.claims).toMatchObject({ aud: push.origin, sub: "mailto:ops@test.local" });
      expect(d.vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(d.encoding).toBe("aes128gcm");
    }
    // The payload, decrypted with the subscription's keys: what the service worker shows, and where it leads.
    const toTokyo = push.deliveries.find((d) => d.path === "/push/tokyo")!;
    expect(JSON.parse(decryptPush(toTokyo.body, tokyo.device.ecdh, tokyo.device.auth))).toEqual({
      title: "Time to review",
      body: "2 items are due for review.",
      url: "/review",
    });
    // Another subscription's keys cannot read it.
    expect(() => decryptPush(toTokyo.body, denver.device.ecdh, denver.device.auth)).toThrow();
  }, 120_000);

  it("keeps settings per member and refuses bad ones with a reason, changing nothing", async () => {
    const m = await member(server.url);
    const start = await m.get("/api/reminders");
    expect(start.body).toEqual({
      enabled: false,
      time: "18:00",
      quietStart: null,
      quietEnd: null,
      timeZone: "UTC",
      daysOff: [],
    });
    const set = await m.patch("/api/reminders", {
      enabled: true,
      time: "07:30",
      quietStart: "22:00",
      quietEnd: "06:00",
      timeZone: "America/Chicago",
      daysOff: ["2099-01-02", "2099-01-01", "2099-01-01"],
    });
    expect(set.body).toEqual({
      enabled: true,
      time: "07:30",
      quietStart: "22:00",
      quietEnd: "06:00",
      timeZone: "America/Chicago",
      daysOff: ["2099-01-01", "2099-01-02"],
    });
    for (const [bad, field] of [
      [{ time: "25:00" }, /time/],
      [{ time: "7:30" }, /time/],
      [{ timeZone: "Mars/Olympus" }, /timeZone/],
      [{ quietStart: "22:00" }, /quietStart and quietEnd/],
      [{ quietStart: "22:00", quietEnd: null }, /quietStart and quietEnd/],
      [{ daysOff: ["2099-13-45"] }, /daysOff/],
      [{ enabled: "yes" }, /enabled/],
    ] as const) {
      const res = await m.patch("/api/reminders", bad);
      expect([JSON.stringify(bad), res.status]).toEqual([JSON.stringify(bad), 400]);
      expect(res.body.message).toMatch(field);
    }
    expect((await m.get("/api/reminders")).body).toEqual(set.body);
  });

  it("takes only a browser's https subscription with its keys, and forgets only the member's own", async () => {
    const m = await member(server.url);
    const other = await member(server.url);
    const device = push.browser("forget-me");
    for (const bad of [
      { ...device.json, endpoint: "http://127.0.0.1/push/plain" },
      { ...device.json, endpoint: "not a url" },
      { ...device.json, keys: { ...device.json.keys, p256dh: b64u(randomBytes(10)) } },
      { ...device.json, keys: { p256dh: device.json.keys.p256dh } },
    ]) {
      const res = await m.post("/api/push/subscriptions", bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/endpoint|keys/);
    }
    const made = await m.post("/api/push/subscriptions", device.json);
    expect(made.status).toBe(201);
    expect((await other.delete(`/api/push/subscriptions/${made.body.id}`)).status).toBe(404);
    expect((await m.delete(`/api/push/subscriptions/${made.body.id}`)).status).toBe(200);
    expect((await m.delete(`/api/push/subscriptions/${made.body.id}`)).status).toBe(404);
    expect((await m.delete("/api/push/subscriptions/abc")).status).toBe(400);
    expect((await new Client(server.url).get("/api/push/key")).status).toBe(401);
  });
});
