import { describe, expect, it } from "vitest";
import { seededRandom } from "./practice-test.ts";
import { decodeTestCode, drawForCode, encodeTestCode } from "./test-code.ts";

const bank = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, sectionNumber: (i % 6) + 1 }));

describe("test codes", () => {
  it("round-trip both kinds", () => {
    const seed = {
      kind: "seed" as const,
      seed: 4_000_000_000,
      maxQuestionId: 345,
      createdAt: 1_790_000_000,
      count: 25,
      sections: [1, 7, 32],
    };
    expect(decodeTestCode(encodeTestCode(seed))).toEqual(seed);
    const list = { kind: "list" as const, questionIds: [5, 300, 41] };
    expect(decodeTestCode(encodeTestCode(list))).toEqual(list);
    expect(decodeTestCode(encodeTestCode(list).toLowerCase())).toEqual(list);
  });

  it("refuses malformed codes", () => {
    for (const bad of [
      "",
      "X-1",
      "S-1-2-3-4",
      "S-1-2-9-0-1",
      "S-1-2-9-3-0",
      "Q-",
      "Q-1.1",
      "Q-!",
      "S-ZZZZZZZZZ-1-1-1-1",
    ])
      expect(decodeTestCode(bad)).toBeNull();
  });

  it("draw the same questions in the same order, unaffected by questions added later", () => {
    const code = {
      kind: "seed" as const,
      seed: 1234,
      maxQuestionId: 120,
      createdAt: 1_790_000_000,
      count: 10,
      sections: [1, 2, 3],
    };
    const first = drawForCode(bank, code).map((q) => q.id);
    expect(first).toHaveLength(10);
    expect(drawForCode([...bank].reverse(), code).map((q) => q.id)).toEqual(first);
    const grown = [...bank, ...Array.from({ length: 30 }, (_, i) => ({ id: 200 + i, sectionNumber: 1 }))];
    expect(drawForCode(grown, code).map((q) => q.id)).toEqual(first);
    expect(drawForCode(bank, { ...code, seed: 99 }).map((q) => q.id)).not.toEqual(first);
  });

  it("has a seeded generator that repeats itself", () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
