/** The 32 sections of the 2016–2021 JCBA in the three readings the product uses. */

export const SECTION_COUNT = 32;

/** Sidebar names, verbatim from the specification. */
export const SIDEBAR_SECTION_NAMES: readonly string[] = [
  "Recognition, Successorship and Mergers",
  "Definitions",
  "General",
  "Compensation",
  "Expenses, Transportation and Lodging",
  "Minimum Pay and Credit, Hours of Service",
  "Scheduling",
  "Reserve Scheduling Procedures",
  "Special Qualification Flight Attendants",
  "AMC",
  "Training",
  "Vacation",
  "Sick Leave",
  "Seniority",
  "Leaves of Absence",
  "Job Share and Partnership Flying",
  "Filling Vacancies",
  "Reduction in Personnel",
  "Safety, Health, and Security",
  "Physical Examinations",
  "Alcohol and Drug Testing",
  "Personnel Files",
  "Grievance Procedures",
  "System Board of Adjustment",
  "Uniforms",
  "Moving Expenses",
  "Missing, Interned, Hostage, or POW",
  "Commuter Program",
  "Insurance and Retirement",
  "Union Activities",
  "Union Security and Dues Check-Off",
  "Duration of Agreement",
];

/**
 * Flashcard-filter titles, verbatim from the specification. They differ from the sidebar in places
 * (positions 10, 11, 29–31); the specification keeps both readings, so only the differences are listed.
 */
const FLASHCARD_FILTER_DIFFERENCES: Readonly<Record<number, string>> = {
  10: "Uniforms",
  11: "Relocation Allowance",
  29: "Investigations and Discipline",
  30: "Check Airman Program",
  31: "General",
};

export const FLASHCARD_FILTER_SECTION_NAMES: readonly string[] = SIDEBAR_SECTION_NAMES.map(
  (name, i) => FLASHCARD_FILTER_DIFFERENCES[i + 1] ?? name,
);

/** The contract's own 2016 section titles, used where the dashboard shows longer names. */
export const CONTRACT_SECTION_TITLES: readonly string[] = [
  "Recognition, Scope, Successorship and Mergers",
  "Definitions",
  "General",
  "Compensation",
  "Expenses, Transportation and Lodging",
  "Minimum Pay and Credit, Hours of Service, and Contractual Legalities",
  "Scheduling",
  "Reserve Scheduling Procedures",
  "Special Qualification Flight Attendants",
  "AMC Operation",
  "Training & General Meetings",
  "Vacations",
  "Sick Leave",
  "Seniority",
  "Leaves of Absence",
  "Job Share and Partnership Flying Programs",
  "Filling of Vacancies",
  "Reduction in Personnel",
  "Safety, Health and Security",
  "Medical Examinations",
  "Alcohol and Drug Testing",
  "Personnel Files",
  "Investigations and Grievances",
  "System Board of Adjustment",
  "Uniforms",
  "Moving Expenses",
  "Missing, Interned, Hostage or Prisoner of War",
  "Commuter Program",
  "Benefits",
  "Union Activities",
  "Union Security and Check-Off",
  "Duration",
];

export const SECTION_NUMBERS: readonly number[] = Array.from({ length: SECTION_COUNT }, (_, i) => i + 1);

export function isSectionNumber(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= SECTION_COUNT;
}

function pick(list: readonly string[], section: number): string {
  const name = list[section - 1];
  if (name === undefined) throw new RangeError(`No section ${section}`);
  return name;
}

export const sidebarSectionName = (section: number) => pick(SIDEBAR_SECTION_NAMES, section);
export const flashcardFilterSectionName = (section: number) => pick(FLASHCARD_FILTER_SECTION_NAMES, section);
export const contractSectionTitle = (section: number) => pick(CONTRACT_SECTION_TITLES, section);

/** Parses the flashcards `?section=` parameter: an integer 1–32, or null for "all". */
export function parseSectionParam(raw: unknown): number | null | "invalid" {
  if (raw === undefined || raw === null || raw === "") return null;
  const n = typeof raw === "number" ? raw : /^\s*\d+\s*$/.test(String(raw)) ? Number(String(raw).trim()) : NaN;
  return isSectionNumber(n) ? n : "invalid";
}
