/**
 * The patch on @trpc/server (patches/@trpc__server@11.22.1.patch, docs/decisions/0002-trpc-patch.md)
 * is applied, and what it changes is safe here. Two costs every procedure call paid are patched out:
 * the transpiled spread helper becomes Object.assign, and zod inputs are parsed synchronously first.
 * Object.assign treats an own `__proto__` key as the prototype setter, where the original helper made
 * it a plain property, so the last part shows a `__proto__` key sent by a client reaching neither the
 * context nor any prototype, through real procedures.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { initTRPC } from "@trpc/server";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { failure, useTestApi } from "./test-helpers.ts";

const require = createRequire(import.meta.url);
const trpcDist = dirname(require.resolve("@trpc/server"));
const builds = (prefix: string) =>
  readdirSync(trpcDist)
    .filter((name) => name.startsWith(prefix) && (name.endsWith(".mjs") || name.endsWith(".cjs")))
    .map((name) => readFileSync(join(trpcDist, name), "utf8"));

describe("the installed @trpc/server build", () => {
  it("is the version the patch is written for", () => {
    const version = (require("@trpc/server/package.json") as { version: string }).version;
    const workspace = readFileSync(new URL("../../../pnpm-workspace.yaml", import.meta.url), "utf8");
    expect(workspace).toContain(`"@trpc/server@${version}": patches/@trpc__server@${version}.patch`);
  });

  it("has the spread helper as Object.assign and the synchronous-first zod parse, in both module formats", () => {
    const helpers = builds("getErrorShape-");
    const parsers = builds("initTRPC-");
    expect(helpers).toHaveLength(2);
    expect(parsers).toHaveLength(2);
    for (const text of helpers) expect(text).toContain("Object.assign(e, arguments[r])");
    for (const text of parsers)
      expect(text).toMatch(/const parse = parser\.parse\.bind\(parser\);[\s\S]*isAsync = true/);
  });
});

describe("the patched behaviour", () => {
  const t = initTRPC.create();

  it("parses a zod input with parse(), falling back to parseAsync only for a schema that needs it", async () => {
    const input = z.object({ n: z.number() });
    const parse = vi.spyOn(input, "parse");
    const parseAsync = vi.spyOn(input, "parseAsync");
    const needsAsync = z.object({ n: z.number() }).refine(async (v) => v.n > 0, "n must be positive");
    const router = t.router({
      double: t.procedure.input(input).query(({ input }) => input.n * 2),
      positive: t.procedure.input(needsAsync).query(({ input }) => input.n),
    });
    const call = t.createCallerFactory(router)({});

    expect(await call.double({ n: 21 })).toBe(42);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(parseAsync).not.toHaveBeenCalled();
    // Bad input is still a BAD_REQUEST carrying zod's issues, without a second, asynchronous parse.
    expect((await failure(call.double({ n: "x" } as never))).code).toBe("BAD_REQUEST");
    expect(parseAsync).not.toHaveBeenCalled();

    // An asynchronous refinement makes the synchronous parse throw; the schema is then parsed async.
    expect(await call.positive({ n: 3 })).toBe(3);
    expect((await failure(call.positive({ n: -1 }))).text).toBe("n must be positive");
  });

  it("merges a middleware's context with Object.assign: an own __proto__ key sets the prototype", async () => {
    // The reason no middleware here may pass client data as context (trpc.ts passes only the user,
    // the session and the account it read itself): the unpatched helper kept such a key as a plain
    // property; Object.assign calls the __proto__ setter.
    const fromClient = JSON.parse('{"__proto__": {"planted": true}}') as object;
    const router = t.router({
      probe: t.procedure
        .use(({ next }) => next({ ctx: fromClient }))
        .query(({ ctx }) => ({
          ownProto: Object.hasOwn(ctx, "__proto__"),
          planted: (ctx as { planted?: boolean }).planted,
        })),
    });
    expect(await t.createCallerFactory(router)({}).probe()).toEqual({ ownProto: false, planted: true });
    expect(({} as { planted?: boolean }).planted).toBeUndefined();
  });
});

describe("a __proto__ key in a procedure's input", () => {
  const api = useTestApi();
  // What a JSON body with a "__proto__" member parses to: an own property, not a prototype.
  const hostile = (otherId: number, fields: Record<string, unknown>) => {
    const planted = `"__proto__":{"isAdmin":true,"user":{"id":${otherId},"isAdmin":true},"newPerDay":1}`;
    const rest = JSON.stringify(fields).slice(1, -1);
    return JSON.parse(`{${[planted, rest].filter(Boolean).join(",")}}`) as Record<string, unknown>;
  };

  it("is dropped by the input schema: the write is the caller's own, no prototype is touched", async () => {
    const member = await api.member();
    const other = await api.member("Olga", "Other");
    const input = hostile(other.user.id, { newPerDay: 7 });
    expect(Object.hasOwn(input, "__proto__")).toBe(true);

    const saved = await member.call.review.updateSettings(input);
    expect(saved).toEqual({
      desiredRetention: 0.9,
      fourButtons: false,
      newPerDay: 7,
      reviewsPerDay: 200,
      dailyStreak: false,
      timeZone: "UTC",
      askConfidence: true,
    });
    expect((await other.call.review.settings()).newPerDay).toBe(20);
    for (const key of ["isAdmin", "user", "newPerDay"]) expect(Object.hasOwn(Object.prototype, key)).toBe(false);
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });

  it("does not make a member an admin", async () => {
    const member = await api.member();
    expect((await failure(member.call.admin.users(hostile(member.user.id, {}) as never))).code).toBe("FORBIDDEN");
    expect(
      (
        await failure(
          member.call.admin.updateUser(hostile(member.user.id, { id: member.user.id, isAdmin: true }) as never),
        )
      ).code,
    ).toBe("FORBIDDEN");
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });
});
