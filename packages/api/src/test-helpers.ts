/**
 * For the router tests beside each router: a database with the migrations and the shipped content
 * (in-memory PGlite, or a scratch database on the PostgreSQL server named by TEST_DATABASE_URL), and
 * callers of the app router as a signed-out visitor, a member or an admin, through createCaller, the
 * way the REST adapter and /api/trpc call it.
 */
import { loadContent, readAllSections } from "@jcba/content";
import { createDatabase, type Database, userColumns, users } from "@jcba/db";
import { createScratchDatabase } from "@jcba/db/test-postgres";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { appRouter } from "./root.ts";
import { createContentCache } from "./services/content/content-cache.ts";
import { createCallerFactory, type SessionUser } from "./trpc/procedures.ts";

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

export interface Member {
  user: SessionUser;
  call: Caller;
}

export interface TestApi {
  database: Database;
  signedOut: Caller;
  admin: Member;
  /** A new member, with no answers yet. */
  member(firstName?: string, lastName?: string): Promise<Member>;
  /** A caller for `user` as the server would read it with the session (e.g. after a setting changed). */
  as(user: SessionUser): Caller;
  close(): Promise<void>;
}

export async function createTestApi(): Promise<TestApi> {
  const server = process.env.TEST_DATABASE_URL;
  const database = await createDatabase(
    server ? { databaseUrl: await createScratchDatabase(server), maxConnections: 5 } : { dataDir: "memory://" },
  );
  await database.migrate();
  await loadContent(database);
  // The real cache, with a TTL long enough that only writes refresh it.
  const content = createContentCache(database, 60_000);
  let count = 0;
  async function addUser(firstName: string, lastName: string, isAdmin: boolean): Promise<Member> {
    const [user] = await database.db
      .insert(users)
      .values({ email: `user${++count}@test.local`, firstName, lastName, isAdmin })
      .returning(userColumns);
    return { user: user!, call: createCaller({ database, content, user: user! }) };
  }
  const admin = await addUser("Ada", "Admin", true);
  return {
    database,
    admin,
    signedOut: createCaller({ database, content, user: null }),
    member: (firstName = "Maria", lastName = "Lopez") => addUser(firstName, lastName, false),
    as: (user) => createCaller({ database, content, user }),
    close: () => database.close(),
  };
}

/** A TestApi for the calling test file: made before its tests, closed after them. */
export function useTestApi(): TestApi {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });
  const current = () => {
    if (!api) throw new Error("useTestApi: the database is made in beforeAll; use it inside tests.");
    return api;
  };
  return {
    get database() {
      return current().database;
    },
    get signedOut() {
      return current().signedOut;
    },
    get admin() {
      return current().admin;
    },
    member: (firstName, lastName) => current().member(firstName, lastName),
    as: (user) => current().as(user),
    close: () => current().close(),
  };
}

const shipped = readAllSections();
/** How many questions the shipped content has in a section (all sections without one). */
export const shippedQuestionCount = (section?: number) =>
  shipped
    .filter((f) => section === undefined || f.section === section)
    .reduce((n, f) => n + f.data.questions.length, 0);

/**
 * The error a call failed with, as `code` and `text`: the message, or for bad input each invalid
 * field as "path: message" (as the REST error body words it).
 */
export async function failure(call: Promise<unknown>): Promise<{ code: string; text: string }> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the call succeeded").toBeInstanceOf(TRPCError);
  const e = error as TRPCError;
  const issues =
    e.cause && "issues" in e.cause ? (e.cause as { issues: { path: PropertyKey[]; message: string }[] }).issues : null;
  const text = issues
    ? issues.map((i) => (i.path.length > 0 ? `${i.path.map(String).join(".")}: ${i.message}` : i.message)).join(" ")
    : e.message;
  return { code: e.code, text };
}

/** Row counts of everything a member or admin writes, to show that a refused call wrote nothing. */
export async function counts(database: Database) {
  const [row] = await database.rows<Record<string, number>>(sql`
    SELECT (SELECT count(*) FROM questions)::int AS questions, (SELECT count(*) FROM flashcards)::int AS flashcards,
           (SELECT count(*) FROM question_attempts)::int AS attempts, (SELECT count(*) FROM question_results)::int AS results,
           (SELECT count(*) FROM flashcard_mastery)::int AS mastery, (SELECT count(*) FROM test_attempts)::int AS tests`);
  return row!;
}
