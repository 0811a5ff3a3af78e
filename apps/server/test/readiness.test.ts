/** Over HTTP: readiness and its forecast, calibration, and what they refuse. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, Client, member, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

describe("readiness over REST", () => {
  it("answers the documented shape, a forecast for a later day, and 400 with the reason for a bad date", async () => {
    const m = await member(server.url);
    const now = await m.get("/api/readiness");
    expect(now.status).toBe(200);
    expect(Object.keys(now.body).sort()).toEqual(["at", "overall", "sections"]);
    expect(Object.keys(now.body.overall).sort()).toEqual(["coverage", "items", "recall", "seen"]);
    expect(now.body.sections).toHaveLength(32);
    expect(Object.keys(now.body.sections[0]).sort()).toEqual(["coverage", "recall", "sectionNumber", "seen", "total"]);

    const nextYear = new Date(Date.now() + 365 * 24 * 3_600_000).toISOString().slice(0, 10);
    const later = await m.get(`/api/readiness?at=${nextYear}`);
    expect(later.status).toBe(200);
    expect(later.body.at.slice(0, 10)).toBe(nextYear);
    const kept = await m.get(`/api/readiness?at=${nextYear}&reviews=kept`);
    expect(kept.status).toBe(200);
    expect(Object.keys(kept.body).sort()).toEqual(["at", "overall", "sections"]);
    const badReviews = await m.get(`/api/readiness?at=${nextYear}&reviews=always`);
    expect(badReviews).toMatchObject({ status: 400, body: { message: "reviews: reviews must be none or kept." } });

    const bad = await m.get("/api/readiness?at=2026-13-01");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "BAD_REQUEST", message: "at: at must be a date written YYYY-MM-DD." });
    const past = await m.get("/api/readiness?at=2020-01-01");
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/^at must be today \(.+\) or later\.$/);

    expect((await new Client(server.url).get("/api/readiness")).status).toBe(401);
  });

  it("answers calibration to a member, union-wide to an admin only", async () => {
    const m = await member(server.url);
    const mine = await m.get("/api/review/calibration");
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ scope: "member", reviews: 0, minimumReviews: 50 });
    expect(mine.body.bins).toHaveLength(10);
    expect((await m.get("/api/review/calibration?scope=union")).status).toBe(403);
    const union = await (await admin(server.url)).get("/api/review/calibration?scope=union");
    expect(union.status).toBe(200);
    expect(union.body.scope).toBe("union");
    const bad = await m.get("/api/review/calibration?scope=all");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("scope: scope must be member or union.");
    expect((await new Client(server.url).get("/api/review/calibration")).status).toBe(401);
  });
});
