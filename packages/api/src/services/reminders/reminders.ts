/**
 * Daily review reminders by Web Push: the server's VAPID key pair, members' subscriptions (one per
 * browser), their reminder settings, and what the sender needs (apps/server/src/reminders/sender.ts):
 * who may get a reminder now, their subscriptions, and once-a-day bookkeeping.
 */
import { type Database, memberSettings, pushSubscriptions, reminderSettings, serverKeys } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import { toIso } from "../rows.ts";
import type { ReminderSettings, reminderPatch, subscriptionInput } from "./schemas.ts";

const VAPID = "vapid";

/** The VAPID key pair kept in the database: the first server to start stores its pair, every later one reads it. */
export async function keepVapidKeys(database: Database, made: () => { publicKey: string; privateKey: string }) {
  const existing = await database.db.select().from(serverKeys).where(eq(serverKeys.name, VAPID));
  if (existing[0]) return existing[0];
  await database.db
    .insert(serverKeys)
    .values({ name: VAPID, ...made() })
    .onConflictDoNothing();
  const [row] = await database.db.select().from(serverKeys).where(eq(serverKeys.name, VAPID));
  return row!;
}

export async function vapidPublicKey(ctx: Pick<Context, "database">) {
  const [row] = await ctx.database.db
    .select({ publicKey: serverKeys.publicKey })
    .from(serverKeys)
    .where(eq(serverKeys.name, VAPID));
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Reminders are not set up on this server yet." });
  return row;
}

/** A browser's subscription; a browser that subscribed before (for anyone) is this member's now. */
export async function subscribe(
  ctx: Pick<Context, "database">,
  userId: number,
  input: z.infer<typeof subscriptionInput>,
) {
  const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  const [row] = await ctx.database.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: sql`now()` } })
    .returning({ id: pushSubscriptions.id, createdAt: pushSubscriptions.createdAt });
  return { id: row!.id, createdAt: toIso(row!.createdAt) };
}

export async function unsubscribe(ctx: Pick<Context, "database">, userId: number, id: number) {
  const gone = await ctx.database.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "No such subscription of yours." });
  return { id };
}

const settingsColumns = {
  enabled: reminderSettings.enabled,
  time: reminderSettings.time,
  quietStart: reminderSettings.quietStart,
  quietEnd: reminderSettings.quietEnd,
  timeZone: reminderSettings.timeZone,
  daysOff: reminderSettings.daysOff,
};

/** The member's reminder; without one, off at 18:00 in the time zone of their review settings. */
export async function remindersOf(ctx: Pick<Context, "database">, userId: number): Promise<ReminderSettings> {
  const [row] = await ctx.database.db
    .select(settingsColumns)
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, userId));
  if (row) return row;
  const [member] = await ctx.database.db
    .select({ timeZone: memberSettings.timeZone })
    .from(memberSettings)
    .where(eq(memberSettings.userId, userId));
  return {
    enabled: false,
    time: "18:00",
    quietStart: null,
    quietEnd: null,
    timeZone: member?.timeZone ?? "UTC",
    daysOff: [],
  };
}

export async function updateReminders(
  ctx: Pick<Context, "database">,
  userId: number,
  patch: z.infer<typeof reminderPatch>,
): Promise<ReminderSettings> {
  const next = { ...(await remindersOf(ctx, userId)), ...patch };
  // Past days off are of no use: kept only from yesterday on (any time zone's today).
  const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  next.daysOff = [...new Set(next.daysOff)].filter((d) => d >= yesterday).sort();
  const { userId: _, ...set } = { userId, ...next, updatedAt: new Date() };
  await ctx.database.db
    .insert(reminderSettings)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: reminderSettings.userId, set });
  return next;
}

/** A member who may get a reminder: turned on, with a subscription, and with items due at `now`. */
export interface ReminderCandidate extends ReminderSettings {
  userId: number;
  lastSentOn: string | null;
  due: number;
}

export async function reminderCandidates(database: Database, now: Date): Promise<ReminderCandidate[]> {
  const rows = await database.rows<{
    user_id: number;
    time: string;
    quiet_start: string | null;
    quiet_end: string | null;
    time_zone: string;
    days_off: string[] | string;
    last_sent_on: string | null;
    due: number | string;
  }>(sql`
    SELECT r.user_id, r.time, r.quiet_start, r.quiet_end, r.time_zone, r.days_off, r.last_sent_on,
      (SELECT count(*) FROM review_items i WHERE i.user_id = r.user_id AND i.due <= ${now.toISOString()}::timestamptz) AS due
    FROM reminder_settings r
    WHERE r.enabled AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = r.user_id)`);
  return rows
    .map((r) => ({
      userId: Number(r.user_id),
      enabled: true,
      time: r.time,
      quietStart: r.quiet_start,
      quietEnd: r.quiet_end,
      timeZone: r.time_zone,
      daysOff: typeof r.days_off === "string" ? (JSON.parse(r.days_off) as string[]) : r.days_off,
      lastSentOn: r.last_sent_on,
      due: Number(r.due),
    }))
    .filter((c) => c.due > 0);
}

export async function subscriptionsOf(database: Database, userId: number) {
  return database.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/** Marks the member's reminder of `date` sent; false when another server sent it first. */
export async function markReminderSent(database: Database, userId: number, date: string): Promise<boolean> {
  const rows = await database.rows(sql`
    UPDATE reminder_settings SET last_sent_on = ${date}
    WHERE user_id = ${userId} AND last_sent_on IS DISTINCT FROM ${date} RETURNING user_id`);
  return rows.length > 0;
}

/** The push service said the subscription is gone (404 or 410). */
export async function removeSubscription(database: Database, id: number) {
  await database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
