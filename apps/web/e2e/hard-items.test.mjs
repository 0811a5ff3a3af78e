import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { api, BASE_URL, browser, DESKTOP, signedInContext, withBrowser } from "./helpers.mjs";
import { questionsOf } from "./study-data.mjs";

withBrowser();

const DAY = 24 * 60 * 60 * 1000;

/** One rating of a question, made `daysAgo` days ago (as a device's outbox replays it). */
async function rate(context, questionId, rating, daysAgo) {
  const res = await context.request.post(`${BASE_URL}/api/review`, {
    data: {
      id: randomUUID(),
      itemType: "question",
      itemId: questionId,
      rating,
      ratedAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
    },
  });
  assert.ok(res.ok(), `POST /api/review: ${res.status()}`);
}

/** Learnt, then forgotten six times over two months: the last lapse ten days ago, due again since. */
async function makeHard(context, questionId) {
  await rate(context, questionId, 4, 70);
  for (let k = 1; k <= 6; k++) {
    await rate(context, questionId, 1, 70 - 10 * k);
    if (k < 6) await rate(context, questionId, 4, 70 - 10 * k - 0.01);
  }
}

/** A new member whose first question of `section` is hard, with Review open on it (no new items). */
async function hardItemInReview(section) {
  const { context } = await signedInContext(browser, { viewport: DESKTOP });
  const patched = await context.request.patch(`${BASE_URL}/api/review/settings`, { data: { newPerDay: 0 } });
  assert.ok(patched.ok());
  const [question] = await questionsOf(context.request, section);
  await makeHard(context, question.id);
  const page = await context.newPage();
  await page.goto("/review");
  const hard = page.getByTestId("hard-item");
  await hard.waitFor();
  return { context, question, page, hard };
}

/** The member's writes waiting in the device's outbox (idb-keyval's store), read in the page. */
const waitingWrites = (userId) =>
  new Promise((resolve, reject) => {
    const open = indexedDB.open("jcba-outbox");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const conn = open.result;
      if (!conn.objectStoreNames.contains("writes")) return resolve([]);
      const req = conn.transaction("writes").objectStore("writes").get(`member:${userId}`);
      req.onsuccess = () => resolve(req.result ?? []);
      req.onerror = () => reject(req.error);
    };
  });

test("a hard item in Review: its explanation first, 'why did I miss it?' kept, then asked again; listed on Performance", async () => {
  const { context, question, page, hard } = await hardItemInReview(5);
  assert.equal((await hard.getByTestId("hard-item-explanation").innerText()).trim(), question.explanation.trim());
  await expectNoSeriousA11yViolations(page, "on a hard item in Review");
  await hard.getByRole("button", { name: "I misread the question" }).click();
  await hard.getByRole("status").getByText("Noted").waitFor();
  await hard.getByRole("button", { name: "Ask me again" }).click();
  await page.getByTestId("review-question").waitFor();
  assert.equal((await page.getByTestId("question-text").textContent()).trim(), question.questionText.trim());

  const listed = await api(context, "/review/hard-items");
  assert.deepEqual(listed.sections, [
    {
      sectionNumber: 5,
      items: [{ questionId: question.id, questionText: question.questionText, lapses: 6, lastReason: "misread" }],
    },
  ]);
  await page.goto("/performance");
  const section = page.getByTestId("hard-items");
  await section.getByText(question.questionText).waitFor();
  await section.getByText("I misread the question").waitFor();
  await context.close();
});

test("'why did I miss it?' answered offline is kept on the device, sent once the connection returns, and a replay changes nothing", async () => {
  const { context, question, page, hard } = await hardItemInReview(7);
  const { id: userId } = await api(context, "/auth/user");
  await context.setOffline(true);
  await hard.getByRole("button", { name: "I didn't know it" }).click();
  await hard.getByRole("status").getByText("Noted on this device: it is sent when you are back online.").waitFor();
  const [waiting] = await page.evaluate(waitingWrites, userId);
  assert.equal(waiting?.kind, "missReason");
  assert.deepEqual(waiting.input, { questionId: question.id, reason: "didnt-know", id: waiting.id });
  assert.match(waiting.id, /^[0-9a-f-]{36}$/);
  const lastReason = async () => (await api(context, "/review/hard-items")).sections[0].items[0].lastReason;
  assert.equal(await lastReason(), null, "nothing reached the server while offline");

  // Back online, but the server's answer is lost once: the outbox keeps the reason and sends it again
  // with the same id, and the server keeps it once.
  let lost = 0;
  await page.route("**/api/trpc/review.missReason**", async (route) => {
    if (lost > 0) return route.continue();
    await route.fetch();
    lost++;
    await route.abort("connectionreset");
  });
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  for (const end = Date.now() + 60_000; !(lost > 0 && (await lastReason()) === "didnt-know"); ) {
    if (Date.now() > end) throw new Error("timed out waiting for the server to keep the reason");
    await page.waitForTimeout(100); // polling the server's record, not an assertion delay
  }
  // The outbox sends it again (on the next online event or its retry) and then forgets it.
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  for (const end = Date.now() + 60_000; (await page.evaluate(waitingWrites, userId)).length > 0; ) {
    if (Date.now() > end) throw new Error("timed out waiting for the outbox to empty");
    await page.waitForTimeout(100); // polling the device's outbox, not an assertion delay
  }

  // A replay with the same id, even naming another reason, is answered with what was kept.
  const replay = await context.request.post(`${BASE_URL}/api/review/miss-reasons`, {
    data: { id: waiting.id, questionId: question.id, reason: "mixed-up" },
  });
  assert.ok(replay.ok(), `POST /api/review/miss-reasons: ${replay.status()}`);
  assert.equal((await replay.json()).reason, "didnt-know");
  assert.equal(await lastReason(), "didnt-know");
  await context.close();
});
