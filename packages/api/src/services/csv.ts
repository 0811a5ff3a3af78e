/**
 * CSV files read with papaparse a slice at a time: the parser pauses every few milliseconds and
 * resumes on the next turn of the event loop, so a large file (a bank, a 25,000-row roster) never
 * holds the server's other requests for more than a moment.
 */
import Papa from "papaparse";

/** How long parsing runs before it lets other requests run. */
const SLICE_MS = 10;

export interface ParsedCsv<T> {
  data: T[];
  errors: Papa.ParseError[];
}

export function parseCsvInSlices<T = Record<string, string>>(
  content: string,
  options: { header: boolean },
): Promise<ParsedCsv<T>> {
  return new Promise((resolve, reject) => {
    const data: T[] = [];
    const errors: Papa.ParseError[] = [];
    let sliceStarted = performance.now();
    Papa.parse<T>(content.replace(/^\uFEFF/, ""), {
      header: options.header,
      skipEmptyLines: "greedy",
      step(result, parser) {
        data.push(result.data);
        // papaparse counts rows from 0 in each step; the row is where we are.
        for (const error of result.errors) errors.push({ ...error, row: data.length - 1 });
        if (performance.now() - sliceStarted > SLICE_MS) {
          parser.pause();
          setImmediate(() => {
            sliceStarted = performance.now();
            parser.resume();
          });
        }
      },
      complete: () => resolve({ data, errors }),
      error: (error: Error) => reject(error),
    });
  });
}

/** Waits for the next turn of the event loop when the current slice of work has run `SLICE_MS`. */
export function sliceTimer(): () => Promise<void> {
  let started = performance.now();
  return async () => {
    if (performance.now() - started <= SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    started = performance.now();
  };
}
