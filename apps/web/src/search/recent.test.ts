// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { forgetRecentSearches, readRecentSearches, rememberSearch } from "./recent.ts";

afterEach(() => localStorage.clear());

describe("recent searches", () => {
  it("keeps one list per member: one member's searches never show to another on the same device", () => {
    rememberSearch(1, "reserve days");
    rememberSearch(2, "hotel");
    expect(readRecentSearches(1)).toEqual(["reserve days"]);
    expect(readRecentSearches(2)).toEqual(["hotel"]);
    forgetRecentSearches(1);
    expect(readRecentSearches(1)).toEqual([]);
    expect(readRecentSearches(2)).toEqual(["hotel"]);
  });

  it("puts the newest first, once, and keeps six", () => {
    for (const q of ["a", "b", "c", "d", "e", "f", "g", "B"]) rememberSearch(3, q);
    expect(readRecentSearches(3)).toEqual(["B", "g", "f", "e", "d", "c"]);
  });
});
