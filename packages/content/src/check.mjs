// Checks the study content data files: schema, counts, citations, sources, wording, duplicates.
// Plain ESM with no dependencies so it runs with bare `node` as well as under vitest.
//
// Source fields (what members see and what the checks enforce):
// - section file `sources`: [{ id, url, label, year }] — the sources recorded in the section's research
//   notes (ids S1, S2, … as there). `label` is the short human name shown to members ("AFA article,
//   Feb 6, 2019"); `year` is the year in that label, or null when the source is undated. `notesTag:
//   "context"` marks a source the notes use only in entries tagged context (facts about the JCBA as a
//   whole, recorded to explain the section, not its content): no item of the section may rest on it.
// - item `source` (URL) and `sourceLabel`: the source the item rests on and its label. The URL must be
//   one of the section's `sources` (and the label must then be that entry's label), or be written out
//   in the item's `sourceNote` (a one-line reviewer note saying where the source is recorded).
// - item `secondSource` (URL) and `secondSourceLabel` (optional): a second source stating the same fact,
//   held to the same rule as `source`.
// - an item resting on a TA2025 page (the rejected 2025 tentative agreement's redline pages, which show
//   the 2016 text mixed with proposed changes) needs either a dated 2016–2024 source as its other source,
//   or `basis: "ta2025-page-unchanged"` with a one-line `basisNote` saying why the paragraph on the TA
//   page shows no sign of change (no repeated numbering, no paired old/new or inserted wording).
// - fill-in `alternatives` (optional): other spellings accepted for the same answer. A whole-number
//   answer needs none for its word form: grading accepts it ("100" → "one hundred", @jcba/domain).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "data");

/** Cards per section; they add up to the 164 the flashcard filter label states. */
export const FLASHCARD_COUNTS = {
  1: 5,
  2: 26,
  3: 7,
  4: 7,
  5: 5,
  6: 5,
  7: 5,
  8: 5,
  9: 4,
  10: 3,
  11: 5,
  12: 5,
  13: 5,
  14: 5,
  15: 4,
  16: 4,
  17: 5,
  18: 6,
  19: 4,
  20: 3,
  21: 4,
  22: 4,
  23: 5,
  24: 4,
  25: 4,
  26: 3,
  27: 2,
  28: 4,
  29: 4,
  30: 3,
  31: 4,
  32: 5,
};

export const MIN_QUESTIONS = 20;
export const MIN_MULTIPLE_CHOICE = 14;
export const MIN_FILL_IN = 3;
const FILL_IN_MAX_CHARS = 30;
const FILL_IN_MAX_WORDS = 3;
const BANNED_OPTIONS = /\b(all|none|both) of the (above|options|answers)\b/i;
const LABEL_MAX_CHARS = 110;
const BASIS_UNCHANGED = "ta2025-page-unchanged";
const NOTES_TAG_CONTEXT = "context";
/** The union's 2025 tentative-agreement redline pages (rejected by the members). */
export const isTa2025Url = (url) => typeof url === "string" && /sites\.google\.com\/unitedafa\.org\/ta2025\//.test(url);
/** Wording that belongs in research notes, never in text a member reads. */
export const RESEARCH_WORDING = [
  /\b(not|never) (retrieved|captured)\b/i,
  /\bcould not be (read|retrieved|verified|found|confirmed)\b/i,
  /\b(retrieved|stored) (copy|page|text|excerpt)\b/i,
  /\b(was|were|is) cut off\b/i,
  /\bthe (research )?notes\b/i,
  /\bunverified\b/i,
  /\b(known|verified|found) here\b/i,
  /\bexcerpts?\b/i,
  /\bsearch(es)? (found|returned)\b/i,
];
const MEMBER_TEXT_FIELDS = ["question", "options", "answer", "alternatives", "explanation", "term", "definition"];
const normalize = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9§ ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const words = (s) =>
  new Set(
    normalize(s)
      .split(" ")
      .filter((w) => w.length > 2),
  );

