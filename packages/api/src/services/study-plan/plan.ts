/**
 * A member's plan to a date: one at a time (setting one replaces it), its daily goal, whether the
 * member is on track, and its summary once the date has passed. The rules are @jcba/domain's
 * (study-plan.ts); this file reads and stores what they need.
 */
import { studyPlans } from "@jcba/db";
import { localDate, planDailyGoal, planProblem, planProgress } from "@jcba/domain";
import { recallAt } from "@jcba/domain/recall";
import { TRPCError } from "@trpc/server";
import { eq, sql } from "drizzle-orm";
import type { Context } from "../../trpc/procedures.ts";
import { studyBank } from "../editions/member-edition.ts";
import { forecastInstant, readinessOf } from "../readiness/readiness.ts";
import { settingsOf } from "../reviews/settings.ts";
import type { PlanInput, StudyPlan } from "./schemas.ts";

type Reader = Pick<Context, "database" | "content"> & Partial<Pick<Context, "user">>;

/** The plan sections' predicted recall at an instant: the mean over their active questions. */
async function sectionsRecall(ctx: Reader, userId: number, sections: readonly number[], now: Date) {
  const readiness = await readinessOf(ctx, userId, undefined, now);
  let sum = 0;
  let total = 0;
  for (const s of readiness.sections)
    if (sections.includes(s.sectionNumber) && s.recall !== null) {
      sum += s.recall * s.total;
      total += s.total;
    }
  return total === 0 ? 0 : sum / total;
}

/** The member's plan questions: how many, how many never reviewed, how many predicted below the target on the date. */
async function planItems(ctx: Reader, userId: number, sections: readonly number[], target: number, at: Date | null) {
  // The plan's questions are those of the member's edition, as readiness counts them.
  const { bank: snapshot } = await studyBank(ctx);
  const ids = new Set(sections.flatMap((s) => (snapshot.questionsBySection.get(s) ?? []).map((q) => q.id)));
  const rows = await ctx.database.rows<{ itemId: number; stability: number; state: number; lastReview: string | Date }>(
    sql`SELECT item_id AS "itemId", stability, state, last_review AS "lastReview"
      FROM review_items WHERE user_id = ${userId} AND item_type = 'question'`,
  );
  let seen = 0;
  let belowTarget = 0;
  for (const r of rows) {
    if (!ids.has(r.itemId)) continue;
    seen++;
    const memory = { stability: Number(r.stability), state: r.state, lastReview: new Date(r.lastReview) };
    if (at && recallAt(memory, at) < target) belowTarget++;
  }
  return { total: ids.size, unseen: ids.size - seen, belowTarget, ids };
}

/** The question ids of the member's active plan, for the review queue; empty without one. */
export async function activePlanQuestions(ctx: Reader, userId: number, timeZone: string, now = new Date()) {
  const [plan] = await ctx.database.db
    .select({ sections: studyPlans.sections, endDate: studyPlans.endDate })
    .from(studyPlans)
    .where(eq(studyPlans.userId, userId));
  if (!plan || localDate(timeZone, now) > plan.endDate) return new Set<number>();
  const { bank: snapshot } = await studyBank(ctx);
  return new Set(plan.sections.flatMap((s) => (snapshot.questionsBySection.get(s) ?? []).map((q) => q.id)));
}

export async function planOf(ctx: Reader, userId: number, now = new Date()): Promise<StudyPlan> {
  const [plan] = await ctx.database.db.select().from(studyPlans).where(eq(studyPlans.userId, userId));
  if (!plan) return { plan: null };
  const { timeZone } = await settingsOf(ctx, userId);
  const today = localDate(timeZone, now);
  const ended = today > plan.endDate;
  const at = ended ? null : forecastInstant(plan.endDate, timeZone, now);
  const items = await planItems(ctx, userId, plan.sections, plan.targetRecall, at);
  let recallNow = plan.finalRecall ?? (await sectionsRecall(ctx, userId, plan.sections, now));
  if (ended && plan.finalRecall === null) {
    // The first read after the date keeps the recall reached: the summary stays what it was.
    const [kept] = await ctx.database.db
      .update(studyPlans)
      .set({ finalRecall: sql`coalesce(${studyPlans.finalRecall}, ${recallNow})` })
      .where(eq(studyPlans.userId, userId))
      .returning({ finalRecall: studyPlans.finalRecall });
    recallNow = kept?.finalRecall ?? recallNow;
  }
  const progress = planProgress({
    startDate: plan.startDate,
    endDate: plan.endDate,
    startRecall: plan.startRecall,
    target: plan.targetRecall,
    today: ended ? plan.endDate : today,
    recallNow,
  });
  return {
    plan: {
      sections: plan.sections,
      endDate: plan.endDate,
      targetRecall: plan.targetRecall,
      startDate: plan.startDate,
      startRecall: plan.startRecall,
      status: ended ? "ended" : "active",
      recallNow,
      expected: progress.expected,
      onTrack: progress.onTrack,
      items: { total: items.total, unseen: items.unseen, belowTarget: items.belowTarget },
      goal: planDailyGoal(items, today, plan.endDate),
      summary: ended ? { finalRecall: recallNow, reached: recallNow >= plan.targetRecall } : null,
    },
  };
}

/** Sets the member's plan, replacing the one they had (one plan at a time). */
export async function setPlan(ctx: Reader, userId: number, input: PlanInput, now = new Date()): Promise<StudyPlan> {
  const { timeZone } = await settingsOf(ctx, userId);
  const today = localDate(timeZone, now);
  const sections = [...new Set(input.sections)].sort((a, b) => a - b);
  const problem = planProblem({ sections, endDate: input.endDate, target: input.targetRecall }, today);
  if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: problem });
  const startRecall = await sectionsRecall(ctx, userId, sections, now);
  const values = { sections, endDate: input.endDate, targetRecall: input.targetRecall, startDate: today, startRecall };
  await ctx.database.db
    .insert(studyPlans)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: studyPlans.userId,
      set: { ...values, finalRecall: null, createdAt: sql`now()` },
    });
  return planOf(ctx, userId, now);
}

export async function deletePlan(ctx: Pick<Context, "database">, userId: number) {
  const gone = await ctx.database.db
    .delete(studyPlans)
    .where(eq(studyPlans.userId, userId))
    .returning({ userId: studyPlans.userId });
  if (gone.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "You have no study plan." });
  return { plan: null };
}
