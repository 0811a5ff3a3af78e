import { auditEvents, sessions, users } from "@jcba/db";
import { asc, desc, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appRouter } from "../root.ts";
import { createContentCache } from "../services/content/content-cache.ts";
import { failure, useTestApi } from "../test-helpers.ts";
import { createCallerFactory } from "../trpc/procedures.ts";

const t = useTestApi();

/** Audit records written after `afterId`, oldest first. */
const auditSince = (afterId: number) =>
  t.database.db.select().from(auditEvents).where(gt(auditEvents.id, afterId)).orderBy(asc(auditEvents.id));
const lastAuditId = async () =>
  (await t.database.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0]
    ?.id ?? 0;

describe("admin", () => {
  it("reports platform totals and users, without password hashes", async () => {
    await t.member("Zed", "Zimmer");
    const stats = await t.admin.call.admin.stats();
    expect(Object.keys(stats).sort()).toEqual(["totalAttempts", "totalFlashcards", "totalQuestions", "totalUsers"]);
    expect(stats).toMatchObject({ totalUsers: 2, totalFlashcards: 164, totalAttempts: 0 });
    const users = await t.admin.call.admin.users();
    expect(users.map((u) => [u.lastName, u.isAdmin, u.disabled])).toEqual([
      ["Admin", true, false],
      ["Zimmer", false, false],
    ]);
    for (const u of users) expect(u).not.toHaveProperty("passwordHash");
    expect(new Date(users[0]!.createdAt).toISOString()).toBe(users[0]!.createdAt);
  });

  it("is for admins only", async () => {
    const { call } = await t.member();
    expect((await failure(call.admin.stats())).code).toBe("FORBIDDEN");
    expect((await failure(call.admin.users())).code).toBe("FORBIDDEN");
    expect((await failure(call.admin.usersCount())).code).toBe("FORBIDDEN");
    expect((await failure(call.admin.updateUser({ id: 1, isAdmin: true }))).code).toBe("FORBIDDEN");
    expect((await failure(call.admin.audit())).code).toBe("FORBIDDEN");
    expect((await failure(t.signedOut.admin.users())).code).toBe("UNAUTHORIZED");
  });
});