function jaccard(a, b) {
  let inter = 0;
  for (const w of a) if (b.has(w)) inter++;
  const union = a.size + b.size - inter;
  return union === 0 ? 0 : inter / union;
}

/** Counts sentences, ignoring dots inside paragraph references such as 7.A.3 and abbreviations like U.S. */
export function sentenceCount(text) {
  const parts = text
    .trim()
    .split(/(?<![A-Z]\.[A-Z]|\b[A-Z]|\be\.g|\bi\.e|\bvs|\bNo|\bapprox)[.!?]["”’)]*\s+(?=[A-Z0-9§"“(])/)
    .filter((p) => p.trim().length > 0);
  return parts.length;
}

export function isCitationOf(citation, section) {
  if (typeof citation !== "string") return false;
  if (citation === `§${section}`) return true;
  return new RegExp(`^${section}(\\.[A-Za-z0-9]+)+$`).test(citation);
}

/** Problems with one item's sources, source labels, TA2025 basis and member-facing wording. */
function checkItemSources(item, id, sourcesByUrl, p) {
  const listed = (url) => sourcesByUrl.get(url);
  const inNote = (url) => typeof item.sourceNote === "string" && item.sourceNote.includes(url);
  const checkOne = (urlField, labelField) => {
    const url = item[urlField];
    const label = item[labelField];
    if (typeof label !== "string" || label.trim() === "" || label.length > LABEL_MAX_CHARS)
      p(`${id}: ${labelField} missing or longer than ${LABEL_MAX_CHARS} characters`);
    const entry = listed(url);
    if (entry) {
      if (typeof label === "string" && label !== entry.label)
        p(`${id}: ${labelField} "${label}" differs from the section's label "${entry.label}" for that source`);
    } else if (!inNote(url))
      p(`${id}: ${urlField} ${url} is not among the section's sources and not listed in sourceNote`);
    if (entry?.notesTag === NOTES_TAG_CONTEXT)
      p(
        `${id}: ${urlField} ${entry.id} backs only notes entries tagged context, which are not this section's content; teach the fact in the section whose notes place it`,
      );
    return entry;
  };
  checkOne("source", "sourceLabel");
  if (item.sourceNote !== undefined && (typeof item.sourceNote !== "string" || item.sourceNote.trim().length < 20))
    p(`${id}: sourceNote must be a sentence naming where the source is recorded`);
  let second;
  if (item.secondSource !== undefined) {
    if (typeof item.secondSource !== "string" || !/^https?:\/\//.test(item.secondSource))
      p(`${id}: secondSource must be a URL`);
    else if (item.secondSource === item.source) p(`${id}: secondSource repeats source`);
    else second = checkOne("secondSource", "secondSourceLabel") ?? { url: item.secondSource, year: null };
  } else if (item.secondSourceLabel !== undefined) p(`${id}: secondSourceLabel without secondSource`);

  const dated = (url) => {
    const e = listed(url);
    return !isTa2025Url(url) && e && typeof e.year === "number" && e.year >= 2016 && e.year <= 2024;
  };
  const onTa = isTa2025Url(item.source) || isTa2025Url(item.secondSource);
  if (item.basis !== undefined) {
    if (item.basis !== BASIS_UNCHANGED) p(`${id}: basis must be "${BASIS_UNCHANGED}"`);
    if (!onTa) p(`${id}: basis is only for items resting on a TA2025 page`);
    if (typeof item.basisNote !== "string" || item.basisNote.trim().length < 20 || /\n/.test(item.basisNote))
      p(`${id}: basisNote must be a one-line reason`);
  } else if (item.basisNote !== undefined) p(`${id}: basisNote without basis`);
  if (onTa && item.basis === undefined) {
    const other = isTa2025Url(item.source) ? item.secondSource : item.source;
    if (!(other && dated(other)))
      p(`${id}: rests on a TA2025 page without a second dated (2016–2024) source or a basis`);
  }
  void second;

  for (const field of MEMBER_TEXT_FIELDS) {
    const v = item[field];
    const texts = Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
    for (const t of texts)
      for (const re of RESEARCH_WORDING)
        if (typeof t === "string" && re.test(t)) p(`${id}: research wording in ${field}: "${t.match(re)[0]}"`);
  }
}

/** Returns a list of problems for one parsed section file. */
/** A contract edition's name (jcba-2016), as @jcba/domain's EDITION_SLUG. */
const EDITION_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function checkSection(file, expectedSection) {
  const problems = [];
  const p = (msg) => problems.push(`section ${expectedSection}: ${msg}`);
  if (file.section !== expectedSection) p(`"section" is ${file.section}, expected ${expectedSection}`);
  const s = expectedSection;
  const arrayOf = (field) => {
    if (Array.isArray(file[field])) return file[field];
    p(`${field} must be an array`);
    return [];
  };
  // The contract editions the file's items are true for (an item may name its own); slugs as in the editions table.
  const editionsProblem = (editions) =>
    !Array.isArray(editions) ||
    editions.length === 0 ||
    editions.some((e) => typeof e !== "string" || !EDITION_SLUG.test(e)) ||
    new Set(editions).size !== editions.length;
  if (editionsProblem(file.editions)) p(`"editions" must list the contract editions, like ["jcba-2016"]`);
  const itemEditions = (item, id) => {
    if (item.editions !== undefined && editionsProblem(item.editions))
      p(`${id}: editions must list contract editions, like ["jcba-2016"], when present`);
  };
  const questions = arrayOf("questions");
  const flashcards = arrayOf("flashcards");
  const sources = arrayOf("sources");
  const sourcesByUrl = new Map();
  const sourceIds = new Set();
  for (const src of sources) {
    const sid = src?.id ?? "(no id)";
    if (typeof src?.id !== "string" || !/^S[0-9]+$/.test(src.id) || sourceIds.has(src.id))
      p(`source ${sid}: id must be a unique S-number`);
    sourceIds.add(src?.id);
    if (typeof src?.url !== "string" || !/^https?:\/\//.test(src.url)) p(`source ${sid}: url missing`);
    if (typeof src?.label !== "string" || src.label.trim() === "" || src.label.length > LABEL_MAX_CHARS)
      p(`source ${sid}: label missing or longer than ${LABEL_MAX_CHARS} characters`);
    if (!(src?.year === null || (Number.isInteger(src?.year) && src.year >= 1990 && src.year <= 2100)))
      p(`source ${sid}: year must be a year or null`);
    if (src?.notesTag !== undefined && src.notesTag !== NOTES_TAG_CONTEXT)
      p(`source ${sid}: notesTag must be "${NOTES_TAG_CONTEXT}" when present`);
    if (typeof src?.url === "string" && !sourcesByUrl.has(src.url)) sourcesByUrl.set(src.url, src);
  }
  const keys = new Set();
  const keyPattern = new RegExp(`^s${String(s).padStart(2, "0")}-(q|f)[0-9]{2,3}$`);
  /** The item's name in messages, after checking its key (s01-q01 or s01-f01, unique) and editions. */
  const checkedId = (item, letter) => {
    const id = item.key ?? "(no key)";
    if (typeof item.key !== "string" || !keyPattern.test(item.key) || !item.key.includes(`-${letter}`))
      p(`${id}: key must look like s${String(s).padStart(2, "0")}-${letter}01`);
    if (keys.has(item.key)) p(`${id}: duplicate key`);
    keys.add(item.key);
    itemEditions(item, id);
    return id;
  };

  for (const q of questions) {
    const id = checkedId(q, "q");
    if (q.type !== "multiple-choice" && q.type !== "fill-in-blank")
      p(`${id}: type must be multiple-choice or fill-in-blank`);
    if (typeof q.question !== "string" || q.question.trim().length < 15) p(`${id}: question text missing or too short`);
    if (typeof q.answer !== "string" || q.answer.trim() === "") p(`${id}: answer missing`);
    if (typeof q.explanation !== "string" || q.explanation.trim().length < 20)
      p(`${id}: explanation missing or too short`);
    else if (sentenceCount(q.explanation) > 3) p(`${id}: explanation has more than 3 sentences`);
    if (!isCitationOf(q.citation, s)) p(`${id}: citation "${q.citation}" is not a paragraph of section ${s}`);
    if (typeof q.source !== "string" || !/^https?:\/\//.test(q.source)) p(`${id}: source URL missing`);
    else checkItemSources(q, id, sourcesByUrl, p);
    if (q.alternatives !== undefined && q.type !== "fill-in-blank")
      p(`${id}: only fill-in questions take alternatives`);
    if (q.type === "multiple-choice") {
      if (!Array.isArray(q.options) || q.options.length !== 4) p(`${id}: needs exactly 4 options`);
      else {
        if (q.options.some((o) => typeof o !== "string" || o.trim() === "")) p(`${id}: empty option`);
        if (new Set(q.options.map((o) => normalize(String(o)))).size !== 4) p(`${id}: options are not distinct`);
        if (!q.options.includes(q.answer)) p(`${id}: answer is not exactly one of the options`);
        if (q.options.some((o) => BANNED_OPTIONS.test(String(o)))) p(`${id}: 'all/none of the above' style option`);
      }
    } else if (q.type === "fill-in-blank") {
      if (q.options !== undefined && q.options !== null) p(`${id}: fill-in-blank must not have options`);
      if (typeof q.answer === "string") {
        const a = q.answer.trim();
        if (a.length > FILL_IN_MAX_CHARS || a.split(/\s+/).length > FILL_IN_MAX_WORDS)
          p(`${id}: fill-in answer "${a}" is not short`);
        if (a !== q.answer) p(`${id}: fill-in answer has surrounding spaces`);
        if (/\/|\bor\b|[()]/.test(a))
          p(`${id}: fill-in answer "${a}" must be one spelling; list others in alternatives`);
        const alts = q.alternatives ?? [];
        if (!Array.isArray(alts) || alts.some((x) => typeof x !== "string" || x.trim() === "" || x !== x.trim()))
          p(`${id}: alternatives must be a list of trimmed strings`);
        else {
          const lower = alts.map((x) => x.toLowerCase());
          if (new Set(lower).size !== lower.length || lower.includes(a.toLowerCase()))
            p(`${id}: alternatives repeat each other or the answer`);
        }
      }
    }
  }

  const mc = questions.filter((q) => q.type === "multiple-choice").length;
  const fib = questions.filter((q) => q.type === "fill-in-blank").length;
  if (questions.length < MIN_QUESTIONS) {
    if (typeof file.thinNote !== "string" || file.thinNote.trim().length < 20)
      p(
        `only ${questions.length} questions: needs ${MIN_QUESTIONS}, or a "thinNote" saying why the facts cannot carry more`,
      );
    if (questions.length < 1) p("needs at least one question");
  } else {
    if (mc < MIN_MULTIPLE_CHOICE) p(`only ${mc} multiple-choice questions (needs ${MIN_MULTIPLE_CHOICE})`);
    if (fib < MIN_FILL_IN) p(`only ${fib} fill-in-blank questions (needs ${MIN_FILL_IN})`);
  }

  for (const f of flashcards) {
    const id = checkedId(f, "f");
    if (typeof f.term !== "string" || f.term.trim() === "" || f.term.length > 80)
      p(`${id}: term missing or longer than 80 characters`);
    if (typeof f.definition !== "string" || f.definition.trim().length < 15)
      p(`${id}: definition missing or too short`);
    if (!isCitationOf(f.citation, s)) p(`${id}: citation "${f.citation}" is not a paragraph of section ${s}`);
    if (typeof f.source !== "string" || !/^https?:\/\//.test(f.source)) p(`${id}: source URL missing`);
    else checkItemSources(f, id, sourcesByUrl, p);
  }
  if (flashcards.length !== FLASHCARD_COUNTS[s])
    p(`has ${flashcards.length} flashcards, expected ${FLASHCARD_COUNTS[s]}`);
  return problems;
}

/** Finds duplicate or near-duplicate questions and flashcard terms across the whole bank. */
export function checkDuplicates(files) {
  const problems = [];
  const qs = files.flatMap((f) =>
    (f.questions ?? []).map((q) => ({
      key: q.key,
      text: String(q.question ?? ""),
      w: words(String(q.question ?? "")),
    })),
  );
  for (let i = 0; i < qs.length; i++)
    for (let j = i + 1; j < qs.length; j++) {
      if (normalize(qs[i].text) === normalize(qs[j].text))
        problems.push(`${qs[i].key} and ${qs[j].key}: same question`);
      else if (qs[i].w.size >= 4 && jaccard(qs[i].w, qs[j].w) >= 0.85)
        problems.push(`${qs[i].key} and ${qs[j].key}: near-duplicate questions`);
    }
  const terms = new Map();
  for (const f of files)
    for (const c of f.flashcards ?? []) {
      const t = normalize(String(c.term ?? ""));
      if (terms.has(t)) problems.push(`${terms.get(t)} and ${c.key}: same flashcard term`);
      else terms.set(t, c.key);
    }
  return problems;
}

/** Items resting on a TA2025 page, split by what backs them: a dated second source or the unchanged-page basis. */
export function ta2025Report(files) {
  const rows = [];
  for (const f of files) {
    const items = [...(f.data.questions ?? []), ...(f.data.flashcards ?? [])];
    const ta = items.filter((i) => isTa2025Url(i.source) || isTa2025Url(i.secondSource));
    rows.push({
      section: f.section,
      total: ta.length,
      confirmed: ta.filter((i) => i.basis === undefined).length,
      unchangedBasis: ta.filter((i) => i.basis === BASIS_UNCHANGED).length,
    });
  }
  return rows;
}

export function sectionFileName(section) {
  return `section-${String(section).padStart(2, "0")}.json`;
}

export function readAllSections(dir = DATA_DIR) {
  const present = new Set(readdirSync(dir));
  const files = [];
  for (let s = 1; s <= 32; s++) {
    const name = sectionFileName(s);
    if (present.has(name)) files.push({ section: s, data: JSON.parse(readFileSync(join(dir, name), "utf8")) });
  }
  return files;
}

/** Checks every section file; with `requireAll`, all 32 must exist and the deck must total 164. */
export function checkAll({ dir = DATA_DIR, requireAll = true } = {}) {
  const files = readAllSections(dir);
  const problems = [];
  if (requireAll && files.length !== 32) problems.push(`expected 32 section files, found ${files.length}`);
  for (const f of files) problems.push(...checkSection(f.data, f.section));
  problems.push(...checkDuplicates(files.map((f) => f.data)));
  const totalCards = files.reduce((n, f) => n + (f.data.flashcards?.length ?? 0), 0);
  if (requireAll && totalCards !== 164) problems.push(`deck has ${totalCards} cards, expected 164`);
  return { files, problems };
}

// `node src/check.mjs [--partial]` prints the problems and a count table.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { files, problems } = checkAll({ requireAll: !process.argv.includes("--partial") });
  for (const f of files) {
    const q = f.data.questions ?? [];
    const mc = q.filter((x) => x.type === "multiple-choice").length;
    console.log(
      `§${f.section}: ${q.length} questions (${mc} multiple-choice, ${q.length - mc} fill-in), ${(f.data.flashcards ?? []).length} flashcards`,
    );
  }
  const ta = ta2025Report(files);
  const sum = (k) => ta.reduce((n, r) => n + r[k], 0);
  console.log(
    `TA2025-page items: ${sum("total")} (${sum("confirmed")} with a dated second source, ${sum("unchangedBasis")} kept on the unchanged-page basis)`,
  );
  for (const pr of problems) console.log(`PROBLEM ${pr}`);
  console.log(problems.length === 0 ? "content OK" : `${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
