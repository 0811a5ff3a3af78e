/**
 * The workload forecast of Review Settings: the member's items, caps, time zone and memory model,
 * simulated under FSRS at a retention (the slider's, or theirs) for the next days.
 */
import type { ReviewStateCode } from "@jcba/domain";
import { simulateWorkload, type WorkloadDay } from "@jcba/domain/workload";
import { sql } from "drizzle-orm";
import type { Context } from "../../trpc/procedures.ts";
import { studyBank } from "../editions/member-edition.ts";
import { type ItemRow, modelParametersOf, parsedParameters } from "../reviews/schedule.ts";
import { settingsOf } from "../reviews/settings.ts";

/** Without a history, a new item's first review is passed at this rate. */
const DEFAULT_FIRST_PASS = 0.7;

export async function workloadOf(
  ctx: Pick<Context, "database" | "content"> & Partial<Pick<Context, "user">>,
  userId: number,
  input: { retention?: number | undefined; days: number },
  now = new Date(),
): Promise<WorkloadDay[]> {
  const [settings, items, [facts], { bank: snapshot }] = await Promise.all([
    settingsOf(ctx, userId),
    ctx.database.rows<
      ItemRow & { item_type: string; item_id: number }
    >(sql`SELECT item_type, item_id, due, stability, difficulty, state, reps, lapses, learning_steps, scheduled_days, last_review
      FROM review_items WHERE user_id = ${userId}`),
    ctx.database.rows<{ parameters: unknown; first_pass: number | string | null }>(sql`
      SELECT ${modelParametersOf(sql`${userId}::int`)} AS parameters,
        (SELECT avg((rating >= 3)::int) FROM review_log WHERE user_id = ${userId} AND is_new) AS first_pass`),
    studyBank(ctx),
  ]);
  // Items still in the member's edition of the bank; the rest of it arrives as new items.
  const inBank = items.filter((i) =>
    i.item_type === "question" ? snapshot.questionsById.has(i.item_id) : snapshot.flashcardsById.has(i.item_id),
  );
  return simulateWorkload({
    items: inBank.map((i) => ({
      due: new Date(i.due),
      stability: Number(i.stability),
      difficulty: Number(i.difficulty),
      state: i.state as ReviewStateCode,
      reps: i.reps,
      lapses: i.lapses,
      learningSteps: i.learning_steps,
      scheduledDays: i.scheduled_days,
      lastReview: new Date(i.last_review),
    })),
    newAvailable: Math.max(0, snapshot.questionsById.size + snapshot.flashcardsById.size - inBank.length),
    newPerDay: settings.newPerDay,
    reviewsPerDay: settings.reviewsPerDay,
    retention: input.retention ?? settings.desiredRetention,
    parameters: parsedParameters(facts?.parameters),
    firstPassRate:
      facts?.first_pass === null || facts?.first_pass === undefined ? DEFAULT_FIRST_PASS : Number(facts.first_pass),
    days: input.days,
    now,
    timeZone: settings.timeZone,
  });
}
