/**
 * Daily review reminders: whether a member's reminder goes out at an instant. At most one a day (the
 * member's local day), from the chosen time on, never in quiet hours nor on a day off (a flying day);
 * a reminder missed at its time (the server was down) still goes out later that day. Whether items
 * are due is the sender's question (it reads the queue).
 */
import { localDate } from "./review.ts";

export interface ReminderRule {
  enabled: boolean;
  /** "HH:MM", local. */
  time: string;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string;
  /** YYYY-MM-DD, local. */
  daysOff: readonly string[];
  lastSentOn: string | null;
}

export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes since local midnight at an instant in a time zone. */
export function localMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return part("hour") * 60 + part("minute");
}

/** Whether a local time falls in quiet hours; a window such as 22:00–07:00 spans midnight. */
export function inQuietHours(minutes: number, quietStart: string | null, quietEnd: string | null): boolean {
  if (!quietStart || !quietEnd) return false;
  const start = minutesOf(quietStart);
  const end = minutesOf(quietEnd);
  if (start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** The member's local date at `now`, and whether their reminder is due then. */
export function reminderDue(rule: ReminderRule, now: Date): { date: string; due: boolean } {
  const date = localDate(rule.timeZone, now);
  if (!rule.enabled || rule.lastSentOn === date || rule.daysOff.includes(date)) return { date, due: false };
  const minutes = localMinutes(rule.timeZone, now);
  return { date, due: minutes >= minutesOf(rule.time) && !inQuietHours(minutes, rule.quietStart, rule.quietEnd) };
}