describe("admin.users directory", () => {
  it("pages in name order and finds members by the start of a name or e-mail, with the true total", async () => {
    for (const [first, last] of [
      ["Paula", "Pageone"],
      ["Peter", "Pagetwo"],
      ["Quinn", "Pagethree"],
      ["Rosa", "100%_Literal"],
    ])
      await t.member(first, last);
    const all = await t.admin.call.admin.usersCount();
    expect(all.total).toBe((await t.database.db.select().from(users)).length);
    const found = await t.admin.call.admin.users({ query: "PAGE", limit: 2, offset: 0 });
    expect(found.map((u) => u.lastName)).toEqual(["Pageone", "Pagethree"]);
    const next = await t.admin.call.admin.users({ query: "page", limit: 2, offset: 2 });
    expect(next.map((u) => u.lastName)).toEqual(["Pagetwo"]);
    expect((await t.admin.call.admin.usersCount({ query: "page" })).total).toBe(3);
    // By full name and by e-mail.
    expect((await t.admin.call.admin.users({ query: "peter pa" })).map((u) => u.lastName)).toEqual(["Pagetwo"]);
    const email = next[0]!.email;
    expect((await t.admin.call.admin.users({ query: email })).map((u) => u.email)).toEqual([email]);
    // LIKE wildcards are taken literally.
    expect((await t.admin.call.admin.users({ query: "%" })).map((u) => u.lastName)).toEqual([]);
    expect((await t.admin.call.admin.users({ query: "100%_" })).map((u) => u.lastName)).toEqual(["100%_Literal"]);
    const bad = await failure(t.admin.call.admin.users({ query: "x", limit: 0, offset: -1 }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.text).toMatch(/limit must be at least 1.*offset cannot be negative/);
  });

  it("makes a member an admin and back, never the last admin, and records each change", async () => {
    const maria = await t.member();
    const since = await lastAuditId();
    const promoted = await t.admin.call.admin.updateUser({ id: maria.user.id, isAdmin: true });
    expect(promoted.isAdmin).toBe(true);
    await t.admin.call.admin.updateUser({ id: maria.user.id, isAdmin: false });
    const last = await failure(t.admin.call.admin.updateUser({ id: t.admin.user.id, isAdmin: false }));
    expect(last).toEqual({ code: "CONFLICT", text: expect.stringMatching(/is the last admin/) });
    const events = await auditSince(since);
    expect(events.map((e) => [e.kind, e.actorUserId, e.targetId, e.before, e.after])).toEqual([
      [
        "role.changed",
        t.admin.user.id,
        String(maria.user.id),
        { email: maria.user.email, isAdmin: false },
        { email: maria.user.email, isAdmin: true },
      ],
      [
        "role.changed",
        t.admin.user.id,
        String(maria.user.id),
        { email: maria.user.email, isAdmin: true },
        { email: maria.user.email, isAdmin: false },
      ],
    ]);
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const other = await t.member("Other", "Admin");
    await t.admin.call.admin.updateUser({ id: other.user.id, isAdmin: true });
    const results = await Promise.allSettled([
      t.admin.call.admin.updateUser({ id: other.user.id, isAdmin: false }),
      t.admin.call.admin.updateUser({ id: t.admin.user.id, isAdmin: false }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const admins = await t.database.db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
    // Put the test's admin back for the tests that follow.
    if (admins[0]!.id !== t.admin.user.id) {
      await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, t.admin.user.id));
    }
  });

  it("disables and enables an account: its sessions end, never your own", async () => {
    const maria = await t.member();
    await t.database.db
      .insert(sessions)
      .values({ id: `s-${maria.user.id}`, userId: maria.user.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const since = await lastAuditId();
    const off = await t.admin.call.admin.updateUser({ id: maria.user.id, disabled: true });
    expect(off.disabled).toBe(true);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, maria.user.id))).toEqual([]);
    const on = await t.admin.call.admin.updateUser({ id: maria.user.id, disabled: false });
    expect(on.disabled).toBe(false);
    expect((await auditSince(since)).map((e) => e.kind)).toEqual(["user.disabled", "user.enabled"]);
    expect((await failure(t.admin.call.admin.updateUser({ id: t.admin.user.id, disabled: true }))).text).toMatch(
      /your own account/,
    );
    expect((await failure(t.admin.call.admin.updateUser({ id: maria.user.id } as never))).code).toBe("BAD_REQUEST");
    expect((await failure(t.admin.call.admin.updateUser({ id: 999_999, disabled: true }))).code).toBe("NOT_FOUND");
  });
});

describe("admin audit trail", () => {
  it("records every admin write with before and after, and lists it with filters", async () => {
    const since = await lastAuditId();
    const admin = t.admin.call;
    const q = await admin.questions.create({
      sectionNumber: 5,
      questionType: "fill-in-blank",
      questionText: "How many hours?",
      correctAnswer: "12",
      explanation: "Section 5.",
    });
    await admin.questions.update({ id: q.id, correctAnswer: "10" });
    await admin.questions.delete({ id: q.id });
    const card = await admin.flashcards.create({ sectionNumber: 6, term: "Reserve", definition: "On call." });
    await admin.flashcards.update({ id: card.id, definition: "Available for trips." });
    // A card a member rated is archived rather than deleted.
    const { call: member } = await t.member();
    await member.mastery.save({ flashcardId: card.id, mastered: true });
    await admin.flashcards.delete({ id: card.id });
    const report = await admin.transfer.import({
      kind: "flashcards",
      format: "json",
      dryRun: false,
      content: JSON.stringify([{ sectionNumber: 7, term: "Imported", definition: "From a file." }]),
    });
    expect(report.applied).toBe(true);

    const events = await auditSince(since);
    const summary = events.map((e) => [
      e.kind,
      e.actorUserId,
      (e.before as { correctAnswer?: string; definition?: string } | null)?.correctAnswer ??
        (e.before as { definition?: string } | null)?.definition ??
        null,
      (e.after as { correctAnswer?: string; definition?: string } | null)?.correctAnswer ??
        (e.after as { definition?: string } | null)?.definition ??
        null,
    ]);
    const a = t.admin.user.id;
    expect(summary).toEqual([
      ["question.created", a, null, "12"],
      ["question.updated", a, "12", "10"],
      ["question.deleted", a, "10", null],
      ["flashcard.created", a, null, "On call."],
      ["flashcard.updated", a, "On call.", "Available for trips."],
      ["flashcard.archived", a, "Available for trips.", null],
      ["flashcard.imported", a, null, "From a file."],
    ]);

    const listed = await admin.admin.audit({ kind: "flashcard", limit: 2, offset: 0 });
    expect(listed.events.map((e) => e.kind)).toEqual(["flashcard.imported", "flashcard.archived"]);
    expect(listed.total).toBeGreaterThanOrEqual(4);
    expect(listed.events[0]!.actor?.email).toBe(t.admin.user.email);
    const byWho = await admin.admin.audit({ actor: t.admin.user.email, kind: "question.updated" });
    expect(byWho.events[0]).toMatchObject({ kind: "question.updated", before: { correctAnswer: "12" } });
    expect((await admin.admin.audit({ actor: "nobody@" })).events).toEqual([]);
    expect((await admin.admin.audit({ to: "2000-01-01" })).total).toBe(0);
    expect((await admin.admin.audit({ from: new Date().toISOString().slice(0, 10) })).total).toBeGreaterThan(0);
    expect((await failure(admin.admin.audit({ from: "yesterday" }))).code).toBe("BAD_REQUEST");
    expect((await failure(admin.admin.audit({ kind: "DROP TABLE" }))).code).toBe("BAD_REQUEST");
  });
});

describe("the operator CLI's writes", () => {
  it("are recorded as the operator's (no actor), as the CLI calls with user 0", async () => {
    const operator = createCallerFactory(appRouter)({
      database: t.database,
      content: createContentCache(t.database),
      user: { id: 0, email: "cli@localhost", firstName: "CLI", lastName: "", profileImageUrl: null, isAdmin: true },
    });
    const since = await lastAuditId();
    const report = await operator.transfer.import({
      kind: "flashcards",
      format: "json",
      dryRun: false,
      content: JSON.stringify([{ sectionNumber: 8, term: "By the operator", definition: "From the CLI." }]),
    });
    expect(report.applied).toBe(true);
    expect((await auditSince(since)).map((e) => [e.kind, e.actorUserId])).toEqual([["flashcard.imported", null]]);
  });
});
