/**
 * Export and import of the question bank and the deck as JSON or CSV; questions are also imported from
 * Moodle's GIFT and Aiken formats (moodle-formats.ts). Parsing and checking are pure;
 * the router applies a checked file in one transaction, so an import is all-or-nothing.
 */

import { flashcardInput, questionInput } from "@jcba/validators/api";
import Papa from "papaparse";
import { z } from "zod";
import { parseCsvInSlices } from "../csv.ts";
import { GiftFileError, type MoodleRecord, parseAiken, parseGift } from "./moodle-formats.ts";

export type TransferKind = "questions" | "flashcards";
export type TransferFormat = "json" | "csv";
/** Moodle's question formats: imported, never exported, questions only. */
export type MoodleFormat = "gift" | "aiken";
export type ImportFormat = TransferFormat | MoodleFormat;

export const QUESTION_COLUMNS = [
  "id",
  "sectionNumber",
  "questionType",
  "questionText",
  "option1",
  "option2",
  "option3",
  "option4",
  "correctAnswer",
  "explanation",
  "citation",
  "editions",
  "replaces",
] as const;
export const FLASHCARD_COLUMNS = [
  "id",
  "sectionNumber",
  "term",
  "definition",
  "citation",
  "editions",
  "replaces",
] as const;

/**
 * The contract editions an item is true for and the item of an earlier edition it replaces
 * (docs/decisions/0013-editions-replace-items.md): one CSV column each, the editions separated by spaces.
 */
export interface ItemEditions {
  editions: string[];
  replaces: number | null;
}

export interface ExportQuestion extends ItemEditions {
  id: number;
  sectionNumber: number;
  questionType: string;
  questionText: string;
  options: string[] | null;
  correctAnswer: string;
  explanation: string;
  citation: string | null;
}
export interface ExportFlashcard extends ItemEditions {
  id: number;
  sectionNumber: number;
  term: string;
  definition: string;
  citation: string | null;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula: the
 * exported CSV prefixes such cells with an apostrophe (OWASP's CSV injection advice), and an import
 * removes that apostrophe again, so a file round-trips unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const unescapeFormula = (cell: string) =>
  cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;

/** Most rows one import may hold; bigger files are refused before any row is checked. */
export const MAX_IMPORT_ROWS = 5000;
/** Rows checked between two turns of the event loop, so a big import never stalls other requests. */
const ROWS_PER_TURN = 200;

export function serialize(
  kind: TransferKind,
  format: TransferFormat,
  rows: (ExportQuestion | ExportFlashcard)[],
): string {
  if (format === "json") return JSON.stringify(rows, null, 2);
  const editionCells = (item: ItemEditions) => ({
    editions: item.editions.join(" "),
    replaces: item.replaces ?? "",
  });
  if (kind === "questions") {
    const flat = (rows as ExportQuestion[]).map((q) => ({
      id: q.id,
      sectionNumber: q.sectionNumber,
      questionType: q.questionType,
      questionText: q.questionText,
      option1: q.options?.[0] ?? "",
      option2: q.options?.[1] ?? "",
      option3: q.options?.[2] ?? "",
      option4: q.options?.[3] ?? "",
      correctAnswer: q.correctAnswer,
      explanation: q.explanation,
      citation: q.citation ?? "",
      ...editionCells(q),
    }));
    return Papa.unparse(
      { fields: [...QUESTION_COLUMNS], data: flat.map((r) => QUESTION_COLUMNS.map((c) => r[c])) },
      { escapeFormulae: FORMULA_START },
    );
  }
  return Papa.unparse(
    {
      fields: [...FLASHCARD_COLUMNS],
      data: (rows as ExportFlashcard[]).map((f) => {
        const flat = { ...f, citation: f.citation ?? "", ...editionCells(f) };
        return FLASHCARD_COLUMNS.map((c) => flat[c]);
      }),
    },
    { escapeFormulae: FORMULA_START },
  );
}

export interface RowReport {
  /** 1-based row number in the file (the CSV header is row 0); for GIFT and Aiken, the line the question starts on. */
  row: number;
  id: number | null;
  action: "create" | "update" | "invalid";
  problems: string[];
}

export type CheckedRow<T> = {
  row: number;
  id: number | null;
  values: T;
  /** GIFT short answers: further spellings accepted as right. */
  alternatives?: string[] | null;
  /** The editions the row names; undefined keeps an item's (a new item gets the edition in force). */
  editions?: string[];
  /** The item the row replaces (null: none); undefined keeps an item's. */
  replaces?: number | null;
};

/** What an import checks rows against besides the file: the editions there are and each item's `replaces`. */
export interface ImportContext {
  defaultSection?: number | null;
  /** The editions' slugs (GET /api/editions). */
  editions?: ReadonlySet<string>;
  /** Every existing item's id and the item it replaces, to refuse a chain that comes back to itself. */
  replaces?: ReadonlyMap<number, number | null>;
}

const optionalId = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? null : v),
  z.coerce.number().int().positive().nullable(),
);

