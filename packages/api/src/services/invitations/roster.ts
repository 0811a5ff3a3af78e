/**
 * An admin's roster, checked row by row: from CSV (email, first name, last name; a header row naming
 * them is optional, in any order) or a JSON list. Each row is valid, invalid, or a repeat of an
 * earlier row's address. Parsing and checking run in slices (csv.ts), so 25,000 rows never hold the
 * server's other requests for more than a moment.
 */
import { type Invitee, invitee, MAX_ROSTER_ROWS } from "@jcba/validators/invitations";
import { parseCsvInSlices, sliceTimer } from "../csv.ts";

export interface RosterEntry {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export interface RosterProblem {
  row: number;
  email: string;
  outcome: "invalid" | "duplicate";
  problems: string[];
}

export interface CheckedRoster {
  /** A problem with the whole roster (unreadable, too long); then nothing else is reported. */
  error: string | null;
  total: number;
  valid: (Invitee & { row: number })[];
  problems: RosterProblem[];
}

/** What a header cell may say for each column, letters only, lower case. */
const HEADER_NAMES: Record<string, keyof Invitee> = {
  email: "email",
  emailaddress: "email",
  mail: "email",
  firstname: "firstName",
  first: "firstName",
  givenname: "firstName",
  lastname: "lastName",
  last: "lastName",
  surname: "lastName",
  familyname: "lastName",
};
const headerKey = (cell: string) => HEADER_NAMES[cell.toLowerCase().replace(/[^a-z]/g, "")];

/** The rows of a CSV roster as entries, numbered from 1 after an optional header. */
export async function rosterFromCsv(csv: string): Promise<{ entries: RosterEntry[]; error: string | null }> {
  // One line ending throughout: papaparse takes the first line's for the whole file, and a roster
  // pasted together from several sources may mix them.
  const parsed = await parseCsvInSlices<string[]>(csv.replace(/\r\n?/g, "\n"), { header: false });
  const quoteError = parsed.errors.find((e) => e.type === "Quotes");
  if (quoteError)
    return {
      entries: [],
      error: `The CSV file could not be read (row ${(quoteError.row ?? 0) + 1}): ${quoteError.message}`,
    };
  let rows = parsed.data;
  let columns: (keyof Invitee | undefined)[] = ["email", "firstName", "lastName"];
  const first = rows[0];
  if (first?.some((cell) => headerKey(cell) === "email")) {
    columns = first.map(headerKey);
    rows = rows.slice(1);
  }
  if (rows.length > MAX_ROSTER_ROWS)
    return {
      entries: [],
      error: `The roster has ${rows.length.toLocaleString("en-US")} rows; at most ${MAX_ROSTER_ROWS.toLocaleString("en-US")} may be invited at once. Split it into smaller files.`,
    };
  const entries = rows.map((cells) => {
    const entry: RosterEntry = { email: "" };
    cells.forEach((cell, i) => {
      const key = columns[i];
      if (key) entry[key] = cell;
    });
    return entry;
  });
  return { entries, error: null };
}

/** Checks every entry: the invitee rules, and one row per address. */
export async function checkRoster(entries: RosterEntry[]): Promise<CheckedRoster> {
  const valid: CheckedRoster["valid"] = [];
  const problems: RosterProblem[] = [];
  const firstRowOf = new Map<string, number>();
  const pause = sliceTimer();
  for (let i = 0; i < entries.length; i++) {
    const row = i + 1;
    const entry = entries[i]!;
    const parsed = invitee.safeParse({
      email: entry.email ?? "",
      firstName: entry.firstName ?? "",
      lastName: entry.lastName ?? "",
    });
    if (!parsed.success) {
      problems.push({
        row,
        email: String(entry.email ?? "").slice(0, 320),
        outcome: "invalid",
        problems: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
      });
    } else {
      const earlier = firstRowOf.get(parsed.data.email);
      if (earlier !== undefined)
        problems.push({
          row,
          email: parsed.data.email,
          outcome: "duplicate",
          problems: [`email: ${parsed.data.email} is on row ${earlier} already.`],
        });
      else {
        firstRowOf.set(parsed.data.email, row);
        valid.push({ ...parsed.data, row });
      }
    }
    await pause();
  }
  return { error: null, total: entries.length, valid, problems };
}
