/**
 * A daily review reminder turned on in Chromium, and delivered. Headless Chromium has no push service,
 * so only that is replaced: an init script makes the page's PushManager hand out a subscription whose
 * endpoint is the loopback push service of the server's reminder tests (apps/server/test/push-service.ts)
 * and whose keys this test made. The member turns the reminder on in Account → Reminders (time, quiet
 * hours, a day off); the test's own server (started here, trusting the push service's certificate and
 * allowed to send to 127.0.0.1) sends it on its minute tick; the push service checks the VAPID signature
 * and the payload is decrypted with the subscription's keys. The decrypted message is then handed to the
 * app's service worker as a push service would (DevTools' ServiceWorker.deliverPushMessage) and the
 * notification it shows is read back from the service worker, with Review as where a tap leads. The tap
 * itself is not played: DevTools cannot click a notification, and a click event made by a script (which
 * cannot be extended: waitUntil throws for it) did not take the window to Review in headless Chromium.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { tsImport } from "tsx/esm/api";
import { DESKTOP, launch } from "./helpers.mjs";
import { REPO, startOwnServer } from "./server-process.mjs";

const { startPushService, decryptPush } = await tsImport(
  join(REPO, "apps/server/test/push-service.ts"),
  import.meta.url,
);

const SUBJECT = "mailto:ops@e2e.test";
const DAY = 24 * 60 * 60 * 1000;
const ZONE = "America/Chicago";
let push;
let server;
let browser;
let baseUrl;

before(async () => {
  push = await startPushService();
  server = await startOwnServer("reminder", {
    PUSH_SUBJECT: SUBJECT,
    // The loopback push service is the only one this server may send to, and its certificate is trusted.
    PUSH_SERVICE_HOSTS: "127.0.0.1",
    NODE_EXTRA_CA_CERTS: push.certFile,
  });
  baseUrl = server.baseUrl;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await push?.stop();
});

async function ok(res, what) {
  assert.ok(res.ok(), `${what}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** Polls `find` until it answers, with a generous deadline (the sender looks once a minute). */