/**
 * GIFT and Aiken files are at most this long: 5,000 questions of ~400 characters. Checked before
 * parsing; a larger file is refused at once.
 */
export const MAX_MOODLE_CHARS = 2_000_000;
/** How long the import reads a Moodle file before it lets other requests run. */
const PARSE_SLICE_MS = 10;

async function parseRecords(
  format: ImportFormat,
  content: string,
  defaultSection: number | null,
): Promise<{ records: Record<string, unknown>[]; moodle?: MoodleRecord[]; error?: string }> {
  if (format === "gift" || format === "aiken") {
    if (content.length > MAX_MOODLE_CHARS)
      return {
        records: [],
        error: `The file is too large: GIFT and Aiken files may have at most ${MAX_MOODLE_CHARS.toLocaleString("en-US")} characters. Split it into smaller files.`,
      };
    const moodle: MoodleRecord[] = [];
    try {
      // Read in slices: a large file never holds the server's other requests for more than a moment.
      let sliceStarted = performance.now();
      for (const record of format === "gift"
        ? parseGift(content, defaultSection)
        : parseAiken(content, defaultSection)) {
        moodle.push(record);
        if (performance.now() - sliceStarted > PARSE_SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          sliceStarted = performance.now();
        }
      }
    } catch (e) {
      if (e instanceof GiftFileError) return { records: [], error: e.message };
      throw e;
    }
    return { records: moodle.map((m) => m.values), moodle };
  }
  if (format === "json") {
    try {
      const data = JSON.parse(content) as unknown;
      if (!Array.isArray(data)) return { records: [], error: "The JSON file must hold an array of items." };
      return { records: data as Record<string, unknown>[] };
    } catch (e) {
      return { records: [], error: `The file is not valid JSON: ${(e as Error).message}` };
    }
  }
  const parsed = await parseCsvInSlices<Record<string, string>>(content, { header: true });
  if (parsed.errors.length > 0) {
    const e = parsed.errors[0]!;
    return { records: [], error: `The CSV file could not be read (row ${(e.row ?? 0) + 1}): ${e.message}` };
  }
  return {
    records: parsed.data.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "string" ? unescapeFormula(v) : v])),
    ),
  };
}

/**
 * A row's `editions`: a list of slugs (in CSV, one cell with the slugs separated by spaces). Absent or
 * empty keeps the item's editions, as an older file without the column does; an unknown slug is a problem.
 */
function editionsOf(value: unknown, known: ReadonlySet<string>, problems: string[]): string[] | undefined {
  const list = typeof value === "string" ? value.split(/[\s,;]+/).filter((s) => s !== "") : (value ?? []);
  if (!Array.isArray(list) || !list.every((s) => typeof s === "string")) {
    problems.push("editions: must be a list of edition names, like jcba-2016.");
    return undefined;
  }
  if (list.length === 0) return undefined;
  const unknown = list.filter((slug) => !known.has(slug));
  if (unknown.length > 0)
    problems.push(`editions: there is no edition ${unknown.join(", ")} (GET /api/editions lists them).`);
  return [...new Set(list)];
}

/** A row's `replaces`: absent keeps the item's, empty or null means none, else the id of another item of the file's kind. */
function replacesOf(
  record: Record<string, unknown>,
  id: number | null,
  existingIds: ReadonlySet<number>,
  noun: string,
  problems: string[],
): number | null | undefined {
  if (!("replaces" in record)) return undefined;
  const parsed = optionalId.safeParse(record.replaces);
  if (!parsed.success) {
    problems.push(`replaces: must be empty or the id of the ${noun} this one replaces.`);
    return undefined;
  }
  const replaces = parsed.data;
  if (replaces === null) return null;
  if (!existingIds.has(replaces)) problems.push(`replaces: no ${noun} has id ${replaces}.`);
  else if (replaces === id) problems.push(`replaces: a ${noun} cannot replace itself.`);
  return replaces;
}

/**
 * Rows whose `replaces` would lead back to themselves (A replaces B replaces A), with the file's
 * changes applied over the bank's: each such row gets a problem.
 */
