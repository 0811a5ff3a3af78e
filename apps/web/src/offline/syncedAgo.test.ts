import { describe, expect, it } from "vitest";
import { syncedAgo, syncedAgoChangesIn } from "./syncedAgo.ts";

const at = "2026-11-28T10:00:00.000Z";
const after = (ms: number) => Date.parse(at) + ms;
const MIN = 60_000;

describe("syncedAgo", () => {
  it("says 'just now' for the first minute, and for a time a clock set back puts in the future", () => {
    expect(syncedAgo(at, after(0))).toBe("just now");
    expect(syncedAgo(at, after(59_999))).toBe("just now");
    expect(syncedAgo(at, after(-5 * MIN))).toBe("just now");
  });

  it("counts whole minutes, then hours, then days, in singular and plural", () => {
    expect(syncedAgo(at, after(MIN))).toBe("1 minute ago");
    expect(syncedAgo(at, after(59 * MIN + 59_000))).toBe("59 minutes ago");
    expect(syncedAgo(at, after(60 * MIN))).toBe("1 hour ago");
    expect(syncedAgo(at, after(23 * 60 * MIN + 59 * MIN))).toBe("23 hours ago");
    expect(syncedAgo(at, after(24 * 60 * MIN))).toBe("1 day ago");
    expect(syncedAgo(at, after(3 * 24 * 60 * MIN + 5 * MIN))).toBe("3 days ago");
  });

  it("says 'just now' for a time it cannot read rather than 'NaN minutes ago'", () => {
    expect(syncedAgo("not a time", after(10 * MIN))).toBe("just now");
  });
});

describe("syncedAgoChangesIn", () => {
  it("is the time until the words next change", () => {
    expect(syncedAgoChangesIn(at, after(0))).toBe(MIN);
    expect(syncedAgoChangesIn(at, after(90_000))).toBe(30_000);
    expect(syncedAgoChangesIn(at, after(61 * MIN))).toBe(59 * MIN);
    expect(syncedAgoChangesIn(at, after(25 * 60 * MIN))).toBe(23 * 60 * MIN);
  });

  it("is a minute for a time in the future or one it cannot read", () => {
    expect(syncedAgoChangesIn(at, after(-MIN))).toBe(MIN);
    expect(syncedAgoChangesIn("not a time", after(0))).toBe(MIN);
  });
});
