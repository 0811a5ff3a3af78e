import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, viewportShot } from "./checks.mjs";
import { api, BASE_URL, browser, DESKTOP, MOBILE, signedInContext, unique, withBrowser } from "./helpers.mjs";

withBrowser();

async function createCard(context, card) {
  const res = await context.request.post(`${BASE_URL}/api/flashcards`, { data: card });
  assert.ok(res.ok(), `POST /api/flashcards: ${res.status()} ${await res.text()}`);
  const all = await api(context, "/flashcards");
  return all.find((c) => c.term === card.term);
}

async function deleteCards(context, terms) {
  const all = await api(context, "/flashcards");
  for (const c of all.filter((x) => terms.includes(x.term)))
    await context.request.delete(`${BASE_URL}/api/flashcards/${c.id}`);
}

/** The one visible toast with this title; checks its style (success or error) and returns it. */
async function expectToast(page, title, type) {
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
  await toast.waitFor();
  assert.equal(await toast.getAttribute("data-type"), type, `toast '${title}' is ${type}`);
  return toast;
}

/** Records of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function csvRecords(text) {
  const records = [];
  let field = "";
  let record = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

async function openImport(page, kind) {
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: kind === "questions" ? "Import Questions" : "Import Flashcards" });
  await dialog.waitFor();
  return dialog;
}

async function chooseFile(dialog, name, text, mimeType = name.endsWith(".csv") ? "text/csv" : "application/json") {
  await dialog.getByTestId("import-file-input").setInputFiles({ name, mimeType, buffer: Buffer.from(text, "utf8") });
}

async function total(dialog, label) {
  return Number(await dialog.getByTestId(`import-total-${label}`).textContent());
}

const QUESTION_HEADER =
  "id,sectionNumber,questionType,questionText,option1,option2,option3,option4,correctAnswer,explanation,citation";
const FLASHCARD_HEADER = "id,sectionNumber,term,definition,citation";
// An export adds each item's editions and the item it replaces; files without those columns still import.
const EDITION_COLUMNS = ",editions,replaces";

test("an admin exports the question bank as CSV and as JSON, with the keyboard, and every question is in the file", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/admin/questions`);
  await page.getByRole("heading", { level: 1, name: "Manage Questions" }).waitFor();
  const all = await api(context, "/questions");
  assert.ok(all.length > 700, "the real bank is loaded");

  // CSV, chosen and started from the keyboard.
  const formatSelect = page.getByRole("combobox", { name: "Export format" });
  await formatSelect.focus();
  await formatSelect.selectOption("csv");
  await page.keyboard.press("Tab");
  const exportButton = page.getByRole("button", { name: "Export", exact: true });
  assert.equal(
    await exportButton.evaluate((el) => el === document.activeElement),
    true,
    "Tab moves from the format to Export",
  );
  let downloading = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  let download = await downloading;
  assert.match(download.suggestedFilename(), /^jcba-questions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  const records = csvRecords(csv.replace(/^\uFEFF/, ""));
  assert.equal(records[0].join(","), QUESTION_HEADER + EDITION_COLUMNS, "the header row");
  assert.equal(records.length - 1, all.length, "one CSV row per question");
  assert.deepEqual(
    new Set(records.slice(1).map((r) => Number(r[0]))),
    new Set(all.map((q) => q.id)),
    "every question id is in the file",
  );
  const sample = all.find((q) => q.options);
  const row = records.find((r) => Number(r[0]) === sample.id);
  assert.equal(row[3], sample.questionText);
  assert.deepEqual(row.slice(4, 8), sample.options);
  await expectToast(page, `Exported ${all.length} questions`, "success");

  // JSON.
  await formatSelect.selectOption("json");
  downloading = page.waitForEvent("download");
  await exportButton.click();
  download = await downloading;
  assert.match(download.suggestedFilename(), /^jcba-questions-\d{4}-\d{2}-\d{2}\.json$/);
  const items = JSON.parse(readFileSync(await download.path(), "utf8"));
  assert.equal(items.length, all.length, "one JSON item per question");
  assert.deepEqual(items.find((q) => q.id === sample.id).options, sample.options);
  await expectToast(page, `Exported ${all.length} questions`, "success");
  await context.close();
});

test("an admin exports the deck as CSV: the header row and one row per flashcard", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/admin/flashcards`);
  await page.getByRole("heading", { level: 1, name: "Manage Flashcards" }).waitFor();
  const all = await api(context, "/flashcards");
  await page.getByRole("combobox", { name: "Export format" }).selectOption("csv");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const download = await downloading;
  assert.match(download.suggestedFilename(), /^jcba-flashcards-\d{4}-\d{2}-\d{2}\.csv$/);
  const records = csvRecords(readFileSync(await download.path(), "utf8"));
  assert.equal(records[0].join(","), FLASHCARD_HEADER + EDITION_COLUMNS);
  assert.equal(records.length - 1, all.length);
  await expectToast(page, `Exported ${all.length} flashcards`, "success");
  await context.close();
});

test("a file with a bad row: the dry run shows the row and its problem, Import stays disabled and nothing is written", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const page = await context.newPage();
  const before = (await api(context, "/flashcards")).length;
  await page.goto(`${BASE_URL}/admin/flashcards`);
  await page.getByText(`${before} flashcards in all sections`, { exact: true }).waitFor();

  // Opened from the keyboard: focus starts on Choose file.
  await page.getByRole("button", { name: "Import", exact: true }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Import Flashcards" });
  await dialog.waitFor();
  const choose = dialog.getByRole("button", { name: "Choose file" });
  await page.waitForFunction(() => document.activeElement?.textContent?.includes("Choose file"));
  assert.equal(await choose.evaluate((el) => el === document.activeElement), true, "focus starts on Choose file");
  assert.equal(
    await dialog.getByTestId("import-apply").isDisabled(),
    true,
    "nothing to import before a file is chosen",
  );

  const goodTerm = `Import good ${unique()}`;
  const badTerm = `Import bad ${unique()}`;
  const file = JSON.stringify([
    { sectionNumber: 3, term: goodTerm, definition: "A good new card.", citation: null },
    { sectionNumber: 40, term: badTerm, definition: "Section 40 does not exist." },
  ]);
  let dryRuns = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/admin/import") && r.method() === "POST")
      dryRuns += JSON.parse(r.postData()).dryRun ? 1 : 0;
  });
  await chooseFile(dialog, "new-cards.json", file);
  await dialog.getByTestId("import-report").waitFor();
  assert.equal(dryRuns, 1, "the file was checked with a dry run");
  await dialog.getByText(/new-cards\.json \(\d+ bytes\)/).waitFor();
  assert.equal(await dialog.getByLabel("File format").inputValue(), "json", "the format comes from the extension");
  assert.equal(await total(dialog, "to-create"), 1);
  assert.equal(await total(dialog, "to-update"), 0);
  assert.equal(await total(dialog, "with-problems"), 1);
  await dialog.getByText("1 row has problems", { exact: true }).waitFor();
  const rows = dialog.getByTestId("import-problem-row");
  assert.equal(await rows.count(), 1, "only the bad row is listed");
  assert.equal((await rows.first().getByRole("cell").first().textContent()).trim(), "2", "the row number");
  await rows.first().getByText("sectionNumber: Section must be from 1 to 32.", { exact: true }).waitFor();
  assert.equal(
    await dialog.getByTestId("import-apply").isDisabled(),
    true,
    "Import is disabled while a row has problems",
  );
  assert.match(
    await dialog.getByTestId("import-announcement").textContent(),
    /Checked 2 rows: 1 to create, 0 to update, 1 with problems/,
  );
  await expectNoSeriousA11yViolations(page, "on the import report with a problem (light)");
  await viewportShot(page, "import-dialog-problems-desktop-light");

  // A file-level problem: a CSV file read as JSON, then the format set back by hand.
  await chooseFile(dialog, "cards.txt", `${FLASHCARD_HEADER}\n,3,${goodTerm},A good new card.,\n`, "text/plain");
  await dialog.getByTestId("import-report").waitFor();
  assert.equal(
    await dialog.getByLabel("File format").inputValue(),
    "csv",
    "a name without .json or .csv: the format is guessed from the content",
  );
  await dialog.getByLabel("File format").selectOption("json");
  await dialog.getByText("The file could not be read", { exact: true }).waitFor();
  await dialog.getByText(/^The file is not valid JSON/).waitFor();
  assert.equal(await dialog.getByTestId("import-apply").isDisabled(), true);
  await viewportShot(page, "import-dialog-file-error-desktop-light");
  await dialog.getByLabel("File format").selectOption("csv");
  await dialog.getByText("Every row is valid", { exact: true }).waitFor();
  assert.equal(
    await dialog.getByTestId("import-apply").isDisabled(),
    false,
    "the fixed format makes the file importable",
  );

  // Cancel writes nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
  assert.equal(
    await page.getByRole("button", { name: "Import", exact: true }).evaluate((el) => el === document.activeElement),
    true,
    "focus returns to Import",
  );
  const after = await api(context, "/flashcards");
  assert.equal(after.length, before, "nothing was written");
  assert.equal(
    after.some((c) => c.term === goodTerm || c.term === badTerm),
    false,
  );
  await page.getByText(`${before} flashcards in all sections`, { exact: true }).waitFor();
  await context.close();
});

test("a valid CSV file updates a card's definition and adds a card; the grid and the admin totals refresh", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const existingTerm = `Existing ${unique()}`;
  const newTerm = `Brand new ${unique()}`;
  const existing = await createCard(context, {
    sectionNumber: 7,
    term: existingTerm,
    definition: "The old definition.",
  });
  try {
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
    const before = (await api(context, "/flashcards")).length;
    assert.equal(Number(await page.getByTestId("stat-total-flashcards").textContent()), before);
    await page.getByRole("link", { name: "Manage Flashcards" }).click();
    await page.getByText(`${before} flashcards in all sections`, { exact: true }).waitFor();

    const dialog = await openImport(page, "flashcards");
    const csv = [
      FLASHCARD_HEADER,
      `${existing.id},7,${existingTerm},"The new definition, with a comma and ""quotes"".",7.B`,
      `,12,${newTerm},"A card that came from a CSV file.",`,
    ].join("\r\n");
    await chooseFile(dialog, "deck.csv", csv);
    await dialog.getByText("Every row is valid", { exact: true }).waitFor();
    assert.equal(await dialog.getByLabel("File format").inputValue(), "csv");
    assert.equal(await total(dialog, "to-create"), 1);
    assert.equal(await total(dialog, "to-update"), 1);
    assert.equal(await total(dialog, "with-problems"), 0);
    assert.equal(await dialog.getByTestId("import-problems").count(), 0);
    const apply = dialog.getByRole("button", { name: "Import 2 items" });
    assert.equal(await apply.isEnabled(), true);
    assert.equal((await api(context, "/flashcards")).length, before, "the dry run wrote nothing");
    await expectNoSeriousA11yViolations(page, "on the valid import report (light)");
    await viewportShot(page, "import-dialog-valid-desktop-light");

    await apply.click();
    await expectToast(page, "Imported 2 flashcards", "success");
    await dialog.waitFor({ state: "detached" });
    await page.getByText(`${before + 1} flashcards in all sections`, { exact: true }).waitFor();
    const newCard = page.getByTestId("flashcard-card").filter({ hasText: newTerm });
    await newCard.getByText("A card that came from a CSV file.", { exact: true }).waitFor();
    await newCard.getByText("Section 12", { exact: true }).waitFor();
    await page
      .getByTestId("flashcard-card")
      .filter({ hasText: existingTerm })
      .getByText('The new definition, with a comma and "quotes".', { exact: true })
      .waitFor();

    const after = await api(context, "/flashcards");
    assert.equal(after.length, before + 1, "one card was added");
    const updated = after.find((c) => c.id === existing.id);
    assert.equal(updated.definition, 'The new definition, with a comma and "quotes".');
    assert.equal(updated.citation, "7.B");

    // The admin totals were refreshed too (client-side navigation keeps the cached stats).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
    await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="stat-total-flashcards"]')?.textContent === String(n),
      before + 1,
      { timeout: 5000 },
    );
  } finally {
    await deleteCards(context, [existingTerm, newTerm]);
    await context.close();
  }
});

test("when the bank changes between the check and the import, 'Import failed' is shown, nothing is written and the file is checked again", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const goneTerm = `Soon deleted ${unique()}`;
  const newTerm = `Never added ${unique()}`;
  const gone = await createCard(context, {
    sectionNumber: 4,
    term: goneTerm,
    definition: "Deleted before the import.",
  });
  try {
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/admin/flashcards`);
    await page.getByRole("heading", { level: 1, name: "Manage Flashcards" }).waitFor();
    const dialog = await openImport(page, "flashcards");
    await chooseFile(
      dialog,
      "deck.json",
      JSON.stringify([
        { id: gone.id, sectionNumber: 4, term: goneTerm, definition: "Edited." },
        { sectionNumber: 4, term: newTerm, definition: "New." },
      ]),
    );
    await dialog.getByText("Every row is valid", { exact: true }).waitFor();
    await context.request.delete(`${BASE_URL}/api/flashcards/${gone.id}`);
    const before = (await api(context, "/flashcards")).length;

    await dialog.getByRole("button", { name: "Import 2 items" }).click();
    const toast = await expectToast(page, "Import failed", "error");
    await toast.getByText(/^400: 1 row\(s\) have problems; nothing was imported/).waitFor();
    // The dialog stays open and the new check names the row.
    await dialog.getByText("1 row has problems", { exact: true }).waitFor();
    await dialog
      .getByTestId("import-problem-row")
      .getByText(`id: no flashcard has id ${gone.id}.`, { exact: true })
      .waitFor();
    assert.equal(await dialog.getByTestId("import-apply").isDisabled(), true);
    const after = await api(context, "/flashcards");
    assert.equal(after.length, before, "nothing was written");
    assert.equal(
      after.some((c) => c.term === newTerm),
      false,
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
  } finally {
    await deleteCards(context, [goneTerm, newTerm]);
    await context.close();
  }
});

test("a large file: reading, then the upload's real progress, then the check step, with an accessible progress bar", async () => {
  const { context } = await signedInContext(browser, { admin: true });
  const page = await context.newPage();
  const exported = await api(context, "/admin/export?kind=questions&format=json");
  assert.ok(exported.content.length > 300_000, `the exported bank is large (${exported.content.length} characters)`);
  await page.goto(`${BASE_URL}/admin/questions`);
  await page.getByRole("heading", { level: 1, name: "Manage Questions" }).waitFor();
  const dialog = await openImport(page, "questions");

  // Record every label and every accessible name the bar shows, frame by frame.
  await page.evaluate(() => {
    window.__seen = [];
    const tick = () => {
      const label = document.querySelector('[data-testid="import-progress-label"]')?.textContent;
      const bar = document.querySelector('[data-testid="import-progress"] [role="progressbar"]');
      const entry = label
        ? `${label}|${bar?.getAttribute("aria-label")}|${bar?.getAttribute("aria-valuenow") ?? ""}`
        : null;
      if (entry && window.__seen.at(-1) !== entry) window.__seen.push(entry);
      requestAnimationFrame(tick);
    };
    tick();
  });
  // A slow uplink (about 150 KB/s), so the upload takes a few seconds.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 150 * 1024,
  });

  await chooseFile(dialog, "bank.json", exported.content);
  const bar = dialog.getByRole("progressbar", { name: /^Uploading… \d+%$/ });
  await bar.waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => window.__seen.some((e) => /^Uploading… ([1-9]\d?)%\|/.test(e)), null, {
    timeout: 15_000,
  });
  await viewportShot(page, "import-dialog-uploading-desktop-light");
  await dialog.getByTestId("import-report").waitFor({ timeout: 30_000 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const seen = await page.evaluate(() => window.__seen);
  const uploads = seen.filter((e) => e.startsWith("Uploading… ")).map((e) => e.split("|"));
  const percents = uploads.map(([label]) => Number(/(\d+)%/.exec(label)[1]));
  assert.ok(
    percents.some((p) => p > 0 && p < 100),
    `a partial upload was shown: ${seen.join(", ")}`,
  );
  for (let i = 1; i < percents.length; i++) assert.ok(percents[i] >= percents[i - 1], "the upload only moves forward");
  for (const [label, name, now] of uploads) {
    assert.equal(name, label, "the bar's accessible name is its label");
    assert.equal(now, /(\d+)%/.exec(label)[1], "aria-valuenow matches");
  }
  const checking = seen.findIndex((e) => e.startsWith("Checking…|Checking…|"));
  assert.ok(
    checking > seen.findIndex((e) => e.startsWith("Uploading… ")),
    `'Checking…' follows the upload: ${seen.join(", ")}`,
  );
  assert.ok(seen.findIndex((e) => e.startsWith("Reading the file…")) >= 0, "reading was shown");
  assert.equal(await dialog.getByTestId("import-progress").count(), 0, "the bar is gone once the report is in");

  const questions = await api(context, "/questions");
  assert.equal(await total(dialog, "to-update"), questions.length, "every exported question would be updated");
  assert.equal(await total(dialog, "to-create"), 0);
  assert.equal(await total(dialog, "with-problems"), 0);
  await dialog.getByRole("button", { name: `Import ${questions.length} items` }).waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await context.close();
});

test("the import dialog in dark mode and on a phone: no serious axe violations, no sideways scroll, 44 px targets", async () => {
  const bad = JSON.stringify([
    { sectionNumber: 3, term: "Fine", definition: "Fine." },
    { sectionNumber: 40, term: "", definition: "Section 40 and no term." },
    { id: 99999999, sectionNumber: 2, term: "Unknown id", definition: "No such card." },
  ]);
  for (const [viewport, scheme, name] of [
    [DESKTOP, "dark", "desktop-dark"],
    [MOBILE, "light", "mobile-light"],
    [MOBILE, "dark", "mobile-dark"],
  ]) {
    const { context } = await signedInContext(browser, { admin: true, viewport, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/admin/flashcards`);
    await page.getByTestId("flashcard-card").first().waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, `on /admin/flashcards with the transfer controls (${name})`);
    if (viewport === MOBILE) {
      await viewportShot(page, `transfer-controls-${name}`);
      for (const label of ["Import", "Export", "Add Flashcard"]) {
        const box = await page.getByRole("button", { name: label, exact: true }).boundingBox();
        assert.ok(box.height >= 44 && box.width >= 44, `${label} is ${box.width}x${box.height}`);
        assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${label} fits the screen`);
        const clipped = await page
          .getByRole("button", { name: label, exact: true })
          .evaluate((el) => el.scrollWidth - el.clientWidth);
        assert.ok(clipped <= 1, `${label}'s text fits its button (overflows by ${clipped}px)`);
      }
    }
    // A shorter grid behind the dialog keeps axe quick.
    await page.getByLabel("Filter by Section").selectOption("2");
    const dialog = await openImport(page, "flashcards");
    await expectNoSeriousA11yViolations(page, `on the empty import dialog (${name})`);
    await viewportShot(page, `import-dialog-empty-${name}`);
    await chooseFile(dialog, "bad.json", bad);
    await dialog.getByText("2 rows have problems", { exact: true }).waitFor();
    assert.equal(await dialog.getByTestId("import-problem-row").count(), 2);
    await dialog
      .getByTestId("import-problem-row")
      .filter({ hasText: "id 99999999" })
      .getByText("id: no flashcard has id 99999999.", { exact: true })
      .waitFor();
    await expectNoHorizontalScroll(page);
    const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(overflow <= 1, `the dialog scrolls sideways by ${overflow}px`);
    await expectNoSeriousA11yViolations(page, `on the import report (${name})`);
    await viewportShot(page, `import-dialog-problems-${name}`);
    await dialog.getByTestId("import-problems").scrollIntoViewIfNeeded();
    await viewportShot(page, `import-dialog-problem-table-${name}`);
    if (viewport === MOBILE) {
      for (const label of ["Choose another file", "Cancel"]) {
        const box = await dialog.getByRole("button", { name: label }).boundingBox();
        assert.ok(box.height >= 44, `${label} is ${box.height}px tall`);
      }
    }
    await chooseFile(dialog, "good.csv", `${FLASHCARD_HEADER}\n,3,Fine,Fine.,\n`);
    await dialog.getByText("Every row is valid", { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, `on a valid import report (${name})`);
    await viewportShot(page, `import-dialog-valid-${name}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await context.close();
  }
});
