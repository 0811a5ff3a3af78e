import { ITEM_FLAG_LABELS } from "@jcba/domain";
import type { RouterOutputs } from "../app/trpc.ts";

export type ItemAnalysisRow = RouterOutputs["analysis"]["itemAnalysis"]["questions"][number];

export const OPTION_LETTERS = ["A", "B", "C", "D"] as const;

export type SortKey =
  | "number"
  | "questionText"
  | "firstAnswers"
  | "facility"
  | "discrimination"
  | "medianTimeMs"
  | "needsChecking";

/** Rows sorted by a column; statistics not yet shown (under 30 answers) always go last. */
export function sortRows(rows: ItemAnalysisRow[], key: SortKey, ascending: boolean): ItemAnalysisRow[] {
  const value = (r: ItemAnalysisRow, i: number): number | string | null => {
    switch (key) {
      case "number":
        return i;
      case "questionText":
        return r.questionText.toLowerCase();
      case "needsChecking":
        return r.flags.length;
      default:
        return r[key];
    }
  };
  const indexed = rows.map((r, i) => ({ r, v: value(r, i) }));
  indexed.sort((a, b) => {
    if (a.v === null || b.v === null) return a.v === b.v ? 0 : a.v === null ? 1 : -1;
    const order = a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
    return ascending ? order : -order;
  });
  return indexed.map((x) => x.r);
}

export const percentText = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)} %`);
export const discriminationText = (d: number | null) => (d === null ? "—" : d.toFixed(2));
export const secondsText = (ms: number | null) => (ms === null ? "—" : `${(ms / 1000).toFixed(1)} s`);
export const optionCountsText = (r: ItemAnalysisRow) =>
  r.optionCounts ? r.optionCounts.map((n, i) => `${OPTION_LETTERS[i]}: ${n}`).join(", ") : "—";
export const flagsText = (r: ItemAnalysisRow) => r.flags.map((f) => ITEM_FLAG_LABELS[f]).join("; ");

/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and a leading = + - @ made inert
 * (OWASP's CSV-injection advice). Written here rather than pulling a CSV library into the web bundle.
 */
function cell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The table as CSV, with raw numbers (facility as a share 0–1, time in seconds). */
export function itemAnalysisCsv(rows: ItemAnalysisRow[]): string {
  const header = [
    "question_id",
    "question",
    "type",
    "first_answers",
    "facility",
    "discrimination",
    "median_seconds",
    ...OPTION_LETTERS.map((l) => `option_${l.toLowerCase()}`),
    "needs_checking",
    "flags",
  ];
  const lines = rows.map((r) =>
    [
      r.questionId,
      r.questionText,
      r.questionType,
      r.firstAnswers,
      r.facility === null ? null : Number(r.facility.toFixed(4)),
      r.discrimination === null ? null : Number(r.discrimination.toFixed(4)),
      r.medianTimeMs === null ? null : Number((r.medianTimeMs / 1000).toFixed(1)),
      ...OPTION_LETTERS.map((_, i) => r.optionCounts?.[i] ?? null),
      r.needsChecking ? "yes" : "no",
      flagsText(r),
    ]
      .map(cell)
      .join(","),
  );
  return `${[header.join(","), ...lines].join("\r\n")}\r\n`;
}
