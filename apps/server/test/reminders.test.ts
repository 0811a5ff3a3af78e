/**
 * Daily review reminders by Web Push: a push service on loopback (HTTPS, as web-push only speaks it)
 * checks each request's VAPID signature against the server's key and decrypts the payload with the
 * subscription's own keys (RFC 8291, done here with node:crypto apart from the library that encrypts
 * it, so a fault in either shows); the sender's schedule runs on a fake clock for members in two time
 * zones; a subscription the push service answers 410 is removed.
 */
import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, type Server } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReminderSender } from "../src/reminders/sender.ts";
import { Client, member, startServer, type TestServer } from "./harness.ts";

const b64u = (b: Buffer) => b.toString("base64url");

/** RFC 8291 (aes128gcm, one record): the plaintext, with the receiver's key pair and auth secret. */
function decryptPush(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const info = (label: string) => Buffer.from(`Content-Encoding: ${label}\0`);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiver.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", receiver.computeSecret(senderKey), authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, info("aes128gcm"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, info("nonce"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString("utf8");
}

/** The VAPID claims of an Authorization header, once its ES256 signature checks out with its own key. */
function verifiedVapid(header: string | undefined) {
  const m = header?.match(/^vapid t=([^,]+), k=(.+)$/);
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [h, p, s] = m[1]!.split(".");
  const point = Buffer.from(m[2]!, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(s!, "base64url"),
  );
  if (!ok) throw new Error("VAPID signature does not verify");
  return {
    publicKey: m[2]!,
    header: JSON.parse(Buffer.from(h!, "base64url").toString()),
    claims: JSON.parse(Buffer.from(p!, "base64url").toString()),
  };
}

interface Delivery {
  path: string;
  vapid: ReturnType<typeof verifiedVapid>;
  body: Buffer;
  encoding: string | undefined;
  ttl: string | undefined;
}

let server: TestServer;
let push: Server;
let pushOrigin: string;
let agent: Agent;
let certDir: string;
const deliveries: Delivery[] = [];

beforeAll(async () => {
  server = await startServer();
  certDir = mkdtempSync(join(tmpdir(), "push-cert-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      join(certDir, "key.pem"),
      "-out",
      join(certDir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  const cert = readFileSync(join(certDir, "cert.pem"));
  agent = new Agent({ ca: cert });
  push = createServer({ key: readFileSync(join(certDir, "key.pem")), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        deliveries.push({
          path: req.url!,
          vapid: verifiedVapid(req.headers.authorization),
          body: Buffer.concat(chunks),
          encoding: req.headers["content-encoding"],
          ttl: req.headers.ttl as string | undefined,
        });
        // A subscription the browser dropped.
        res.writeHead(req.url!.startsWith("/push/gone") ? 410 : 201).end();
      } catch (e) {
        res.writeHead(400).end((e as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => push.listen(0, "127.0.0.1", resolve));
  pushOrigin = `https://127.0.0.1:${(push.address() as { port: number }).port}`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => push?.close(resolve));
  agent?.destroy();
  rmSync(certDir, { recursive: true, force: true });
});

/** A browser's subscription: its key pair and auth secret stay here, to decrypt what arrives. */
function browser(name: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { endpoint: `${pushOrigin}/push/${name}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } },
  };
}

async function memberWithReminder(name: string, reminder: object, itemsDue: boolean) {
  const client = await member(server.url);
  const id = (await client.get("/api/auth/user")).body.id as number;
  const device = browser(name);
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
      agent,
    });
    const at = async (iso: string) => {
      clock = new Date(iso);
      const before = deliveries.length;
      await sender.tick();
      return deliveries.slice(before).map((d) => d.path);
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
    for (const d of deliveries) {
      expect(d.vapid.publicKey).toBe(key);
      expect(d.vapid.header.alg).toBe("ES256");
      expect(d.vapid.claims).toMatchObject({ aud: pushOrigin, sub: "mailto:ops@test.local" });
      expect(d.vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(d.encoding).toBe("aes128gcm");
    }
    // The payload, decrypted with the subscription's keys: what the service worker shows, and where it leads.
    const toTokyo = deliveries.find((d) => d.path === "/push/tokyo")!;
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
    const device = browser("forget-me");
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
