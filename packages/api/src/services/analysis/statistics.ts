/** Item analysis of a section (admins) and what other members answered (members), from the stored sums. */
import { itemStatistics, peerStatistics, sumsOf } from "@jcba/domain";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import { firstAnswerCounts, sectionSumsOf } from "./item-analysis.ts";
import type { analysisInput } from "./schemas.ts";

type Reader = Pick<Context, "database" | "content">;

export async function analyseSection(ctx: Reader, input: z.infer<typeof analysisInput>) {
  const snapshot = await ctx.content.get();
  const list = snapshot.questionsBySection.get(input.section) ?? [];
  const { sums, computedAt } = await sectionSumsOf(
    ctx.database,
    input.section,
    list.map((q) => q.id),
    { refresh: input.refresh === "true" },
  );
  return {
    section: input.section,
    minimumAnswers: 30,
    computedAt: computedAt.toISOString(),
    questions: list.map((q) => {
      const s = sums.get(q.id);
      const stats = itemStatistics(s ?? sumsOf([], 0), q);
      return {
        questionId: q.id,
        questionType: q.questionType,
        questionText: q.questionText,
        options: q.options,
        correctAnswer: q.correctAnswer,
        firstAnswers: stats.firstAnswers,
        facility: stats.facility,
        discrimination: stats.discrimination,
        optionCounts: stats.optionCounts,
        medianTimeMs: stats.medianTimeMs,
        flags: stats.flags,
        needsChecking: stats.flags.length > 0,
      };
    }),
  };
}

/** Other members' first answers to each question, from 30 first answers up. */
export async function peerStatsOf(ctx: Reader, questionIds: number[]) {
  const snapshot = await ctx.content.get();
  const counts = await firstAnswerCounts(ctx.database, questionIds);
  return [...new Set(questionIds)].map((questionId) => {
    const q = snapshot.questionsById.get(questionId);
    const c = counts.get(questionId) ?? { answers: 0, correct: 0, optionCounts: [] };
    return {
      questionId,
      ...peerStatistics(c, q?.questionType === "multiple-choice" ? (q.options?.length ?? 4) : null),
    };
  });
}
