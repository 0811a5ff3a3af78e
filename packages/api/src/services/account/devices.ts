/**
 * 'Signed-in devices': the member's sessions, each with its browser and system (from the user agent),
 * the network it began on (an IPv4 /24 or IPv6 /64, never the full address), when it began and was
 * last seen, and which one is this device; the member ends one of the others, or all of them.
 */
import { sessions } from "@jcba/db";
import { describeUserAgent } from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { z } from "zod";
import type { AccountServices, Context, UserSessionServices } from "../../trpc/procedures.ts";

export const deviceInfo = z.object({
  /** The session's id: the SHA-256 of its cookie token, useless without the token itself. */
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  /** The network the session began on, cut short: "203.0.113.0/24" or "2001:0db8:0000:0001::/64". */
  network: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  thisDevice: z.boolean(),
});
export const deviceId = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, "id: must be a device's id.") });
export const devicesEnded = z.object({ ended: z.number().int() });

type Caller = Pick<Context, "database" | "auth"> & {
  user: { id: number };
  account: AccountServices;
  userSessions?: UserSessionServices;
};

const currentOf = (ctx: Pick<Context, "auth">) => (ctx.auth?.kind === "session" ? ctx.auth.sessionId : null);

export async function devicesOf(ctx: Pick<Context, "database" | "auth"> & { user: { id: number } }) {
  const rows = await ctx.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, ctx.user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  const current = currentOf(ctx);
  return rows.map((r) => ({
    id: r.id,
    ...describeUserAgent(r.userAgent),
    network: r.network,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    thisDevice: r.id === current,
  }));
}

/** Ends sessions of the member (never this one), on every server at once; how many ended. */
async function end(ctx: Caller, which: "one" | "others", id?: string) {
  const current = currentOf(ctx);
  const mine = eq(sessions.userId, ctx.user.id);
  const notThis = current ? ne(sessions.id, current) : undefined;
  const ended = await ctx.database.db
    .delete(sessions)
    .where(which === "one" ? and(mine, eq(sessions.id, id!), notThis) : and(mine, notThis))
    .returning({ id: sessions.id });
  if (ended.length > 0) {
    await ctx.userSessions?.forget(ended.map((e) => e.id));
    await ctx.account.audit({
      kind: "session.ended",
      actorUserId: ctx.user.id,
      targetType: "user",
      targetId: ctx.user.id,
      after: { count: ended.length },
    });
  }
  return ended.length;
}

export async function endDevice(ctx: Caller, id: string) {
  if (id === currentOf(ctx))
    throw new TRPCError({ code: "BAD_REQUEST", message: "That is this device: use Logout to sign out here." });
  if ((await end(ctx, "one", id)) === 0)
    throw new TRPCError({ code: "NOT_FOUND", message: "No such signed-in device (it may have signed out already)." });
  return { ended: 1 };
}

export async function endOtherDevices(ctx: Caller) {
  return { ended: await end(ctx, "others") };
}
