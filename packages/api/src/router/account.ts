/** The signed-in member's own account: password and personal API tokens. */
import { createHash, randomBytes } from "node:crypto";
import { apiTokens } from "@jcba/db";
import { changePasswordInput, createTokenInput, TOKEN_SCOPES } from "@jcba/validators/api";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { TRPCError } from "@trpc/server";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { idParam } from "../schemas.ts";
import { protectedProcedure, router, sessionProcedure } from "../trpc.ts";

const TAG = ["Account"];
const DAY = 24 * 60 * 60 * 1000;

const tokenInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
});

/** 160 random bits in base32, the same form as session tokens (the server checks that form). */
function newToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const accountRouter = router({
  changePassword: sessionProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/account/password",
        tags: TAG,
        summary: "Change your password; every other session of your account ends",
        protect: true,
      },
    })
    .input(changePasswordInput)
    .output(z.object({ changed: z.literal(true), otherSessionsEnded: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.account.verifyPassword(ctx.user.id, input.currentPassword)))
        throw new TRPCError({ code: "BAD_REQUEST", message: "currentPassword: That is not your current password." });
      const problem = await ctx.account.passwordProblem(input.newPassword, ctx.user.email);
      if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: `newPassword: ${problem}` });
      await ctx.account.setPassword(ctx.user.id, input.newPassword, ctx.auth.sessionId);
      await ctx.account.audit({
        kind: "password.changed",
        actorUserId: ctx.user.id,
        targetType: "user",
        targetId: ctx.user.id,
      });
      return { changed: true as const, otherSessionsEnded: true as const };
    }),

  tokens: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/account/tokens",
        tags: TAG,
        summary: "Your personal API tokens (never the tokens themselves)",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(tokenInfo))
    .query(async ({ ctx }) => {
      const rows = await ctx.database.db
        .select({
          id: apiTokens.id,
          name: apiTokens.name,
          scope: apiTokens.scope,
          createdAt: apiTokens.createdAt,
          lastUsedAt: apiTokens.lastUsedAt,
          expiresAt: apiTokens.expiresAt,
        })
        .from(apiTokens)
        .where(eq(apiTokens.userId, ctx.user.id))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
      return rows.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        lastUsedAt: iso(r.lastUsedAt),
        expiresAt: r.expiresAt.toISOString(),
      }));
    }),

  createToken: sessionProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/account/tokens",
        tags: TAG,
        summary: "Create a personal API token; the token is shown in this answer only",
        protect: true,
      },
    })
    .input(createTokenInput)
    .output(tokenInfo.extend({ token: z.string() }))
    .mutation(async ({ ctx, input }) => {
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
    }),

  revokeToken: sessionProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/account/tokens/{id}",
        tags: TAG,
        summary: "Revoke one of your API tokens; it stops working at once",
        protect: true,
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ id: z.number().int(), revoked: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const [row] = await ctx.database.db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, input.id), eq(apiTokens.userId, ctx.user.id)))
        .returning({ id: apiTokens.id, tokenHash: apiTokens.tokenHash, name: apiTokens.name });
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: `You have no API token with id ${input.id}.` });
      await ctx.account.forgetToken(row.tokenHash);
      await ctx.account.audit({
        kind: "token.revoked",
        actorUserId: ctx.user.id,
        targetType: "api_token",
        targetId: row.id,
        after: { name: row.name },
      });
      return { id: row.id, revoked: true as const };
    }),
});
