/** Over HTTP: a plan to a date, set, read and deleted; hard items and why they were missed; what they refuse. */
import { randomUUID } from "node:crypto";
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

describe("hard items over REST", () => {
  it("lists a question lapsed 6 times, keeps why it was missed (201), and refuses the rest with the reason", async () => {
    const m = await member(server.url);
    const [q] = (await m.get("/api/questions?section=5")).body;
    const rate = (rating: number, daysAgo: number) =>
      m.post("/api/review", {
        id: randomUUID(),
        itemType: "question",
        itemId: q.id,
        rating,
        ratedAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
      });
    expect((await rate(4, 70)).status).toBe(200);
    expect(await m.post("/api/review/miss-reasons", { questionId: q.id, reason: "misread" })).toMatchObject({
      status: 400,
      body: { message: `Question ${q.id} is not a hard item of yours (missed 6 times or more).` },
    });
    for (let k = 1; k <= 6; k++) {
      expect((await rate(1, 70 - 10 * k)).status).toBe(200);
      if (k < 6) await rate(4, 70 - 10 * k - 0.01);
    }
    const saved = await m.post("/api/review/miss-reasons", { questionId: q.id, reason: "didnt-know" });
    expect(saved).toMatchObject({ status: 201, body: { questionId: q.id, reason: "didnt-know" } });
    const listed = await m.get("/api/review/hard-items");
    expect(listed.status).toBe(200);
    expect(listed.body.sections).toEqual([
      {
        sectionNumber: 5,
        items: [{ questionId: q.id, questionText: q.questionText, lapses: 6, lastReason: "didnt-know" }],
      },
    ]);
    const session = (await m.get("/api/review/session")).body;
    expect(session.items.find((i: { itemId: number }) => i.itemId === q.id)).toMatchObject({ hard: true });

    // A device's outbox sends its id: sent again after a lost answer, the reason is kept once.
    const id = randomUUID();
    const first = await m.post("/api/review/miss-reasons", { id, questionId: q.id, reason: "mixed-up" });
    expect(first).toMatchObject({ status: 201, body: { questionId: q.id, reason: "mixed-up" } });
    const replayed = await m.post("/api/review/miss-reasons", { id, questionId: q.id, reason: "misread" });
    expect(replayed).toMatchObject({ status: 201, body: first.body });
    expect((await m.get("/api/review/hard-items")).body.sections[0].items[0].lastReason).toBe("mixed-up");
    expect(
      await m.post("/api/review/miss-reasons", { id: "not-a-uuid", questionId: q.id, reason: "misread" }),
    ).toMatchObject({ status: 400, body: { message: "id: id must be a UUID." } });

    const bad = await m.post("/api/review/miss-reasons", { questionId: q.id, reason: "tired" });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: "reason: reason must be didnt-know, misread or mixed-up." },
    });
    const badTime = await m.post("/api/review", {
      id: randomUUID(),
      itemType: "question",
      itemId: q.id,
      rating: 3,
      ratedAt: "yesterday",
    });
    expect(badTime).toMatchObject({
      status: 400,
      body: { message: "ratedAt: ratedAt must be an ISO 8601 date and time." },
    });
    expect((await new Client(server.url).get("/api/review/hard-items")).status).toBe(401);
  });
});
