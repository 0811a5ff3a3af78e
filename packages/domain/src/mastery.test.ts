import { describe, expect, it } from "vitest";
import { masteredIds } from "./mastery.ts";

describe("mastery", () => {
  it("counts distinct ids from saved records and local choices", () => {
    const ids = masteredIds(
      [
        { flashcardId: 1, mastered: true },
        { flashcardId: 2, mastered: true },
        { flashcardId: 3, mastered: false },
      ],
      new Map([
        [2, false],
        [4, true],
        [1, true],
      ]),
    );
    expect([...ids].sort()).toEqual([1, 4]);
  });
});
