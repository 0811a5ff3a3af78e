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
] as const;
export const FLASHCARD_COLUMNS = ["id", "sectionNumber", "term", "definition", "citation"] as const;

export interface ExportQuestion {
  id: number;
  sectionNumber: number;
  questionType: string;
  questionText: string;
  options: string[] | null;
  correctAnswer: string;
  explanation: string;
  citation: string | null;
}
export interface ExportFlashcard {
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
    }));
    return Papa.unparse(
      { fields: [...QUESTION_COLUMNS], data: flat.map((r) => QUESTION_COLUMNS.map((c) => r[c])) },
      { escapeFormulae: FORMULA_START },
    );
  }
  return Papa.unparse(
    {
      fields: [...FLASHCARD_COLUMNS],
      data: (rows as ExportFlashcard[]).map((f) => FLASHCARD_COLUMNS.map((c) => f[c] ?? "")),
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
};

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
  options: { defaultSection?: number | null } = {},
) {
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
    else if (id !== null && !existingIds.has(id))
      problems.push(`id: no ${kind === "questions" ? "question" : "flashcard"} has id ${id}.`);
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
    reports.push({ row, id, action: problems.length > 0 ? "invalid" : id === null ? "create" : "update", problems });
    if (problems.length === 0 && parsed.success)
      valid.push({ row, id, values: parsed.data, alternatives: moodle?.[index]?.alternatives ?? null });
  }
  // `candidates`: every row without problems, for a dry run to report the versions they would make.
  return {
    error: undefined,
    reports,
    valid: reports.some((r) => r.problems.length > 0) ? [] : valid,
    candidates: valid,
  };
}
