/**
 * The passkey routes' answers to what a client may send without an authenticator: who may call them,
 * bad bodies, stale or foreign challenges. Each is a 4xx that writes nothing. (Real ceremonies run in
 * Chromium with a virtual authenticator: apps/web/e2e/passkeys.test.mjs.)
 */
import { passkeys } from "@jcba/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, member, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
const assertion = (challenge: string, id = "AAAA") => ({
  id,
  rawId: id,
  type: "public-key",
  clientExtensionResults: {},
  response: {
    clientDataJSON: b64({ type: "webauthn.get", challenge, origin: "http://localhost:3000" }),
    authenticatorData: "AAAA",
    signature: "AAAA",
  },
});
const count = async () => (await server.database.db.select().from(passkeys)).length;

describe("passkeys", () => {
  it("keeps Account → Passkeys to signed-in members (401)", async () => {
    const anonymous = new Client(server.url);
    for (const [method, path, body] of [
      ["GET", "/api/account/passkeys", undefined],
      ["POST", "/api/account/passkeys/options", {}],
      ["POST", "/api/account/passkeys", {}],
      ["POST", "/api/account/passkeys/confirm-options", {}],
      ["DELETE", "/api/account/passkeys/1", { password: "x" }],
    ] as const) {
      const res = await anonymous.call(method, path, body);
      expect([path, res.status]).toEqual([path, 401]);
    }
  });

  it("gives registration options for the member, with PUBLIC_URL's host as the relying party", async () => {
    const c = await member(server.url);
    const res = await c.post("/api/account/passkeys/options", {});
    expect(res.status).toBe(200);
    expect(res.body.rp).toEqual({ name: "JCBA Study Hub", id: "localhost" });
    expect(res.body.authenticatorSelection).toMatchObject({ residentKey: "required" });
    expect(res.headers.get("set-cookie")).toMatch(/jcba_webauthn=[^;]+;.*HttpOnly/i);
    expect((await c.get("/api/account/passkeys")).body).toEqual([]);
  });

  it("refuses bad bodies with 400 and writes nothing", async () => {
    const c = await member(server.url);
    const before = await count();
    for (const body of [
      {},
      { name: "", response: {} },
      { name: "laptop", response: { id: "not base64url!", rawId: "x", type: "public-key", response: {} } },
      {
        name: "a\u0007b",
        response: {
          id: "AA",
          rawId: "AA",
          type: "public-key",
          response: { clientDataJSON: "AA", attestationObject: "AA" },
        },
      },
      // Well formed, but no ceremony was started: the challenge is missing.
      {
        name: "laptop",
        response: {
          id: "AA",
          rawId: "AA",
          type: "public-key",
          response: { clientDataJSON: "AA", attestationObject: "AA" },
        },
      },
    ]) {
      const res = await c.post("/api/account/passkeys", body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body).toMatchObject({ code: "BAD_REQUEST", message: expect.any(String) });
    }
    // A started ceremony with a made-up answer.
    await c.post("/api/account/passkeys/options", {});
    const forged = await c.post("/api/account/passkeys", {
      name: "laptop",
      response: {
        id: "AA",
        rawId: "AA",
        type: "public-key",
        response: { clientDataJSON: "AA", attestationObject: "AA" },
      },
    });
    expect(forged.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("refuses a sign-in with an unknown challenge or credential with 401, and odd bodies with 400", async () => {
    const c = new Client(server.url);
    expect((await c.post("/api/passkeys/signin", {})).status).toBe(400);
    expect((await c.post("/api/passkeys/signin", { response: { id: 1 } })).status).toBe(400);
    const stale = await c.post("/api/passkeys/signin", { response: assertion("never-issued") });
    expect(stale.status).toBe(401);
    const options = await c.post("/api/passkeys/signin/options", {});
    expect(options.status).toBe(200);
    expect(options.body.rpId).toBe("localhost");
    const unknown = await c.post("/api/passkeys/signin", { response: assertion(options.body.challenge) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe("That passkey is not registered here.");
    expect(c.cookie).toBeNull();
    // The challenge was used up by that attempt.
    const [left] = await server.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM auth_flows WHERE kind = 'passkey-signin' AND data->>'challenge' = ${options.body.challenge}`,
    );
    expect(left!.n).toBe(0);
  });

  it("removal asks for proof: a wrong password or an unknown passkey is 400, a bad id 400, another's 404", async () => {
    const c = await member(server.url);
    expect((await c.call("DELETE", "/api/account/passkeys/1", {})).status).toBe(400);
    expect((await c.call("DELETE", "/api/account/passkeys/abc", { password: "member-password-1" })).status).toBe(400);
    expect((await c.call("DELETE", "/api/account/passkeys/1", { password: "wrong-password-123" })).status).toBe(400);
    expect((await c.call("DELETE", "/api/account/passkeys/999999", { password: "member-password-1" })).status).toBe(
      404,
    );
    expect((await c.call("DELETE", "/api/account/passkeys/1", { passkey: assertion("x") })).status).toBe(400);
    // Confirming with a passkey needs one.
    expect((await c.post("/api/account/passkeys/confirm-options", {})).status).toBe(400);
  });

  it("serves the sign-in page's passkey script and the library it loads on demand", async () => {
    const page = await (await fetch(`${server.url}/api/login`)).text();
    expect(page).toContain('src="/api/login/passkey.js"');
    expect(page).toContain('autocomplete="username webauthn"');
    const script = await fetch(`${server.url}/api/login/passkey.js`);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(await script.text()).toContain("/api/login/webauthn.js");
    const library = await fetch(`${server.url}/api/login/webauthn.js`);
    expect(await library.text()).toContain("SimpleWebAuthnBrowser");
  });
});
