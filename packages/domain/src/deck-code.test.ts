import { describe, expect, it } from "vitest";
import { decodeDeck, encodeDeck, MAX_DECK_CARDS } from "./deck-code.ts";

describe("deck links", () => {
  it("round-trip a deck's ids in order", () => {
    const ids = [164, 1, 2_147_483_647, 36];
    expect(encodeDeck(ids)).toBe("4k.1.zik0zj.10");
    expect(decodeDeck(encodeDeck(ids))).toEqual(ids);
    expect(decodeDeck(" 4K.1 ")).toEqual([164, 1]);
  });

  it("drop a repeated card", () => {
    expect(decodeDeck("a.b.a")).toEqual([10, 11]);
  });

  it("refuse what is not a deck", () => {
    for (const raw of ["", "a..b", "0", "-1", "zik0zk", "a b", "1.2.x!", "12345678"])
      expect(decodeDeck(raw)).toBeNull();
    expect(decodeDeck(Array.from({ length: MAX_DECK_CARDS + 1 }, (_, i) => (i + 1).toString(36)).join("."))).toBeNull();
  });
});
