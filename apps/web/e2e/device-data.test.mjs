/**
 * What a member leaves on a device (README: 'What stays on a device'): nothing after Logout; after a
 * session that ended elsewhere (expiry, a password change on another device), only the answers still
 * waiting in the outbox; and an admin's screens are never saved on the device at all.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { BASE_URL, browser, signedInContext, until, withBrowser } from "./helpers.mjs";
import { answerFor, questionsOf } from "./study-data.mjs";

withBrowser();

/**
 * Everything the origin keeps in the page's storage: localStorage keys, the saved query cache's keys,
 * the member's outbox, and Cache Storage's URLs. Evaluated in the page.
 */
const deviceContents = async ([userId]) => {
  const idb = (db, storeName, read) =>
    new Promise((resolve) => {
      const open = indexedDB.open(db);
      open.onerror = () => resolve(undefined);
      open.onsuccess = () => {
        const conn = open.result;
        if (!conn.objectStoreNames.contains(storeName)) return resolve(undefined);
        const req = read(conn.transaction(storeName).objectStore(storeName));
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => resolve(undefined);
      };
    });
  const cached = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) cached.push(new URL(request.url).pathname);
  }
  return {
    localStorage: Object.keys(localStorage).sort(),
    cache: (await idb("jcba-cache", "queries", (s) => s.getAllKeys())) ?? [],
    outbox: (await idb("jcba-outbox", "writes", (s) => s.get(`member:${userId}`))) ?? [],
    cached,
  };
};

/** The saved query cache of a member (the JSON entry, not the bank's pieces), parsed; null when none. */
const savedCache = ([userId]) =>
  new Promise((resolve) => {
    const open = indexedDB.open("jcba-cache");
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const conn = open.result;
      if (!conn.objectStoreNames.contains("queries")) return resolve(null);
      const req = conn.transaction("queries").objectStore("queries").get(`member:${userId}`);
      req.onsuccess = () => resolve(req.result ? JSON.parse(req.result) : null);
      req.onerror = () => resolve(null);
    };
  });

/** Whether the bank's offline copy is saved (its entry is written after its last piece). Evaluated in the page. */
const bankSaved = ([userId]) =>
  new Promise((resolve) => {
    const open = indexedDB.open("jcba-cache");
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const conn = open.result;
      if (!conn.objectStoreNames.contains("queries")) return resolve(false);
      const req = conn.transaction("queries").objectStore("queries").get(`member:${userId}:bank`);
      req.onsuccess = () => resolve(req.result !== undefined);
      req.onerror = () => resolve(false);
    };
  });

const me = async (context) => (await context.request.get(`${BASE_URL}/api/auth/user`)).json();

