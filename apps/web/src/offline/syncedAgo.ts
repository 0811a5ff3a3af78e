/**
 * How long ago the device last heard from the server, in words: "just now", "5 minutes ago",
 * "3 hours ago", "2 days ago". Written without Intl on purpose: the dashboard and Performance show it
 * on their first screen, and a page's first Intl format loads the browser's locale data, one long
 * task on a slow phone (decision 0023). The app speaks US English.
 */
import { plural } from "@jcba/domain";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function syncedAgo(at: string, now: number): string {
  const elapsed = now - Date.parse(at);
  // A clock set back a little, or a time not yet a minute old.
  if (!(elapsed >= MINUTE)) return "just now";
  if (elapsed < HOUR) return `${plural(Math.floor(elapsed / MINUTE), "minute")} ago`;
  if (elapsed < DAY) return `${plural(Math.floor(elapsed / HOUR), "hour")} ago`;
  return `${plural(Math.floor(elapsed / DAY), "day")} ago`;
}

/** When the words above next change, so a screen left open re-renders then and not every second. */
export function syncedAgoChangesIn(at: string, now: number): number {
  const elapsed = now - Date.parse(at);
  if (!(elapsed >= 0)) return MINUTE;
  const step = elapsed < HOUR ? MINUTE : elapsed < DAY ? HOUR : DAY;
  return step - (elapsed % step);
}
