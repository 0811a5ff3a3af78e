import { describe, expect, it } from "vitest";
import { failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

describe("admin", () => {
  it("reports platform totals and users, without password hashes", async () => {
    await t.member("Zed", "Zimmer");
    const stats = await t.admin.call.admin.stats();
    expect(Object.keys(stats).sort()).toEqual(["totalAttempts", "totalFlashcards", "totalQuestions", "totalUsers"]);
    expect(stats).toMatchObject({ totalUsers: 2, totalFlashcards: 164, totalAttempts: 0 });
    const users = await t.admin.call.admin.users();
    expect(users.map((u) => [u.lastName, u.isAdmin])).toEqual([
      ["Admin", true],
      ["Zimmer", false],
    ]);
    for (const u of users) expect(u).not.toHaveProperty("passwordHash");
    expect(new Date(users[0]!.createdAt).toISOString()).toBe(users[0]!.createdAt);
  });

  it("is for admins only", async () => {
    const { call: member } = await t.member();
    expect((await failure(member.admin.stats())).code).toBe("FORBIDDEN");
    expect((await failure(member.admin.users())).code).toBe("FORBIDDEN");
    expect((await failure(t.signedOut.admin.users())).code).toBe("UNAUTHORIZED");
  });
});
