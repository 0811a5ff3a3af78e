import { describe, expect, it } from "vitest";
import { getOrInsertComputed } from "./maps.ts";

describe("getOrInsertComputed", () => {
  it("makes a missing value once and keeps it", () => {
    const map = new Map<string, number[]>();
    let made = 0;
    const make = () => {
      made++;
      return [made];
    };
    const first = getOrInsertComputed(map, "a", make);
    expect(getOrInsertComputed(map, "a", make)).toBe(first);
    expect(made).toBe(1);
    expect(map.get("a")).toBe(first);
  });

  it("keeps a stored undefined or zero rather than making it again", () => {
    const map = new Map<string, number | undefined>([
      ["zero", 0],
      ["none", undefined],
    ]);
    expect(getOrInsertComputed(map, "zero", () => 1)).toBe(0);
    expect(getOrInsertComputed(map, "none", () => 1)).toBeUndefined();
  });

  it("works on a WeakMap keyed by objects, nested for two keys", () => {
    const outer = new WeakMap<object, Map<string, string>>();
    const bank = {};
    const view = (edition: string) =>
      getOrInsertComputed(
        getOrInsertComputed(outer, bank, () => new Map()),
        edition,
        (e) => `view of ${e}`,
      );
    expect(view("2016")).toBe("view of 2016");
    expect(outer.get(bank)?.get("2016")).toBe("view of 2016");
    expect(getOrInsertComputed(outer, {}, () => new Map()).size).toBe(0);
  });
});
