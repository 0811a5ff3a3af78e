import { describe, expect, it } from "vitest";
import { refetchUnlessReadSince } from "./readSince.ts";

const query = (dataUpdatedAt: number) => ({ state: { dataUpdatedAt } });

describe("refetchUnlessReadSince", () => {
  const askedAt = 1_000_000;
  it("keeps data the loader read on this visit", () => {
    expect(refetchUnlessReadSince(askedAt)(query(askedAt))).toBe(false);
    expect(refetchUnlessReadSince(askedAt)(query(askedAt + 250))).toBe(false);
  });
  it("reads again a copy older than the visit (restored from the device, or an earlier visit's)", () => {
    expect(refetchUnlessReadSince(askedAt)(query(askedAt - 1))).toBe("always");
  });
  it("reads when there is no data yet (dataUpdatedAt 0)", () => {
    expect(refetchUnlessReadSince(askedAt)(query(0))).toBe("always");
  });
});
