/**
 * A member's personal API tokens: listed without the tokens themselves, created (the token is shown
 * once; only its SHA-256 is stored) and revoked, each change in the security audit.
 */
import { createHash, randomBytes } from "node:crypto";
import { apiTokens } from "@jcba/db";
import type { createTokenInput } from "@jcba/validators/api";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { TRPCError } from "@trpc/server";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AccountServices, Context } from "../../trpc/procedures.ts";
import { pick } from "../columns.ts";

const DAY = 24 * 60 * 60 * 1000;

/** 160 random bits in base32, the same form as session tokens (the server checks that form). */
function newToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Caller = Pick<Context, "database"> & { user: { id: number } };
type Account = Caller & { account: AccountServices };

export async function tokensOf(ctx: Caller) {
  const rows = await ctx.database.db
    .select(pick(apiTokens, "id", "name", "scope", "createdAt", "lastUsedAt", "expiresAt"))
    .from(apiTokens)
    .where(eq(apiTokens.userId, ctx.user.id))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: iso(r.lastUsedAt),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

export async function createToken(ctx: Account, input: z.infer<typeof createTokenInput>) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + (input.expiresInDays ?? ctx.account.tokenDays) * DAY);
  const [row] = await ctx.database.db
    .insert(apiTokens)
    .values({
      userId: ctx.user.id,
      name: input.name,
      scope: input.scope,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt,
    })
    .returning();
  await ctx.account.audit({
    kind: "token.created",
    actorUserId: ctx.user.id,
    targetType: "api_token",
    targetId: row!.id,
    after: { name: row!.name, scope: row!.scope, expiresAt: row!.expiresAt.toISOString() },
  });
  return {
    id: row!.id,
    name: row!.name,
    scope: row!.scope,
    createdAt: row!.createdAt.toISOString(),
    lastUsedAt: null,
    expiresAt: row!.expiresAt.toISOString(),
    token,
  };
}

export async function revokeToken(ctx: Account, id: number) {
  const [row] = await ctx.database.db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, ctx.user.id)))
    .returning({ id: apiTokens.id, tokenHash: apiTokens.tokenHash, name: apiTokens.name });
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: `You have no API token with id ${id}.` });
  await ctx.account.forgetToken(row.tokenHash);
  await ctx.account.audit({
    kind: "token.revoked",
    actorUserId: ctx.user.id,
    targetType: "api_token",
    targetId: row.id,
    after: { name: row.name },
  });
  return { id: row.id, revoked: true as const };
}
