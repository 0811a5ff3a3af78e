/** The OpenAPI document at /api/openapi.json and the page that renders it at /api/docs. */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { member, startServer, type TestServer } from "./harness.ts";
import { SPEC_CALLS, specCallsFromSpec } from "./spec-table.ts";

let server: TestServer;
let doc: any;
beforeAll(async () => {
  server = await startServer();
  doc = await (await fetch(`${server.url}/api/openapi.json`)).json();
});
afterAll(async () => {
  await server.stop();
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ call: `${method.toUpperCase()} /api${path}`, op })),
  );

/** Calls the app has beyond SPEC §7: practice tests, admin export/import, search, sign-in, sign-up and sign-out. */
/** The sign-in routes: open to anyone, so the only operations without a security requirement. */
const SIGN_IN = [
  "POST /api/login",
  "POST /api/register",
  "GET /api/logout",
  "POST /api/logout",
  // Issue 26: single sign-on.
  "GET /api/auth/oidc/start",
  "GET /api/auth/oidc/callback",
  // Issue 26: passkey sign-in.
  "POST /api/passkeys/signin/options",
  "POST /api/passkeys/signin",
  // Issue 26: password recovery.
  "POST /api/password/forgot",
  "POST /api/password/reset",
  // Issue 26: accepting an invitation.
  "POST /api/invitations/accept",
  // Issue 26: verified addresses.
  "POST /api/email/verify",
  "POST /api/email/verify/resend",
];
/** Passkeys are managed in a browser: the session cookie only, no API token. */
const COOKIE_ONLY = [
  "GET /api/account/passkeys",
  "POST /api/account/passkeys",
  "POST /api/account/passkeys/options",
  "POST /api/account/passkeys/confirm-options",
  "DELETE /api/account/passkeys/{id}",
];
const BEYOND_SPEC = [
  "POST /api/test-attempts",
  "GET /api/test-attempts/{id}",
  "GET /api/practice-test/questions",
  "GET /api/practice-test/availability",
  "GET /api/admin/export",
  "POST /api/admin/import",
  "GET /api/admin/item-analysis",
  "POST /api/account/password",
  "GET /api/account/tokens",
  "POST /api/account/tokens",
  "DELETE /api/account/tokens/{id}",
  "GET /api/search",
  "GET /api/review/queue",
  "POST /api/review",
  "GET /api/review/session",
  "GET /api/review/settings",
  "PATCH /api/review/settings",
  "GET /api/question-flags",
  "POST /api/question-flags",
  "POST /api/question-flags/clear",
  // Issue 12: report a problem, the admin queue, the audit trail and the member directory.
  "POST /api/reports",
  "GET /api/reports",
  "GET /api/admin/reports",
  "GET /api/admin/reports/open-count",
  "PATCH /api/admin/reports/{id}",
  "GET /api/admin/audit",
  "GET /api/admin/users/count",
  "PATCH /api/admin/users/{id}",
  // Issue 27: the memory model fitted to each member, the workload forecast, review reminders.
  "GET /api/review/model",
  "GET /api/review/workload",
  "POST /api/admin/review-model/fit",
  "GET /api/push/key",
  "POST /api/push/subscriptions",
  "DELETE /api/push/subscriptions/{id}",
  "GET /api/reminders",
  "PATCH /api/reminders",
  // Issue 26: e-mail and password recovery.
  "POST /api/admin/users/{id}/password-reset",
  "GET /api/admin/mail/failed",
  "POST /api/admin/mail/{id}/retry",
  // Issue 26: a member's own data.
  "GET /api/account/export",
  "DELETE /api/account",
  // Issue 27: readiness, its forecast and calibration.
  "GET /api/readiness",
  "GET /api/review/calibration",
  "GET /api/progress/confidence",
  // Issue 29: question and flashcard versions, restoring one, regrading past answers.
  "GET /api/admin/questions/{id}/versions",
  "GET /api/admin/flashcards/{id}/versions",
  "POST /api/admin/questions/{id}/versions/{version}/restore",
  "POST /api/admin/flashcards/{id}/versions/{version}/restore",
  "POST /api/admin/questions/{id}/regrade",
  // Issue 27: a plan to a date.
  "GET /api/study-plan",
  "PUT /api/study-plan",
  "DELETE /api/study-plan",
  // Issue 27: hard items.
  "GET /api/review/hard-items",
  "POST /api/review/miss-reasons",
  // Issue 29: contract editions.
  "GET /api/editions",
  "POST /api/admin/editions",
  "GET /api/account/edition",
  "PUT /api/account/edition",
  "GET /api/editions/{a}/changes/{b}",
  "POST /api/questions/{id}/revise",
  "POST /api/flashcards/{id}/revise",
  // Issue 26: invitations.
  "POST /api/admin/invitations",
  "GET /api/admin/invitations",
  "POST /api/admin/invitations/{id}/resend",
  "DELETE /api/admin/invitations/{id}",
  // Issue 26: verified addresses, a change of address, how a member signs in.
  "GET /api/account/sign-in",
  "POST /api/account/email",
  ...SIGN_IN,
  ...COOKIE_ONLY,
  // Issue 28: the embedded database's backups.
  "GET /api/admin/backups",
  "POST /api/admin/backups",
  "GET /api/admin/backups/{name}",
  // Issue 24: signed-in devices.
  "GET /api/account/devices",
  "DELETE /api/account/devices/{id}",
  "POST /api/account/devices/end-others",
];

