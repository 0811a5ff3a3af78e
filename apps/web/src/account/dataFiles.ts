/**
 * 'Download my data' as files: the server's export document as one JSON file, or as one CSV file per
 * part in a zip (papaparse writes the CSV, fflate the zip; both load only when a member asks).
 */
import { strToU8, zipSync } from "fflate";
import Papa from "papaparse";
import type { RouterOutputs } from "../app/trpc.ts";

export type AccountExport = RouterOutputs["account"]["export"];

/** A cell as a spreadsheet reads it: lists joined by spaces, nothing for null. */
const cell = (value: unknown) => (Array.isArray(value) ? value.join(" ") : value === null ? "" : value);

/** One CSV text per part of the export (the profile and settings as one row each). */
export function csvFilesOf(data: AccountExport): Record<string, string> {
  const { exportedAt: _at, profile, settings, ...lists } = data;
  const parts: Record<string, Record<string, unknown>[]> = {
    profile: [profile],
    settings: settings ? [settings] : [],
    ...lists,
  };
  const files: Record<string, string> = {};
  for (const [name, rows] of Object.entries(parts)) {
    const fields = Object.keys(rows[0] ?? {});
    const table = rows.map((row) => fields.map((f) => cell(row[f])));
    // escapeFormulae: an answer typed as '=HYPERLINK(…)' stays text in a spreadsheet.
    files[`${name}.csv`] = Papa.unparse({ fields, data: table }, { escapeFormulae: true });
  }
  return files;
}

/** The CSV files in one zip, in a folder named for the download. */
export function zipOf(data: AccountExport, folder: string): Uint8Array<ArrayBuffer> {
  const entries = Object.fromEntries(
    Object.entries(csvFilesOf(data)).map(([name, csv]) => [`${folder}/${name}`, strToU8(csv)]),
  );
  return zipSync(entries) as Uint8Array<ArrayBuffer>;
}
