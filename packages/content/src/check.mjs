// Checks the study content data files: schema, counts, citations, duplicates.
// Plain ESM with no dependencies so it runs with bare `node` as well as under vitest.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "data");

/** Cards per section; they add up to the 164 the flashcard filter label states. */
export const FLASHCARD_COUNTS = {
  1: 5,
  2: 30,
  3: 5,
  4: 5,
  5: 5,
  6: 5,
  7: 5,
  8: 5,
  9: 4,
  10: 4,
  11: 5,
  12: 5,
  13: 5,
  14: 5,
  15: 4,
  16: 4,
  17: 5,
  18: 5,
  19: 4,
  20: 3,
  21: 4,
  22: 4,
  23: 4,
  24: 4,
  25: 4,
  26: 3,
  27: 3,
  28: 4,
  29: 4,
  30: 4,
  31: 4,
  32: 4,
};

export const MIN_QUESTIONS = 20;
export const MIN_MULTIPLE_CHOICE = 14;
export const MIN_FILL_IN = 3;
const FILL_IN_MAX_CHARS = 30;
const FILL_IN_MAX_WORDS = 3;
const BANNED_OPTIONS = /\b(all|none|both) of the (above|options|answers)\b/i;

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

/** Returns a list of problems for one parsed section file. */
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
  const questions = arrayOf("questions");
  const flashcards = arrayOf("flashcards");
  const keys = new Set();
  const keyPattern = new RegExp(`^s${String(s).padStart(2, "0")}-(q|f)[0-9]{2,3}$`);

  for (const q of questions) {
    const id = q.key ?? "(no key)";
    if (typeof q.key !== "string" || !keyPattern.test(q.key) || !q.key.includes("-q"))
      p(`${id}: key must look like s${String(s).padStart(2, "0")}-q01`);
    if (keys.has(q.key)) p(`${id}: duplicate key`);
    keys.add(q.key);
    if (q.type !== "multiple-choice" && q.type !== "fill-in-blank")
      p(`${id}: type must be multiple-choice or fill-in-blank`);
    if (typeof q.question !== "string" || q.question.trim().length < 15) p(`${id}: question text missing or too short`);
    if (typeof q.answer !== "string" || q.answer.trim() === "") p(`${id}: answer missing`);
    if (typeof q.explanation !== "string" || q.explanation.trim().length < 20)
      p(`${id}: explanation missing or too short`);
    else if (sentenceCount(q.explanation) > 3) p(`${id}: explanation has more than 3 sentences`);
    if (!isCitationOf(q.citation, s)) p(`${id}: citation "${q.citation}" is not a paragraph of section ${s}`);
    if (typeof q.source !== "string" || !/^https?:\/\//.test(q.source)) p(`${id}: source URL missing`);
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
    const id = f.key ?? "(no key)";
    if (typeof f.key !== "string" || !keyPattern.test(f.key) || !f.key.includes("-f"))
      p(`${id}: key must look like s${String(s).padStart(2, "0")}-f01`);
    if (keys.has(f.key)) p(`${id}: duplicate key`);
    keys.add(f.key);
    if (typeof f.term !== "string" || f.term.trim() === "" || f.term.length > 80)
      p(`${id}: term missing or longer than 80 characters`);
    if (typeof f.definition !== "string" || f.definition.trim().length < 15)
      p(`${id}: definition missing or too short`);
    if (!isCitationOf(f.citation, s)) p(`${id}: citation "${f.citation}" is not a paragraph of section ${s}`);
    if (typeof f.source !== "string" || !/^https?:\/\//.test(f.source)) p(`${id}: source URL missing`);
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
  for (const pr of problems) console.log(`PROBLEM ${pr}`);
  console.log(problems.length === 0 ? "content OK" : `${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
