/**
 * Fitted memory models: which one schedules a member (their own, the union's, or FSRS's defaults),
 * and the reads and writes of the fitting job (the server runs it off the request path: see
 * apps/server/src/review-model/fitter.ts). The scheduler reads the weights in reviews/schedule.ts.
 */
import { type Database, reviewModels } from "@jcba/db";
import { improvementOver, type MemoryModelSource } from "@jcba/domain";
import { eq, inArray, sql } from "drizzle-orm";
import type { Context } from "../../trpc/procedures.ts";
import { requestRun } from "../jobs/leases.ts";
import { toIso } from "../rows.ts";

/** The job's name in job_leases and its notification channel. */
export const REVIEW_MODEL_JOB = "review-model-fit";

export interface ModelSummary {
  source: MemoryModelSource;
  /** Reviews the model was fitted on (0 for the defaults). */
  reviews: number;
  /** Its log loss (for a member's own: on their most recent 20 % of reviews); null for the defaults. */
  logLoss: number | null;
  fittedAt: string | null;
  /** A member's own model: how much better it predicts their recall than the union's (0.07 = 7 %). */
  improvement: number | null;
}

/** The model that schedules the member now. */
export async function modelOf(ctx: Pick<Context, "database">, userId: number): Promise<ModelSummary> {
  const rows = await ctx.database.db
    .select()
    .from(reviewModels)
    .where(inArray(reviewModels.scope, ["union", `member:${userId}`]));
  const own = rows.find((r) => r.scope !== "union" && r.accepted);
  const chosen = own ?? rows.find((r) => r.scope === "union");
  if (!chosen) return { source: "default", reviews: 0, logLoss: null, fittedAt: null, improvement: null };
  return {
    source: own ? "member" : "union",
    reviews: chosen.reviews,
    logLoss: chosen.logLoss,
    fittedAt: toIso(chosen.fittedAt),
    improvement: own && own.baselineLogLoss !== null ? improvementOver(own.logLoss, own.baselineLogLoss) : null,
  };
}

/** An admin asks for a fit now; the server that holds the job's lease runs it. */
export const requestFit = (database: Database) => requestRun(database, REVIEW_MODEL_JOB);

/** Reviews per member who has any. */
export async function reviewCounts(database: Database): Promise<Map<number, number>> {
  const rows = await database.rows<{ user_id: number; n: number | string }>(
    sql`SELECT user_id, count(*) AS n FROM review_log GROUP BY user_id`,
  );
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.n)]));
}

/** One review as the fit reads it: per item, in time order. */
export interface LoggedReview {
  userId: number;
  itemType: string;
  itemId: number;
  rating: number;
  reviewedAt: number;
}

/** The members' reviews, by member, item and time. */
export async function logsOf(database: Database, userIds: readonly number[]): Promise<LoggedReview[]> {
  if (userIds.length === 0) return [];
  const rows = await database.rows<{
    user_id: number;
    item_type: string;
    item_id: number;
    rating: number;
    reviewed_at: string | Date;
  }>(sql`
    SELECT user_id, item_type, item_id, rating, reviewed_at FROM review_log
    WHERE user_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::int)
    ORDER BY user_id, item_type, item_id, reviewed_at, id`);
  return rows.map((r) => ({
    userId: Number(r.user_id),
    itemType: r.item_type,
    itemId: Number(r.item_id),
    rating: Number(r.rating),
    reviewedAt: new Date(r.reviewed_at).getTime(),
  }));
}

/** The union model's weights, or null while the defaults schedule everyone. */
export async function unionParameters(database: Database): Promise<number[] | null> {
  const [row] = await database.db
    .select({ parameters: reviewModels.parameters })
    .from(reviewModels)
    .where(eq(reviewModels.scope, "union"));
  return row?.parameters ?? null;
}

/** Reviews each member's own model was fitted on, by member. */
export async function memberFits(database: Database): Promise<Map<number, number>> {
  const rows = await database.db
    .select({ userId: reviewModels.userId, reviews: reviewModels.reviews })
    .from(reviewModels)
    .where(sql`${reviewModels.userId} IS NOT NULL`);
  return new Map(rows.map((r) => [r.userId!, r.reviews]));
}

export interface FittedModel {
  /** null for the union's. */
  userId: number | null;
  parameters: number[];
  reviews: number;
  logLoss: number;
  baselineLogLoss: number | null;
  accepted: boolean;
  fittedAt: Date;
  fitMs: number;
}

export async function saveModel(database: Database, m: FittedModel) {
  const row = {
    scope: m.userId === null ? "union" : `member:${m.userId}`,
    userId: m.userId,
    parameters: m.parameters,
    reviews: m.reviews,
    logLoss: m.logLoss,
    baselineLogLoss: m.baselineLogLoss,
    accepted: m.accepted,
    fittedAt: m.fittedAt,
    fitMs: Math.round(m.fitMs),
  };
  const { scope: _, ...update } = row;
  await database.db.insert(reviewModels).values(row).onConflictDoUpdate({ target: reviewModels.scope, set: update });
}
