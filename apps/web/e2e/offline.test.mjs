/**
 * Offline: the installed app studies with no connection after one online visit, and its outbox
 * syncs every write once when the connection returns, only under the member who made it.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { chromium } from "playwright-core";
import { BASE_URL, browser, registerMember, signedInContext, until, withBrowser } from "./helpers.mjs";
import { answerFor, questionsOf } from "./study-data.mjs";

withBrowser();

/** Reads one key of an idb-keyval store in the page. */
function idbRead([db, storeName, key]) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(db);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const conn = open.result;
      if (!conn.objectStoreNames.contains(storeName)) return resolve(undefined);
      const req = conn.transaction(storeName).objectStore(storeName).get(key);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    };
  });
}

/**
 * Whether the device's saved query cache (one JSON entry per member, and the bank's) holds queries whose keys contain
 * every one of `fragments`; a fragment starting with `!` must appear in no matching key ('!"section"'
 * for the whole bank rather than one section's list). Evaluated in the page.
 */
const querySaved = ([userId, groups]) =>
  new Promise((resolve) => {
    const open = indexedDB.open("jcba-cache");
    open.onsuccess = () => {
      const conn = open.result;
      if (!conn.objectStoreNames.contains("queries")) return resolve(false);
      const queries = conn.transaction("queries").objectStore("queries");
      const req = queries.get(`member:${userId}`);
      // The bank is saved apart, in pieces; its entry is written once every piece is.
      const bankReq = queries.get(`member:${userId}:bank`);
      bankReq.onsuccess = () => {
        const saved = req.result ? JSON.parse(req.result) : null;
        const keys = [...(saved?.clientState.queries ?? []), ...(bankReq.result ? [bankReq.result.query] : [])].map(
          (q) => JSON.stringify(q.queryKey),
        );
        const matches = (k, fragments) =>
          fragments.every((f) => (f.startsWith("!") ? !k.includes(f.slice(1)) : k.includes(f)));
        resolve(groups.every((fragments) => keys.some((k) => matches(k, fragments))));
      };
      req.onerror = () => resolve(false);
    };
    open.onerror = () => resolve(false);
  });