/** Opens the app, lets the device save the member's copy, and makes one search to be remembered. */
async function useTheApp(page, userId) {
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("heading", { level: 1, name: /^Welcome back/ }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await until(page, savedCache, [userId], "the member's copy to be saved on the device");
  await page.goto(`${BASE_URL}/search?q=probationary`);
  await page.getByTestId("search-result").first().click();
  await until(
    page,
    ([id]) => localStorage.getItem(`jcba-recent-searches:${id}`)?.includes("probationary") === true,
    [userId],
    "the search to be remembered for this member",
  );
  const before = await page.evaluate(deviceContents, [userId]);
  // What the checks after the session ends look for is there to begin with.
  assert.ok(before.localStorage.includes("jcba.member"));
  assert.ok(before.cache.includes(`member:${userId}`));
  assert.ok(before.cached.length > 0, "the service worker holds the app's files");
}

/** Nothing of the member but the outbox's `outbox` writes, and the app's own files in Cache Storage. */
async function assertOnlyOutboxLeft(page, userId, outbox) {
  const left = await page.evaluate(deviceContents, [userId]);
  assert.deepEqual(left.localStorage, [], "localStorage is empty");
  assert.deepEqual(left.cache, [], "no saved query cache or bank");
  assert.deepEqual(
    left.outbox.map((w) => w.kind),
    outbox,
  );
  const personal = left.cached.filter((path) => path.startsWith("/api/"));
  assert.deepEqual(personal, [], "Cache Storage holds the app's files only, no API answers");
}

test("after Logout the device holds nothing of the member", async () => {
  const { context } = await signedInContext(browser);
  const { id } = await me(context);
  const page = await context.newPage();
  await useTheApp(page, id);
  await page.getByRole("link", { name: "Logout" }).click();
  await page.getByRole("link", { name: "Sign In" }).waitFor();
  await assertOnlyOutboxLeft(page, id, []);
  await context.close();
});

test("a session that expires keeps only the member's unsent answer on the device, sent once they sign in again", async () => {
  const { context, account } = await signedInContext(browser);
  const { id } = await me(context);
  const page = await context.newPage();
  await useTheApp(page, id);
  const questions = await questionsOf(context.request, 5);
  await page.goto(`${BASE_URL}/study/5`);
  await page.getByText(/^Question 1 of \d+$/).waitFor();
  // The app's own calls are done (the bank's download and the screen's queries): the answer's write is
  // the first call to meet the ended session, not a background one that would sign out before it.
  await until(page, bankSaved, [id], "the bank to be saved on the device");
  await page.waitForLoadState("networkidle");
  // The session's cookie runs out: the browser stops sending it, and the server answers 401.
  await context.clearCookies({ name: "jcba_session" });
  const text = (await page.getByTestId("question-text").textContent()).trim();
  const q = questions.find((x) => x.questionText.trim() === text);
  if (q.questionType === "multiple-choice")
    await page.getByRole("radio", { name: answerFor(q, true), exact: true }).check({ force: true });
  else await page.getByPlaceholder("Type your answer here...").fill(answerFor(q, true));
  await page.getByRole("button", { name: "Submit Answer" }).click();
  // The answer's write meets the ended session: the app removes the member's data and signs out.
  await page.getByRole("link", { name: "Sign In" }).waitFor();
  await assertOnlyOutboxLeft(page, id, ["answer"]);

  // Signed in again, the waiting answer reaches the member's account.
  const login = await context.request.post(`${BASE_URL}/api/login`, {
    data: { email: account.email, password: account.password },
  });
  assert.ok(login.ok());
  await page.goto(`${BASE_URL}/`);
  await until(
    page,
    ([userId]) =>
      new Promise((resolve) => {
        const open = indexedDB.open("jcba-outbox");
        open.onsuccess = () => {
          const req = open.result.transaction("writes").objectStore("writes").get(`member:${userId}`);
          req.onsuccess = () => resolve((req.result ?? []).length === 0);
          req.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    [id],
    "the waiting answer to be sent",
  );
  const progress = await (await context.request.get(`${BASE_URL}/api/progress/section`)).json();
  assert.deepEqual(progress, [{ sectionNumber: 5, questionsAttempted: 1, questionsCorrect: 1 }]);
  await context.close();
});

test("a password change on another device ends this one's session and clears its data at its next call", async () => {
  const { context, account } = await signedInContext(browser);
  const { id } = await me(context);
  const page = await context.newPage();
  await useTheApp(page, id);
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByRole("heading", { level: 1, name: "Change Password" }).waitFor();

  const other = await browser.newContext({ baseURL: BASE_URL });
  assert.ok((await other.request.post(`${BASE_URL}/api/login`, { data: account })).ok());
  const changed = await other.request.post(`${BASE_URL}/api/account/password`, {
    data: { currentPassword: account.password, newPassword: "a-brand-new-password-9" },
  });
  assert.equal(changed.status(), 200, await changed.text());
  await other.close();

  // This device's next call (its API tokens) meets the ended session.
  await page.getByRole("link", { name: "API Tokens" }).click();
  await page.getByRole("link", { name: "Sign In" }).waitFor();
  await assertOnlyOutboxLeft(page, id, []);
  await context.close();
});

test("an admin's screens are never saved on the device", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const { id } = await me(context);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/admin`);
  await page.getByTestId("platform-user").first().waitFor();
  // Within the app, so the directory's data stays in memory beside the audit trail's. The audit trail's
  // data arriving is a change to the cache, and every change is saved (at most once a second) with the
  // time of the change: a save stamped after this moment was made with the audit trail's data in memory.
  const auditAskedAt = await page.evaluate(() => Date.now());
  await page.getByRole("link", { name: "Audit Trail" }).click();
  await page.getByRole("heading", { level: 1, name: "Audit Trail" }).waitFor();
  await page.getByTestId("audit-total").waitFor();
  // ...and one that also holds the member's study data, which the app fetches in the background.
  const pathsOf = (saved) => (saved?.clientState.queries ?? []).map((q) => q.queryKey[0].join("."));
  const end = Date.now() + 60_000;
  let saved = await page.evaluate(savedCache, [id]);
  while (!(saved?.timestamp > auditAskedAt && pathsOf(saved).includes("mastery.list"))) {
    assert.ok(Date.now() < end, "timed out waiting for a save with the admin's study data");
    await page.waitForTimeout(100); // polling interval, not an assertion delay
    saved = await page.evaluate(savedCache, [id]);
  }
  const paths = pathsOf(saved);
  assert.deepEqual(
    paths.filter(
      (p) => !p.match(/^(questions|flashcards|mastery|progress|tests|review|flags)\.|^analysis\.peerStats$/),
    ),
    [],
    "no admin, search, report or account data on the device",
  );
  await context.close();
});
