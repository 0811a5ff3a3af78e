/**
 * A plan to a date: 'know these sections by this date'. The daily goal that gets there (new items and
 * reviews) and whether the member is on track. A rule of thumb, stated so a member can check it:
 * - every question of the plan not yet seen is introduced during the first LEARN_SHARE of the days
 *   left, evenly, so the last days are for reviews only;
 * - an item then needs a review after 1, 3, 7, 15, … days (each interval about twice the one before,
 *   as FSRS's intervals grow for a recalled item): reviewsWithin(d) of them fit in the d days it has left;
 * - a seen item whose predicted recall on the date is already at the target needs none; one below it
 *   needs the reviews that fit in the days left.
 * The reviews are spread evenly over the days left.
 */
import { isSectionNumber } from "./sections.ts";

export const DEFAULT_PLAN_TARGET = 0.9;
export const MIN_PLAN_TARGET = 0.5;
export const MAX_PLAN_TARGET = 0.99;
/** The share of the days left in which new items are introduced. */
export const LEARN_SHARE = 0.8;
/** A plan is on track when its recall is at most this far below the straight line from start to target. */
export const ON_TRACK_SLACK = 0.02;

const DAY_MS = 86_400_000;

/** Whole days from one date (YYYY-MM-DD) to another; negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Reviews after the first sight that fit in `days` days at intervals 1, 2, 4, 8, … (days 1, 3, 7, 15, …). */
export const reviewsWithin = (days: number) => (days < 1 ? 0 : Math.floor(Math.log2(days + 1)));

export interface PlanItems {
  /** Questions of the plan's sections the member never reviewed. */
  unseen: number;
  /** Seen questions whose predicted recall on the plan's date is below the target. */
  belowTarget: number;
}

export interface DailyGoal {
  newItems: number;
  reviews: number;
  /** Whole days left, today included (0 once the date has passed). */
  daysLeft: number;
}

/**
 * The daily goal from today to the plan's date (the date itself is the last study day). With the date
 * today, everything left is today's goal.
 */
export function planDailyGoal(items: PlanItems, today: string, endDate: string): DailyGoal {
  const daysLeft = daysBetween(today, endDate) + 1;
  if (daysLeft <= 0) return { newItems: 0, reviews: 0, daysLeft: 0 };
  const learnDays = Math.max(1, Math.floor(daysLeft * LEARN_SHARE));
  const newItems = Math.ceil(items.unseen / learnDays);
  // Each day's new items, and the reviews they need in the days left after them.
  let reviews = items.belowTarget * reviewsWithin(daysLeft - 1);
  let toIntroduce = items.unseen;
  for (let day = 0; day < learnDays && toIntroduce > 0; day++) {
    const fresh = Math.min(newItems, toIntroduce);
    toIntroduce -= fresh;
    reviews += fresh * reviewsWithin(daysLeft - 1 - day);
  }
  return { newItems, reviews: Math.ceil(reviews / daysLeft), daysLeft };
}

export interface PlanProgress {
  /** The recall expected today on the straight line from the plan's start to its target. */
  expected: number;
  onTrack: boolean;
}

/** Whether the plan's sections are where the straight line from the start recall to the target says. */
export function planProgress(plan: {
  startDate: string;
  endDate: string;
  startRecall: number;
  target: number;
  today: string;
  recallNow: number;
}): PlanProgress {
  const span = Math.max(1, daysBetween(plan.startDate, plan.endDate));
  const elapsed = Math.min(span, Math.max(0, daysBetween(plan.startDate, plan.today)));
  const expected =
    plan.startRecall >= plan.target
      ? plan.target
      : plan.startRecall + ((plan.target - plan.startRecall) * elapsed) / span;
  return { expected, onTrack: plan.recallNow >= expected - ON_TRACK_SLACK };
}

/** Why a plan cannot be set, or null when it can. */
export function planProblem(plan: { sections: readonly number[]; endDate: string; target: number }, today: string) {
  if (plan.sections.length === 0) return "Choose at least one section.";
  const unknown = plan.sections.find((s) => !isSectionNumber(s));
  if (unknown !== undefined) return `Section ${unknown} does not exist: sections are 1 to 32.`;
  if (daysBetween(today, plan.endDate) < 1) return `The date must be after today (${today}).`;
  if (!(plan.target >= MIN_PLAN_TARGET && plan.target <= MAX_PLAN_TARGET))
    return `The target recall must be from ${MIN_PLAN_TARGET * 100} % to ${MAX_PLAN_TARGET * 100} %.`;
  return null;
}
