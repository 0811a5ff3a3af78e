/**
 * A member's review settings (retention, daily caps, time zone…), or the defaults before they choose.
 * A module apart from the review sessions, so the study plan and the workload read them without
 * importing the sessions, which read the plan.
 */
import { memberSettings } from "@jcba/db";
import { DEFAULT_RETENTION } from "@jcba/domain";
import { eq } from "drizzle-orm";
import type { Context } from "../../trpc/procedures.ts";
import type { ReviewSettings } from "./schemas.ts";

export const DEFAULT_SETTINGS: ReviewSettings = {
  desiredRetention: DEFAULT_RETENTION,
  fourButtons: false,
  newPerDay: 20,
  reviewsPerDay: 200,
  dailyStreak: false,
  timeZone: "UTC",
  askConfidence: true,
};

export async function settingsOf(ctx: Pick<Context, "database">, userId: number): Promise<ReviewSettings> {
  const [row] = await ctx.database.db
    .select({
      desiredRetention: memberSettings.desiredRetention,
      fourButtons: memberSettings.fourButtons,
      newPerDay: memberSettings.newPerDay,
      reviewsPerDay: memberSettings.reviewsPerDay,
      dailyStreak: memberSettings.dailyStreak,
      timeZone: memberSettings.timeZone,
      askConfidence: memberSettings.askConfidence,
    })
    .from(memberSettings)
    .where(eq(memberSettings.userId, userId));
  return row ?? DEFAULT_SETTINGS;
}
