import { describe, expect, it } from "vitest";
import { failure, useTestApi } from "../test-helpers.ts";

const t = useTestApi();

describe("auth.user", () => {
  it("answers with the signed-in user, and UNAUTHORIZED when signed out", async () => {
    const { user, call } = await t.member("Kim", "Keeper");
    // The session's row also carries the study edition, which the user's answer leaves to GET /api/account/edition.
    const { studyEdition: _edition, ...shown } = user;
    expect(await call.auth.user()).toEqual({ ...shown, firstName: "Kim", lastName: "Keeper", isAdmin: false });
    expect((await t.admin.call.auth.user()).isAdmin).toBe(true);
    expect(await failure(t.signedOut.auth.user())).toEqual({ code: "UNAUTHORIZED", text: "Sign in to continue." });
  });
});
