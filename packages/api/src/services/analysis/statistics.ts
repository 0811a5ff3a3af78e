/** Item analysis of a section (admins) and what other members answered (members), from the stored sums. */
import { type ItemSums, itemStatistics, peerStatistics, sumsOf } from "@jcba/domain";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import type { Question } from "../content/schemas.ts";
import { questionsAtVersions, versionKey } from "../content/versions.ts";
import { firstAnswerCounts, sectionSumsOf, sumsKey } from "./item-analysis.ts";
import type { analysisInput } from "./schemas.ts";

type Reader = Pick<Context, "database" | "content">;

/** One version's figures, with the content it was answered in. */
function versionRow(q: Question, sums: ItemSums | undefined) {
  const stats = itemStatistics(sums ?? sumsOf([], 0), q);
  return {
    version: q.version,
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
}

/**
 * Each question's figures for its latest version, and for each earlier version that was answered
 * (latest first): answers to two different wordings or answer keys are never mixed.
 */
export async function analyseSection(ctx: Reader, input: z.infer<typeof analysisInput>) {
  const snapshot = await ctx.content.get();
  const list = snapshot.questionsBySection.get(input.section) ?? [];
  const { sums, computedAt } = await sectionSumsOf(
    ctx.database,
    input.section,
    list.map((q) => q.id),
    { refresh: input.refresh === "true" },
  );
  const latest = new Map(list.map((q) => [q.id, q.version]));
  const earlier = [...sums.keys()].flatMap((key) => {
    const [id, version] = key.split(":").map(Number) as [number, number];
    return latest.has(id) && latest.get(id) !== version ? [{ id, version }] : [];
  });
  const earlierContent = await questionsAtVersions(ctx.database.db, earlier);
  return {
    section: input.section,
    minimumAnswers: 30,
    computedAt: computedAt.toISOString(),
    questions: list.map((q) => ({
      questionId: q.id,
      ...versionRow(q, sums.get(sumsKey(q.id, q.version))),
      earlierVersions: earlier
        .filter((e) => e.id === q.id)
        .sort((a, b) => b.version - a.version)
        .flatMap((e) => {
          const old = earlierContent.get(versionKey(e.id, e.version));
          return old ? [versionRow(old, sums.get(sumsKey(e.id, e.version)))] : [];
        }),
    })),
  };
}

/** Other members' first answers to the latest version of each question, from 30 first answers up. */
export async function peerStatsOf(ctx: Reader, questionIds: number[]) {
  const snapshot = await ctx.content.get();
  const known = questionIds.flatMap((id) => {
    const q = snapshot.questionsById.get(id);
    return q ? [{ id, version: q.version }] : [];
  });
  const counts = await firstAnswerCounts(ctx.database, known);
  return [...new Set(questionIds)].map((questionId) => {
    const q = snapshot.questionsById.get(questionId);
    const c = counts.get(questionId) ?? { answers: 0, correct: 0, optionCounts: [] };
    return {
      questionId,
      ...peerStatistics(c, q?.questionType === "multiple-choice" ? (q.options?.length ?? 4) : null),
    };
  });
}