describe("OpenAPI document", () => {
  const spec = specCallsFromSpec();
  it.skipIf(spec === null)("copies the SPEC §7 table faithfully (needs ../shared/SPEC.md)", () => {
    expect([...spec!].sort()).toEqual([...SPEC_CALLS].sort());
  });

  it("documents exactly the calls of SPEC §7 and the ones beyond it, at their exact method and path", () => {
    expect(SPEC_CALLS).toHaveLength(17);
    expect(
      operations()
        .map((o) => o.call)
        .sort(),
    ).toEqual([...SPEC_CALLS, ...BEYOND_SPEC].sort());
  });

  it("says that an admin's request for a fit answers 202", () => {
    expect(Object.keys(doc.paths["/admin/review-model/fit"].post.responses)).toContain("202");
    expect(Object.keys(doc.paths["/admin/review-model/fit"].post.responses)).not.toContain("200");
  });

  it("says that filing a report answers 201", () => {
    expect(Object.keys(doc.paths["/reports"].post.responses)).toContain("201");
    expect(Object.keys(doc.paths["/reports"].post.responses)).not.toContain("200");
  });

  it("describes the response shapes, including the cached list reads", () => {
    const items = doc.paths["/questions"].get.responses["200"].content["application/json"].schema.items;
    expect(Object.keys(items.properties).sort()).toEqual([
      "alternatives",
      "citation",
      "correctAnswer",
      "editions",
      "explanation",
      "id",
      "options",
      "questionText",
      "questionType",
      "secondSource",
      "secondSourceLabel",
      "sectionNumber",
      "source",
      "sourceLabel",
      "version",
    ]);
    expect(
      doc.paths["/flashcards"].get.responses["200"].content["application/json"].schema.items.properties,
    ).toHaveProperty("term");
  });

  it("tells a script how to sign in, sign up and sign out, with cookie and Bearer schemes", () => {
    expect(doc.components.securitySchemes).toMatchObject({
      cookieAuth: { type: "apiKey", in: "cookie", name: "jcba_session" },
      bearerAuth: { type: "http", scheme: "bearer" },
    });
    const login = doc.paths["/login"].post;
    expect(Object.keys(login.requestBody.content["application/json"].schema.properties).sort()).toEqual([
      "email",
      "password",
    ]);
    expect(login.responses["200"].content["application/json"].schema.properties.user.properties).toHaveProperty(
      "isAdmin",
    );
    expect(login.responses["200"].headers).toHaveProperty("Set-Cookie");
    expect(login.security).toEqual([]);
    expect(
      Object.keys(doc.paths["/register"].post.requestBody.content["application/json"].schema.properties).sort(),
    ).toEqual(["code", "email", "firstName", "lastName", "password"]);
    expect(Object.keys(doc.paths["/logout"]).sort()).toEqual(["get", "post"]);
    // Every procedure is protected: the cookie or a token.
    for (const { call, op } of operations())
      if (COOKIE_ONLY.includes(call)) expect([call, op.security]).toEqual([call, [{ cookieAuth: [] }]]);
      else if (!SIGN_IN.includes(call))
        expect([call, op.security]).toEqual([call, [{ cookieAuth: [] }, { bearerAuth: [] }]]);
  });

  it("declares the error body the server sends on every 4xx and 5xx of every operation", () => {
    expect(doc.components.schemas.Error.properties.issues.items.properties).toHaveProperty("path");
    for (const { call, op } of operations()) {
      const errors = Object.entries(op.responses as Record<string, any>).filter(
        ([status]) => !status.startsWith("2") && !status.startsWith("3"),
      );
      expect([call, errors.map(([s]) => s)]).toEqual([call, expect.arrayContaining(["4XX", "5XX"])]);
      for (const [status, response] of errors)
        expect([call, status, response.content["application/json"].schema]).toEqual([
          call,
          status,
          { $ref: "#/components/schemas/Error" },
        ]);
    }
    expect(Object.keys(doc.components.schemas).filter((name) => name.startsWith("error."))).toEqual([]);
  });

  it("matches the error bodies the server really sends, issues and their paths included", async () => {
    const errorBody = z.fromJSONSchema(doc.components.schemas.Error);
    const m = await member(server.url);
    const invalid = await m.post("/api/progress/question-attempt", { questionId: "x", userAnswer: 5 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues.length).toBeGreaterThan(0);
    expect(invalid.body.issues[0].path).toEqual(["questionId"]);
    const signedOut = await fetch(`${server.url}/api/auth/user`);
    const missing = await m.post("/api/progress/question-attempt", { questionId: 999999, userAnswer: "a" });
    const badLogin = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@test.local", password: "wrong-password" }),
    });
    for (const body of [invalid.body, await signedOut.json(), missing.body, await badLogin.json()])
      expect(errorBody.safeParse(body).error).toBeUndefined();
    // The schema can fail: an undeclared property is refused.
    expect(errorBody.safeParse({ ...invalid.body, stack: "x" }).success).toBe(false);
  });
});

