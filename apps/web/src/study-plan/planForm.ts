/**
 * The study plan form: what the member typed, checked before it is sent (the server checks the same
 * and has the last word: the date is 'after today' in the member's own time zone).
 */
import { DEFAULT_PLAN_TARGET, MAX_PLAN_TARGET, MIN_PLAN_TARGET } from "@jcba/domain";

export interface PlanFields {
  sections: number[];
  endDate: string;
  /** Whole percent, as typed. */
  target: string;
}

export const defaultTargetPercent = () => String(Math.round(DEFAULT_PLAN_TARGET * 100));

/** The day after `today` (YYYY-MM-DD): the earliest date a plan can end on. */
export const dayAfter = (today: string) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

export interface PlanFieldErrors {
  sections?: string;
  endDate?: string;
  target?: string;
}

/** The form's problems, per field; none when it can be sent. */
export function planFieldErrors(fields: PlanFields, today: string): PlanFieldErrors {
  const errors: PlanFieldErrors = {};
  if (fields.sections.length === 0) errors.sections = "Choose at least one section.";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.endDate)) errors.endDate = "Choose the date.";
  else if (fields.endDate <= today) errors.endDate = "Choose a date after today.";
  const min = Math.round(MIN_PLAN_TARGET * 100);
  const max = Math.round(MAX_PLAN_TARGET * 100);
  const target = Number(fields.target);
  if (fields.target.trim() === "" || !Number.isInteger(target) || target < min || target > max)
    errors.target = `Choose a whole number from ${min} to ${max}.`;
  return errors;
}

/** The request body of a valid form. */
export const planRequest = (fields: PlanFields) => ({
  sections: [...fields.sections].sort((a, b) => a - b),
  endDate: fields.endDate,
  targetRecall: Number(fields.target) / 100,
});
