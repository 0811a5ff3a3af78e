import { describe, expect, it } from "vitest";
import { AUDIT_GROUPS, AUDIT_KINDS } from "./audit-kinds.ts";

describe("audit kinds", () => {
  it("lists each kind once, as group.event or a single word", () => {
    expect(new Set(AUDIT_KINDS).size).toBe(AUDIT_KINDS.length);
    for (const kind of AUDIT_KINDS) expect(kind).toMatch(/^[a-z]+(\.[a-z]+)?$/);
  });

  it("offers each group once, in the order its kinds first appear, and no group for a single word", () => {
    expect(AUDIT_GROUPS).toEqual([
      "question",
      "flashcard",
      "report",
      "role",
      "user",
      "signin",
      "signup",
      "password",
      "token",
      "sso",
      "passkey",
      "account",
      "backup",
      "edition",
      "invitation",
      "email",
    ]);
  });
});
