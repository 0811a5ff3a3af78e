import { loadContent } from "@jcba/content";
import { createDatabase, type Database } from "@jcba/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentCache } from "./content-cache.ts";

describe("the content cache", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createDatabase({ dataDir: "memory://" });
    await database.migrate();
    await loadContent(database);
  });
  afterAll(() => database.close());

  it("keeps everyone's snapshot when asked for a question that does not exist", async () => {
    const cache = createContentCache(database);
    const before = await cache.get();
    expect(await cache.question(9_999_999)).toBeUndefined();
    expect(await cache.get()).toBe(before);
  });

  it("finds a question this server has not heard of yet without dropping its snapshot", async () => {
    const cache = createContentCache(database);
    const before = await cache.get();
    const [row] = await database.rows<{ id: number }>(
      sql`INSERT INTO questions (section_number, question_type, question_text, options, correct_answer, explanation)
          VALUES (3, 'fill-in-blank', 'Written by another server?', NULL, 'yes', 'Not in the snapshot yet.') RETURNING id`,
    );
    expect((await cache.question(row!.id))?.questionText).toBe("Written by another server?");
    expect(await cache.get()).toBe(before);
  });

  it("drops every server's snapshot when one of them writes", async () => {
    const here = createContentCache(database);
    const elsewhere = createContentCache(database);
    await Promise.all([here.ready, elsewhere.ready]);
    const stale = await elsewhere.get();
    here.invalidate();
    expect(await elsewhere.get()).not.toBe(stale);
  });
});