describe("API docs page", () => {
  it("serves Swagger UI from this server's own files, with no inline script, under the CSP", async () => {
    const res = await fetch(`${server.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((s) => s[1]!.trim())).toEqual([
      'src="/api/docs/assets/swagger-ui-bundle.js"',
      'src="/api/docs/init.js"',
    ]);
    expect(scripts.every((s) => s[2]!.trim() === "")).toBe(true);
    expect(html).not.toMatch(/https?:\/\//);
    for (const [path, type] of [
      ["/api/docs/assets/swagger-ui-bundle.js", "javascript"],
      ["/api/docs/init.js", "javascript"],
      ["/api/docs/assets/swagger-ui.css", "text/css"],
    ] as const) {
      const asset = await fetch(server.url + path);
      // Read whole: a response left unread keeps its connection busy, and the server's close waits for it.
      await asset.arrayBuffer();
      expect([path, asset.status, asset.headers.get("content-type")]).toEqual([
        path,
        200,
        expect.stringContaining(type),
      ]);
    }
    expect(await (await fetch(`${server.url}/api/docs/init.js`)).text()).toContain('url: "/api/openapi.json"');
    // Only the files the page needs, nothing else from the package.
    expect((await fetch(`${server.url}/api/docs/assets/package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/docs/assets/swagger-ui-bundle.js.map`)).status).toBe(404);
  });
});
