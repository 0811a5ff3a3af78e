import { describe, expect, it } from "vitest";
import { inQuietHours, localMinutes, type ReminderRule, reminderDue } from "./reminders.ts";

const rule: ReminderRule = {
  enabled: true,
  time: "18:00",
  quietStart: "22:00",
  quietEnd: "07:00",
  timeZone: "America/Denver",
  daysOff: [],
  lastSentOn: null,
};

describe("reminderDue", () => {
  it("is due from the chosen local time on, not before", () => {
    // 18:00 in Denver (UTC−7 in November) is 01:00 UTC the next day.
    expect(reminderDue(rule, new Date("2026-11-27T00:59:00Z"))).toEqual({ date: "2026-11-26", due: false });
    expect(reminderDue(rule, new Date("2026-11-27T01:00:00Z"))).toEqual({ date: "2026-11-26", due: true });
  });
  it("goes out once a local day", () => {
    expect(reminderDue({ ...rule, lastSentOn: "2026-11-26" }, new Date("2026-11-27T02:00:00Z")).due).toBe(false);
  });
  it("never on a day off nor in quiet hours, nor when turned off", () => {
    const at = new Date("2026-11-27T02:00:00Z");
    expect(reminderDue({ ...rule, daysOff: ["2026-11-26"] }, at).due).toBe(false);
    expect(reminderDue({ ...rule, enabled: false }, at).due).toBe(false);
    expect(reminderDue({ ...rule, time: "23:00" }, new Date("2026-11-27T06:30:00Z")).due).toBe(false);
  });
  it("follows the member's time zone", () => {
    const tokyo = { ...rule, timeZone: "Asia/Tokyo" };
    // 18:00 in Tokyo (UTC+9) is 09:00 UTC.
    expect(reminderDue(tokyo, new Date("2026-11-26T08:59:00Z")).due).toBe(false);
    expect(reminderDue(tokyo, new Date("2026-11-26T09:00:00Z"))).toEqual({ date: "2026-11-26", due: true });
  });
});

describe("quiet hours", () => {
  it("span midnight when the start is after the end", () => {
    expect(inQuietHours(23 * 60, "22:00", "07:00")).toBe(true);
    expect(inQuietHours(6 * 60, "22:00", "07:00")).toBe(true);
    expect(inQuietHours(7 * 60, "22:00", "07:00")).toBe(false);
    expect(inQuietHours(13 * 60, "12:00", "14:00")).toBe(true);
    expect(inQuietHours(13 * 60, null, null)).toBe(false);
  });
  it("read the local clock", () => {
    expect(localMinutes("Asia/Kolkata", new Date("2026-11-26T00:00:00Z"))).toBe(5 * 60 + 30);
  });
});