/** Opens the app online once and waits until the worker controls the page and the bank is on the device. */
async function visitOnline(page, userId) {
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("heading", { level: 1, name: /^Welcome back/ }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.getByRole("heading", { level: 1, name: /^Welcome back/ }).waitFor();
  await until(page, () => navigator.serviceWorker.controller !== null, undefined, "the worker to control the page");
  await until(
    page,
    querySaved,
    [userId, [['["questions","list"]', '!"section"'], ['["flashcards","list"]']]],
    "the bank and deck to be saved on the device",
  );
}

/** No network for the page or its service worker (context.setOffline alone leaves the worker's fetches). */
async function cutNetwork(context) {
  await context.setOffline(true);
  await context.route("**/*", (route) => route.abort("internetdisconnected"));
}
async function restoreNetwork(context) {
  await context.unrouteAll({ behavior: "wait" });
  await context.setOffline(false);
}

async function answerShown(page, questions, correct) {
  const text = (await page.getByTestId("question-text").textContent()).trim();
  const q = questions.find((x) => x.questionText.trim() === text);
  assert.ok(q, `question on screen is from the bank: ${text}`);
  const value = answerFor(q, correct);
  if (q.questionType === "multiple-choice")
    await page.getByRole("radio", { name: value, exact: true }).check({ force: true });
  else await page.getByPlaceholder("Type your answer here...").fill(value);
  await page.getByRole("button", { name: "Submit Answer" }).click();
  await page
    .getByTestId("feedback")
    .getByRole("heading", { name: correct ? "Correct" : "Incorrect", exact: true })
    .waitFor();
  return q;
}

const status = (page) => page.getByTestId("sync-status");

test("offline after one visit: a new section, 10 answers and 3 mastered cards sync once on reconnect", async () => {
  const { context } = await signedInContext(browser);
  const me = await (await context.request.get(`${BASE_URL}/api/auth/user`)).json();
  const section = 7;
  const questions = await questionsOf(context.request, section);
  assert.ok(questions.length >= 10, "section 7 has at least 10 questions");
  const page = await context.newPage();
  await visitOnline(page, me.id);
  await status(page).getByText("All changes saved", { exact: true }).waitFor();

  await cutNetwork(context);
  await page.reload(); // served by the service worker, started from the device's copy
  await status(page).getByText("Offline", { exact: true }).waitFor();
  await page.goto(`${BASE_URL}/study/${section}`); // never opened before
  await page.getByText(`Question 1 of ${questions.length}`, { exact: true }).waitFor();
  const answered = [];
  for (let i = 0; i < 10; i++) {
    answered.push({ q: await answerShown(page, questions, i % 3 !== 0), correct: i % 3 !== 0 });
    await page.getByRole("button", { name: "Next Question" }).click();
  }
  await status(page).getByText("Offline · 10 answers waiting to sync", { exact: true }).waitFor();

  await page.goto(`${BASE_URL}/flashcards?section=2`);
  await page.getByText(/^Card 1 of \d+$/).waitFor();
  for (let i = 0; i < 3; i++) {
    await page.getByTestId("flashcard").click();
    await page.getByRole("button", { name: "Mastered", exact: true }).click();
    await page.getByText(`Card ${i + 2} of`, { exact: false }).waitFor();
  }
  await page
    .getByTestId("mastered-count")
    .filter({ hasText: /^Mastered: 3 \// })
    .waitFor();
  await status(page).getByText("Offline · 13 changes waiting to sync", { exact: true }).waitFor();
  // Still there after a reload with no connection.
  await page.reload();
  await page
    .getByTestId("mastered-count")
    .filter({ hasText: /^Mastered: 3 \// })
    .waitFor();
  const outbox = await page.evaluate(idbRead, ["jcba-outbox", "writes", `member:${me.id}`]);
  assert.equal(outbox.length, 13);
  assert.equal(
    (await (await context.request.get(`${BASE_URL}/api/progress/section`)).json()).length,
    0,
    "nothing reached the server while offline",
  );

  await restoreNetwork(context);
  await status(page).getByText("All changes saved", { exact: true }).waitFor();
  const progress = async () => await (await context.request.get(`${BASE_URL}/api/progress/section`)).json();
  const expected = [
    { sectionNumber: section, questionsAttempted: 10, questionsCorrect: answered.filter((a) => a.correct).length },
  ];
  assert.deepEqual(await progress(), expected);
  const masteryNow = async () =>
    (await (await context.request.get(`${BASE_URL}/api/flashcard-mastery`)).json()).filter((m) => m.mastered);
  assert.equal((await masteryNow()).length, 3);

  // Replaying the whole outbox twice more changes nothing: each answer keeps its first record.
  for (let round = 0; round < 2; round++) {
    for (const entry of outbox) {
      const path =
        entry.kind === "answer"
          ? "/api/progress/question-attempt"
          : entry.kind === "mastery"
            ? "/api/flashcard-mastery"
            : "/api/test-attempts";
      const res = await context.request.post(`${BASE_URL}${path}`, { data: entry.input });
      assert.ok(res.ok(), `replay of ${entry.kind}: ${res.status()}`);
      if (entry.kind === "answer") assert.equal((await res.json()).id, entry.input.id);
    }
  }
  assert.deepEqual(await progress(), expected);
  assert.equal((await masteryNow()).length, 3);
  await context.close();
});

test("offline, the daily review rates a card and answers a question, and both reach the server once on reconnect", async () => {
  const { context } = await signedInContext(browser);
  const me = await (await context.request.get(`${BASE_URL}/api/auth/user`)).json();
  // Today's review: one new card and one new question.
  const res = await context.request.patch(`${BASE_URL}/api/review/settings`, { data: { newPerDay: 2 } });
  assert.ok(res.ok(), `PATCH /api/review/settings: ${res.status()}`);
  const bank = await (await context.request.get(`${BASE_URL}/api/questions`)).json();
  const page = await context.newPage();
  await visitOnline(page, me.id);
  await page.goto(`${BASE_URL}/review`);
  await page.getByTestId("review-term").waitFor();
  await status(page).getByText("All changes saved", { exact: true }).waitFor();
  // The device saves its copy of the cache at most once a second: wait for today's session in it.
  await until(
    page,
    querySaved,
    [me.id, [['["review","session"]']]],
    "today's review session to be saved on the device",
  );

  await cutNetwork(context);
  await page.reload(); // the screen and today's session, from the device
  await status(page).getByText("Offline", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Show Answer" }).click();
  await page.getByRole("button", { name: "Mastered" }).click();
  await page.getByTestId("review-question").waitFor();
  // The bank was read online, before the network was cut.
  const q = await answerShown(page, bank, true);
  await page.getByRole("button", { name: "Finish" }).click();
  // Both wait on the device; the items done are not offered again meanwhile.
  await page.getByRole("heading", { name: "All caught up" }).waitFor();
  await status(page).getByText("Offline · 2 changes waiting to sync", { exact: true }).waitFor();
  assert.deepEqual(await (await context.request.get(`${BASE_URL}/api/progress/section`)).json(), []);

  await restoreNetwork(context);
  await status(page).getByText("All changes saved", { exact: true }).waitFor();
  assert.deepEqual(await (await context.request.get(`${BASE_URL}/api/progress/section`)).json(), [
    { sectionNumber: q.sectionNumber, questionsAttempted: 1, questionsCorrect: 1 },
  ]);
  const mastery = await (await context.request.get(`${BASE_URL}/api/flashcard-mastery`)).json();
  assert.deepEqual(
    mastery.map((m) => m.mastered),
    [true],
    "the card rated Mastered is mastered on the server",
  );
  await context.close();
});

test("offline, a 10-question practice test is drawn and graded on the device, and the server records it once", async () => {
  const { context } = await signedInContext(browser);
  const me = await (await context.request.get(`${BASE_URL}/api/auth/user`)).json();
  const bank = new Map((await (await context.request.get(`${BASE_URL}/api/questions`)).json()).map((q) => [q.id, q]));
  const attempts = async () => await (await context.request.get(`${BASE_URL}/api/test-attempts`)).json();
  const page = await context.newPage();
  await visitOnline(page, me.id);

  await cutNetwork(context);
  await page.goto(`${BASE_URL}/test`); // served by the service worker, from the device's copy
  await page.getByRole("heading", { level: 1, name: "Practice Test" }).waitFor();
  // Only what the device can draw and grade is offered.
  await page.getByTestId("offline-setup").getByText("You are offline").waitFor();
  for (const pool of ["unused", "incorrect", "flagged"])
    assert.ok(await page.getByTestId(`pool-${pool}`).locator("input").isDisabled(), `${pool} needs the server`);
  assert.ok(await page.getByLabel("Have a test code?").isDisabled(), "test codes need the server");
  await page.getByText(/questions available for this choice/).waitFor();
  await page
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: "10 questions", exact: true }) })
    .click();
  await page.getByRole("button", { name: "Start Test" }).click();
  await page.getByText("Question 1 of 10", { exact: true }).waitFor();
  const drawn = await page.evaluate(([id]) => JSON.parse(localStorage.getItem(`jcba:practice-test:${id}`)), [me.id]);
  assert.equal(drawn.questions.length, 10);
  assert.equal(new Set(drawn.questions.map((q) => q.id)).size, 10, "ten different questions");
  assert.ok(new Set(drawn.questions.map((q) => q.sectionNumber)).size >= 5, "spread across the sections");
  for (const q of drawn.questions) assert.equal(q.correctAnswer, undefined, "the test keeps no answers");

  const given = [];
  for (let i = 0; i < 10; i++) {
    const q = bank.get(drawn.questions[i].id);
    const value = answerFor(q, i < 7);
    given.push({ questionId: q.id, userAnswer: value });
    if (q.questionType === "multiple-choice")
      await page
        .locator("label")
        .filter({ has: page.getByRole("radio", { name: value, exact: true }) })
        .click();
    else await page.getByPlaceholder("Type your answer here...").fill(value);
    if (i < 9) {
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText(`Question ${i + 2} of 10`, { exact: true }).waitFor();
    }
  }
  await page.getByRole("button", { name: "Submit Test" }).click();
  await page.getByRole("heading", { level: 1, name: "Test Results" }).waitFor();
  const marker = page.getByTestId("device-graded");
  await marker.getByText("Graded on this device, confirmed when synced").waitFor();
  await page.getByText("7 of 10 correct").waitFor();
  assert.match(await page.getByTestId("score").textContent(), /70%/);
  const id = new URL(page.url()).searchParams.get("review");
  assert.equal(id, drawn.id);
  await status(page).getByText("Offline · 1 change waiting to sync", { exact: true }).waitFor();
  const outbox = await page.evaluate(idbRead, ["jcba-outbox", "writes", `member:${me.id}`]);
  assert.equal(outbox.length, 1);
  assert.equal(outbox[0].kind, "test");
  assert.equal(outbox[0].id, id);
  assert.deepEqual(await attempts(), [], "nothing reached the server while offline");

  await restoreNetwork(context);
  await status(page).getByText("All changes saved", { exact: true }).waitFor();
  // The server's grading replaces the device's on screen, and it is the record.
  await marker.waitFor({ state: "hidden" });
  await page.getByText("7 of 10 correct").waitFor();
  const recorded = async () => {
    const list = await attempts();
    assert.equal(list.length, 1, "the test attempt is recorded once");
    assert.equal(list[0].id, id);
    assert.equal(list[0].score, 70);
    assert.equal(list[0].totalQuestions, 10);
    const result = await (await context.request.get(`${BASE_URL}/api/test-attempts/${id}`)).json();
    assert.deepEqual(
      result.review.map((r) => ({ questionId: r.id, userAnswer: r.userAnswer })),
      given,
      "its 10 answers, in order",
    );
    assert.equal(result.correctCount, 7);
  };
  await recorded();

  // Replaying the outbox twice more changes nothing: the first record stands.
  for (let round = 0; round < 2; round++) {
    const res = await context.request.post(`${BASE_URL}/api/test-attempts`, { data: outbox[0].input });
    assert.ok(res.ok(), `replay: ${res.status()}`);
    assert.equal((await res.json()).attempt.id, id);
  }
  await recorded();
  await context.close();
});

test("a network that leads nowhere (navigator.onLine still true) switches the practice-test set-up to the device", async () => {
  const { context } = await signedInContext(browser);
  const me = await (await context.request.get(`${BASE_URL}/api/auth/user`)).json();
  const page = await context.newPage();
  await visitOnline(page, me.id);
  await page.goto(`${BASE_URL}/test`);
  await page.getByText(/questions available for this choice/).waitFor();
  assert.equal(await page.getByTestId("offline-setup").count(), 0, "online: the server draws");
  // Every request fails, but the browser still believes it is online.
  await context.route("**/*", (route) => route.abort("connectionrefused"));
  assert.equal(await page.evaluate(() => navigator.onLine), true);
  await page.getByRole("button", { name: "Start Test" }).click();
  // The failed draw makes the app check the server, find it unreachable, and offer the device's draw.
  await page.getByTestId("offline-setup").getByText("You are offline").waitFor();
  await status(page).getByText("Offline", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Start Test" }).click();
  await page.getByText("Question 1 of 25", { exact: true }).waitFor();
  await context.close();
});

/** Reads the member's outbox in the page: its writes, or [] when it holds none. */
const outboxOf = async (page, userId) =>
  (await page.evaluate(idbRead, ["jcba-outbox", "writes", `member:${userId}`])) ?? [];

test("an outbox filled by one member is never recorded under another member's session", async () => {
  const { context } = await signedInContext(browser, { first: "Ana" });
  const ana = await (await context.request.get(`${BASE_URL}/api/auth/user`)).json();
  const questions = await questionsOf(context.request, 9);
  const page = await context.newPage();
  await visitOnline(page, ana.id);
  await cutNetwork(context);
  await page.goto(`${BASE_URL}/study/9`);
  await page.getByText(/^Question 1 of \d+$/).waitFor();
  await answerShown(page, questions, true);
  await status(page).getByText("Offline · 1 answer waiting to sync", { exact: true }).waitFor();

  // Someone else signs in on this device (another tab) while it is still offline: the API request
  // context shares the page's cookies but not its cut network. Only then does the connection return,
  // so every replay from here on meets Ben's session.
  const ben = await registerMember(context.request, "Ben", "Other");
  assert.notEqual(ben.email, ana.email);
  const refused = page.waitForResponse((r) => r.url().includes("/api/trpc/progress.questionAttempt"));
  await restoreNetwork(context);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  // The write names Ana; the server, seeing Ben signed in, refuses it and records nothing.
  const response = await refused;
  assert.equal(response.status(), 409);
  assert.equal(await response.request().headerValue("x-member-id"), String(ana.id));
  await status(page).getByText("1 answer waiting to sync", { exact: true }).waitFor();
  await until(
    page,
    ([title]) => document.querySelector('[data-testid="sync-status"]')?.getAttribute("title") === title,
    ["They wait for the member who made them to sign in"],
    "the header to say the answer waits for its member",
  );
  assert.equal((await outboxOf(page, ana.id)).length, 1, "the answer stays in Ana's outbox");
  assert.deepEqual(
    await (await context.request.get(`${BASE_URL}/api/progress/section`)).json(),
    [],
    "Ben's account holds none of Ana's answers",
  );

  // Ana signs in again: her answer goes to her account.
  const login = await context.request.post(`${BASE_URL}/api/login`, {
    data: { email: `${ana.email}`, password: "member-password-1" },
  });
  assert.ok(login.ok());
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await status(page).getByText("All changes saved", { exact: true }).waitFor();
  assert.deepEqual(await outboxOf(page, ana.id), []);
  const anaProgress = await (await context.request.get(`${BASE_URL}/api/progress/section`)).json();
  assert.equal(anaProgress[0].questionsAttempted, 1);
  await context.close();
});

test("online, an answer is one request: it names its member and no identity check goes before it", async () => {
  const { context } = await signedInContext(browser);
  const me = await (await context.request.get(`${BASE_URL}/api/auth/user`)).json();
  const questions = await questionsOf(context.request, 13);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/study/13`);
  await page.getByText(/^Question 1 of \d+$/).waitFor();
  // The app asks who is signed in twice as it starts (the first script, then the outbox's first
  // replay, which has nothing to send): let both happen before counting.
  await until(
    page,
    () => performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/api/auth/user")).length >= 2,
    undefined,
    "the app's start-up checks",
  );
  const calls = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path === "/api/auth/user" || path === "/api/trpc/progress.questionAttempt") calls.push(r);
  });
  const recorded = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/trpc/progress.questionAttempt");
  await answerShown(page, questions, true);
  assert.equal((await recorded).status(), 200);
  // Everything the app asked, from the answer until the server recorded it: the write alone.
  assert.deepEqual(
    calls.map((r) => new URL(r.url()).pathname),
    ["/api/trpc/progress.questionAttempt"],
  );
  assert.equal(await calls[0].headerValue("x-member-id"), String(me.id));
  await status(page).getByText("All changes saved", { exact: true }).waitFor();
  const progress = await (await context.request.get(`${BASE_URL}/api/progress/section`)).json();
  assert.deepEqual(progress, [{ sectionNumber: 13, questionsAttempted: 1, questionsCorrect: 1 }]);
  await context.close();
});

test("Chromium finds the signed-in app installable", async () => {
  // A profile on disk: Chromium never offers to install from an incognito-like context.
  const profile = mkdtempSync(join(tmpdir(), "jcba-install-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  await registerMember(context.request);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  await page.getByRole("heading", { level: 1, name: /^Welcome back/ }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  assert.deepEqual(installabilityErrors, []);
  const manifest = await (await context.request.get(`${BASE_URL}/manifest.webmanifest`)).json();
  assert.equal(manifest.display, "standalone");
  assert.equal(manifest.start_url, "/");
  for (const size of ["192x192", "512x512"]) assert.ok(manifest.icons.some((i) => i.sizes === size));
  assert.ok(manifest.icons.some((i) => i.purpose === "maskable"));
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test("Logout with writes still waiting warns first, and signing out removes the member's data from the device", async () => {
  const { context } = await signedInContext(browser);
  const me = await (await context.request.get(`${BASE_URL}/api/auth/user`)).json();
  const questions = await questionsOf(context.request, 11);
  const page = await context.newPage();
  await visitOnline(page, me.id);
  // The server fails every answer for now: it waits in the outbox.
  await page.route("**/api/trpc/progress.questionAttempt**", (route) => route.fulfill({ status: 503, body: "" }));
  await page.goto(`${BASE_URL}/study/11`);
  await page.getByText(/^Question 1 of \d+$/).waitFor();
  await answerShown(page, questions, true);
  await status(page).getByText("1 answer waiting to sync", { exact: true }).waitFor();

  const warning = page.waitForEvent("dialog");
  await page.getByRole("link", { name: "Logout" }).click();
  const dialog = await warning;
  assert.match(dialog.message(), /^1 answer waiting to sync\. .*lost if you sign out now/);
  await dialog.dismiss();
  await status(page).getByText("1 answer waiting to sync", { exact: true }).waitFor();
  assert.equal((await context.request.get(`${BASE_URL}/api/auth/user`)).status(), 200, "still signed in");

  page.once("dialog", (d) => d.accept());
  await page.getByRole("link", { name: "Logout" }).click();
  await page.getByRole("link", { name: "Sign In" }).waitFor();
  const left = await page.evaluate(
    async ([id]) => ({
      outbox: await new Promise((resolve) => {
        const open = indexedDB.open("jcba-outbox");
        open.onsuccess = () => {
          const req = open.result.transaction("writes").objectStore("writes").get(`member:${id}`);
          req.onsuccess = () => resolve(req.result ?? null);
        };
      }),
      cache: await new Promise((resolve) => {
        const open = indexedDB.open("jcba-cache");
        open.onsuccess = () => {
          const req = open.result.transaction("queries").objectStore("queries").get(`member:${id}`);
          req.onsuccess = () => resolve(req.result ?? null);
        };
      }),
      bank: await new Promise((resolve) => {
        const open = indexedDB.open("jcba-cache");
        open.onsuccess = () => {
          const req = open.result.transaction("queries").objectStore("queries").getAllKeys();
          req.onsuccess = () => resolve(req.result.filter((k) => k.startsWith(`member:${id}:bank`)));
        };
      }),
      member: localStorage.getItem("jcba.member"),
    }),
    [me.id],
  );
  // Nothing of the member is left: no outbox, no saved cache or bank (not even from a save that was
  // already scheduled when the cache was emptied), no record of who signed in last.
  assert.deepEqual(left, { outbox: null, cache: null, bank: [], member: null });
  await context.close();
});
