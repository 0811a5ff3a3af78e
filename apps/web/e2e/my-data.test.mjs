/** Account → My Data: 'Download my data' as JSON and as CSV files in a zip, and 'Delete my account'. */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import { expectNoSeriousA11yViolations } from "./checks.mjs";
import { BASE_URL, browser, signedInContext, withBrowser } from "./helpers.mjs";
import { answerViaApi, questionsOf } from "./study-data.mjs";

withBrowser();

async function downloaded(page, button) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: button, exact: true }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test("Download my data gives every answer the member gave, as JSON and as CSV files in a zip", async () => {
  const { context, account } = await signedInContext(browser, { first: "Dora", last: "Data" });
  const [q] = await questionsOf(context.request, 16);
  await answerViaApi(context.request, q, true);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/account/data`);
  await page.getByRole("heading", { level: 1, name: "My Data" }).waitFor();
  await expectNoSeriousA11yViolations(page, "on My Data");

  const json = await downloaded(page, "Download JSON");
  assert.match(json.name, /^jcba-study-hub-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(json.bytes.toString("utf8"));
  assert.equal(data.profile.email, account.email);
  assert.deepEqual(
    data.answers.map((a) => [a.questionId, a.userAnswer, a.isCorrect]),
    [[q.id, q.correctAnswer, true]],
  );

  const zip = await downloaded(page, "Download CSV (zip)");
  assert.match(zip.name, /\.zip$/);
  const files = unzipSync(new Uint8Array(zip.bytes));
  const folder = zip.name.replace(/\.zip$/, "");
  const answers = strFromU8(files[`${folder}/answers.csv`]).trim().split(/\r?\n/);
  assert.equal(answers.length, 2, "a header and the one answer");
  assert.ok(answers[1].includes(String(q.id)));
  assert.ok(strFromU8(files[`${folder}/profile.csv`]).includes(account.email));
  await context.close();
});

test("Delete my account asks for the password and a confirmation, then the member is gone", async () => {
  const { context, account } = await signedInContext(browser, { first: "Del", last: "Eted" });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/account/data`);
  await page.getByRole("heading", { level: 1, name: "My Data" }).waitFor();

  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByText("Enter your password.").waitFor();
  await page.getByLabel("Your password").fill("not-my-password-at-all");
  await page.getByRole("button", { name: "Delete my account" }).click();
  // Changing one's mind closes the question and deletes nothing.
  await page.getByRole("alertdialog", { name: "Delete your account for good?" }).waitFor();
  await page.getByRole("button", { name: "Keep my account" }).click();
  await page.getByRole("alertdialog").waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("button", { name: "Delete for good" }).click();
  await page.getByText("That is not your password.").waitFor();
  assert.equal((await context.request.get(`${BASE_URL}/api/auth/user`)).status(), 200, "still there");

  await page.getByLabel("Your password").fill(account.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("button", { name: "Delete for good" }).click();
  await page.getByRole("link", { name: "Sign In" }).waitFor();
  assert.equal((await context.request.get(`${BASE_URL}/api/auth/user`)).status(), 401);
  const again = await context.request.post(`${BASE_URL}/api/login`, {
    data: { email: account.email, password: account.password },
  });
  assert.equal(again.status(), 401, "the account no longer exists");
  assert.deepEqual(await page.evaluate(() => Object.keys(localStorage)), [], "nothing of the member on the device");
  await context.close();
});
