/**
 * The practice test's set-up as data: what the member chose, what each pool holds, and what test that
 * choice draws. Pure functions, shared by the set-up screen (what it shows) and the practice test's
 * controller (what it asks the server, or the device, to draw).
 */
import { MAX_TEST_QUESTIONS, SECTION_NUMBERS, TEST_LENGTHS } from "@jcba/domain";

export type LengthChoice = "10" | "25" | "50" | "all";
export type LimitChoice = "none" | "10" | "20" | "30" | "60";

export type PoolChoice = "all" | "unused" | "incorrect" | "flagged";
export type ModeChoice = "timed" | "tutor";

export interface SetupChoice {
  scope: "all" | "pick";
  picked: number[];
  length: LengthChoice;
  limit: LimitChoice;
  pool: PoolChoice;
  mode: ModeChoice;
  /** Building from Flagged: clear those flags once the test is drawn (only if the member says so). */
  clearFlags: boolean;
}

export const DEFAULT_SETUP: SetupChoice = {
  scope: "all",
  picked: [],
  length: "25",
  limit: "none",
  pool: "all",
  mode: "timed",
  clearFlags: false,
};

export const POOLS: { value: PoolChoice; label: string; description: string }[] = [
  { value: "all", label: "All", description: "Every question" },
  { value: "unused", label: "Unused", description: "Never answered" },
  { value: "incorrect", label: "Incorrect", description: "Latest answer wrong" },
  { value: "flagged", label: "Flagged", description: "Flagged to come back to" },
];

export const LENGTHS: { value: LengthChoice; label: string }[] = [
  ...TEST_LENGTHS.map((n) => ({ value: String(n) as LengthChoice, label: String(n) })),
  { value: "all", label: "All available" },
];

export const LIMITS: { value: LimitChoice; label: string }[] = [
  { value: "none", label: "No limit" },
  { value: "10", label: "10 minutes" },
  { value: "20", label: "20 minutes" },
  { value: "30", label: "30 minutes" },
  { value: "60", label: "60 minutes" },
];

/** Questions per section in each pool, as GET /api/practice-test/availability reports them. */
export type PoolCounts = Map<number, Record<"questions" | "unused" | "incorrect" | "flagged", number>>;
const poolKey = (pool: PoolChoice) => (pool === "all" ? "questions" : pool);
/** How many questions of `pool` a section has. */
export const countIn = (counts: PoolCounts, section: number, pool: PoolChoice) =>
  counts.get(section)?.[poolKey(pool)] ?? 0;

export function chosenSections(choice: SetupChoice): number[] {
  return choice.scope === "all" ? [...SECTION_NUMBERS] : [...choice.picked].sort((a, b) => a - b);
}

/** How many questions of `pool` (the chosen one by default) the chosen sections have together. */
export const availableFor = (counts: PoolCounts, choice: SetupChoice, pool: PoolChoice = choice.pool) =>
  chosenSections(choice).reduce((sum, s) => sum + countIn(counts, s, pool), 0);

/** The draw request for a choice: 'all' or '1,7', and the number of questions the test will have. */
export function drawRequest(choice: SetupChoice, available: number) {
  const sections = choice.scope === "all" ? "all" : chosenSections(choice).join(",");
  const wanted = choice.length === "all" ? MAX_TEST_QUESTIONS : Number(choice.length);
  return { sections, count: Math.min(wanted, available), pool: choice.pool };
}

export const limitSecondsOf = (choice: SetupChoice) => (choice.limit === "none" ? null : Number(choice.limit) * 60);

/** What the set-up screen says of a choice: questions available, the test's length, whether it can start. */
export function setupSummary(choice: SetupChoice, counts: PoolCounts | undefined) {
  const available = counts ? availableFor(counts, choice) : undefined;
  const { count } = drawRequest(choice, available ?? 0);
  return {
    sections: chosenSections(choice),
    available,
    count,
    /** Fewer questions than the length asked for. */
    short: choice.length !== "all" && count < Number(choice.length),
    noneChosen: choice.scope === "pick" && choice.picked.length === 0,
    limitLabel: LIMITS.find((l) => l.value === choice.limit)!.label,
  };
}
export type SetupSummary = ReturnType<typeof setupSummary>;