function replacesCycles(
  rows: { report: RowReport; replaces?: number | null }[],
  existing: ReadonlyMap<number, number | null>,
  noun: string,
) {
  const next = new Map(existing);
  for (const { report, replaces } of rows)
    if (report.id !== null && replaces !== undefined) next.set(report.id, replaces);
  for (const { report, replaces } of rows) {
    // A new item has no id to come back to; one naming itself is reported already.
    if (report.id === null || replaces == null || replaces === report.id) continue;
    const seen = new Set<number>();
    for (let at: number | null | undefined = replaces; at != null && !seen.has(at); at = next.get(at)) {
      if (at === report.id) {
        report.problems.push(`replaces: ${noun} ${replaces} already leads back to ${noun} ${report.id}.`);
        report.action = "invalid";
        break;
      }
      seen.add(at);
    }
  }
}

function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((i) => (i.path.length > 0 ? `${i.path.join(".")}: ${i.message}` : i.message));
}

/**
 * Checks every row of a file; returns the rows' reports and, when all are valid, their values. Yields
 * to the event loop every few hundred rows: checking thousands of rows takes long enough to be felt.
 */
export async function checkImport<K extends TransferKind>(
  kind: K,
  format: ImportFormat,
  content: string,
  existingIds: ReadonlySet<number>,
  options: ImportContext = {},
) {
  const noun = kind === "questions" ? "question" : "flashcard";
  const knownEditions = options.editions ?? new Set<string>();
  const linked: { report: RowReport; replaces?: number | null }[] = [];
  const reports: RowReport[] = [];
  const valid: CheckedRow<z.infer<typeof questionInput> | z.infer<typeof flashcardInput>>[] = [];
  if ((format === "gift" || format === "aiken") && kind !== "questions")
    return { error: "GIFT and Aiken files hold questions: import them as questions.", reports, valid };
  const { records, moodle, error } = await parseRecords(format, content, options.defaultSection ?? null);
  if (error) return { error, reports, valid };
  if (records.length === 0) return { error: "The file has no items.", reports, valid };
  if (records.length > MAX_IMPORT_ROWS)
    return {
      error: `The file has ${records.length} items; an import takes at most ${MAX_IMPORT_ROWS}. Split it into smaller files.`,
      reports,
      valid,
    };
  const seen = new Set<number>();
  for (const [index, raw] of records.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const row = moodle?.[index]?.line ?? index + 1;
    // A JSON file may hold anything in its array: a row that is not an object is reported, not crashed on.
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      reports.push({
        row,
        id: null,
        action: "invalid",
        problems: ["The item must be an object with the item's fields."],
      });
      continue;
    }
    const record = raw;
    const problems: string[] = [...(moodle?.[index]?.problems ?? [])];
    if (moodle && Object.keys(record).length === 0) {
      // Not a question the bank can hold (another GIFT type, a malformed block): only its problems.
      reports.push({ row, id: null, action: "invalid", problems });
      continue;
    }
    const idResult = optionalId.safeParse((record as { id?: unknown }).id);
    const id = idResult.success ? idResult.data : null;
    if (!idResult.success) problems.push("id: must be empty (new item) or the id of an existing item.");
    else if (id !== null && !existingIds.has(id)) problems.push(`id: no ${noun} has id ${id}.`);
    else if (id !== null && seen.has(id)) problems.push(`id: ${id} appears twice in the file.`);
    if (id !== null) seen.add(id);

    let candidate: Record<string, unknown> = { ...record };
    if (kind === "questions" && format === "csv") {
      const r = record as Record<string, string>;
      const options = [r.option1, r.option2, r.option3, r.option4].map((o) => o ?? "");
      candidate = {
        ...r,
        options: r.questionType === "fill-in-blank" && options.every((o) => o.trim() === "") ? null : options,
      };
    }
    if (candidate.citation === "") candidate.citation = null;
    const schema = kind === "questions" ? questionInput : flashcardInput;
    const parsed = schema.safeParse(candidate);
    if (!parsed.success) problems.push(...issuesOf(parsed.error));
    const editions = editionsOf((record as { editions?: unknown }).editions, knownEditions, problems);
    const replaces = replacesOf(record, id, existingIds, noun, problems);
    const report: RowReport = {
      row,
      id,
      action: problems.length > 0 ? "invalid" : id === null ? "create" : "update",
      problems,
    };
    reports.push(report);
    linked.push({ report, replaces });
    if (problems.length === 0 && parsed.success)
      valid.push({
        row,
        id,
        values: parsed.data,
        alternatives: moodle?.[index]?.alternatives ?? null,
        editions,
        replaces,
      });
  }
  replacesCycles(linked, options.replaces ?? new Map(), noun);
  const ok = new Set(reports.flatMap((r) => (r.problems.length === 0 ? [r.row] : [])));
  const candidates = valid.filter((c) => ok.has(c.row));
  // `candidates`: every row without problems, for a dry run to report the versions they would make.
  return {
    error: undefined,
    reports,
    valid: reports.some((r) => r.problems.length > 0) ? [] : candidates,
    candidates,
  };
}
