/** Over HTTP: a plan to a date, set, read and deleted, and what it refuses. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, member, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("study plan over REST", () => {
  it("sets, reads and deletes the plan, and refuses bad input with the reason", async () => {
    const m = await member(server.url);
    expect(await m.get("/api/study-plan")).toMatchObject({ status: 200, body: { plan: null } });
    const set = await m.put("/api/study-plan", { sections: [4, 25], endDate: dayFromToday(20) });
    expect(set.status).toBe(200);
    expect(set.body.plan).toMatchObject({ sections: [4, 25], targetRecall: 0.9, status: "active" });
    expect(Object.keys(set.body.plan.goal).sort()).toEqual(["daysLeft", "newItems", "reviews"]);
    expect((await m.get("/api/study-plan")).body.plan.endDate).toBe(dayFromToday(20));

    const past = await m.put("/api/study-plan", { sections: [4], endDate: "2020-01-01" });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/^The date must be after today \(.+\)\.$/);
    const unknown = await m.put("/api/study-plan", { sections: [40], endDate: dayFromToday(5) });
    expect(unknown).toMatchObject({ status: 400, body: { message: "sections.0: Section numbers are 1 to 32." } });
    const target = await m.put("/api/study-plan", { sections: [4], endDate: dayFromToday(5), targetRecall: 0.2 });
    expect(target).toMatchObject({
      status: 400,
      body: { message: "targetRecall: targetRecall must be from 0.5 to 0.99." },
    });
    const badDate = await m.put("/api/study-plan", { sections: [4], endDate: "soon" });
    expect(badDate).toMatchObject({
      status: 400,
      body: { message: "endDate: endDate must be a date written YYYY-MM-DD." },
    });
    // The refused plans changed nothing.
    expect((await m.get("/api/study-plan")).body.plan).toMatchObject({ sections: [4, 25], endDate: dayFromToday(20) });

    expect(await m.delete("/api/study-plan")).toMatchObject({ status: 200, body: { plan: null } });
    expect((await m.delete("/api/study-plan")).status).toBe(404);
    const signedOut = new Client(server.url);
    expect((await signedOut.get("/api/study-plan")).status).toBe(401);
    expect((await signedOut.put("/api/study-plan", { sections: [4], endDate: dayFromToday(5) })).status).toBe(401);
  });
});