async function until(find, what, ms = 180_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** "HH:MM" `minutes` from now in `zone`, wrapping at midnight. */
function localTime(zone, minutes) {
  const [h, m] = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(new Date())
    .split(":")
    .map(Number);
  const t = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`;
}

test("a member turns on a daily reminder; it is delivered, decrypts to open Review, and the service worker shows it", async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl, timezoneId: ZONE });
  await context.grantPermissions(["notifications"], { origin: baseUrl });
  const email = `reminder-${Date.now()}@e2e.test`;
  await ok(
    await context.request.post(`${baseUrl}/api/register`, {
      data: { email, password: "member-password-1", firstName: "Rita", lastName: "Minder" },
    }),
    "register",
  );
  await ok(
    await context.request.post(`${baseUrl}/api/login`, { data: { email, password: "member-password-1" } }),
    "login",
  );
  // Two questions reviewed a month ago: due now, so a reminder has something to remind of.
  const questions = await ok(await context.request.get(`${baseUrl}/api/questions?section=7`), "questions");
  for (const q of questions.slice(0, 2))
    await ok(
      await context.request.post(`${baseUrl}/api/review`, {
        data: {
          id: randomUUID(),
          itemType: "question",
          itemId: q.id,
          rating: 3,
          ratedAt: new Date(Date.now() - 30 * DAY).toISOString(),
        },
      }),
      "POST /api/review",
    );

  // The browser's push service, replaced: a subscription to the loopback one, with keys kept here.
  const device = push.browser(`e2e-${randomUUID()}`);
  await context.addInitScript((json) => {
    const bytes = (b64u) => Uint8Array.from(atob(b64u.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    let current = null;
    PushManager.prototype.subscribe = async (options) => {
      const key = new Uint8Array(options.applicationServerKey);
      window.__applicationServerKey = btoa(String.fromCharCode(...key))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
      current = {
        endpoint: json.endpoint,
        expirationTime: null,
        options,
        getKey: (name) => bytes(json.keys[name]).buffer,
        toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: { ...json.keys } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, device.json);

  const page = await context.newPage();
  await page.goto(`${baseUrl}/account/reminders`);
  await page.getByRole("heading", { name: "Reminders" }).first().waitFor();
  // A time already reached today in the member's zone, quiet hours later today, and tomorrow off.
  const time = localTime(ZONE, -2) > localTime(ZONE, 0) ? "00:00" : localTime(ZONE, -2);
  const quietStart = localTime(ZONE, 180);
  const quietEnd = localTime(ZONE, 300);
  const tomorrow = new Date(Date.now() + DAY).toLocaleDateString("en-CA", { timeZone: ZONE });
  await page.getByText("Remind me to review every day").click();
  await page.getByLabel("Time", { exact: true }).fill(time);
  await page.getByLabel("Quiet hours start").fill(quietStart);
  await page.getByLabel("Quiet hours end").fill(quietEnd);
  await page.getByLabel("Day off", { exact: true }).fill(tomorrow);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("button", { name: `Remove day off ${tomorrow}` }).waitFor();
  // Waited for from before the click, so it cannot be missed.
  const subscribed = page.waitForResponse((r) => r.url().includes("push.subscribe"), { timeout: 60_000 });
  await page.getByRole("button", { name: "Save Reminders" }).click();
  const batch = await (await subscribed).json();
  const subscriptionId = batch.map((r) => r.result?.data?.id).find((id) => typeof id === "number");
  assert.equal(typeof subscriptionId, "number", JSON.stringify(batch));
  await page.getByText("Reminder on").first().waitFor({ timeout: 60_000 });

  // Stored, as the REST API reads it: the settings, and the page subscribed with the server's key.
  assert.deepEqual(await ok(await context.request.get(`${baseUrl}/api/reminders`), "GET /api/reminders"), {
    enabled: true,
    time,
    quietStart,
    quietEnd,
    timeZone: ZONE,
    daysOff: [tomorrow],
  });
  const { publicKey } = await ok(await context.request.get(`${baseUrl}/api/push/key`), "GET /api/push/key");
  assert.equal(await page.evaluate(() => window.__applicationServerKey), publicKey);

  // The server's sender, on its own minute tick, sends to the stored subscription.
  const path = new URL(device.json.endpoint).pathname;
  const delivery = await until(() => push.deliveries.find((d) => d.path === path), "a reminder delivered");
  assert.equal(delivery.vapid.publicKey, publicKey);
  assert.equal(delivery.vapid.header.alg, "ES256");
  assert.equal(delivery.vapid.claims.aud, push.origin);
  assert.equal(delivery.vapid.claims.sub, SUBJECT);
  assert.equal(delivery.encoding, "aes128gcm");
  const message = decryptPush(delivery.body, device.ecdh, device.auth);
  assert.deepEqual(JSON.parse(message), {
    title: "Time to review",
    body: "2 items are due for review.",
    url: "/review",
  });

  // The message, handed to the service worker as a push service hands it over; it shows the notification.
  const worker = await until(() => context.serviceWorkers()[0], "the app's service worker", 60_000);
  const cdp = await context.newCDPSession(page);
  const registrations = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => registrations.push(...e.registrations));
  await cdp.send("ServiceWorker.enable");
  const registration = await until(
    () => registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseUrl)),
    "the service worker's registration",
    60_000,
  );
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: baseUrl,
    registrationId: registration.registrationId,
    data: message,
  });
  const shown = await until(
    async () =>
      (
        await worker.evaluate(async () =>
          (
            await self.registration.getNotifications()
          ).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            data: n.data,
          })),
        )
      )[0],
    "the notification shown",
    60_000,
  );
  assert.deepEqual(shown, {
    title: "Time to review",
    body: "2 items are due for review.",
    tag: "review-reminder",
    data: { url: "/review" },
  });

  // The subscription the page stored is this member's: forgetting it answers once, then 404.
  assert.equal((await context.request.delete(`${baseUrl}/api/push/subscriptions/${subscriptionId}`)).status(), 200);
  assert.equal((await context.request.delete(`${baseUrl}/api/push/subscriptions/${subscriptionId}`)).status(), 404);
  await context.close();
});
