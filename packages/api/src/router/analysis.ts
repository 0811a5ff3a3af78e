import { ITEM_FLAG_LABELS, type ItemFlag, itemStatistics, MAX_TEST_QUESTIONS, peerStatistics } from "@jcba/domain";
import { idParam, sectionNumber } from "@jcba/validators/api";
import { z } from "zod";
import { firstAnswerCounts, sectionSumsOf } from "../services/analysis/item-analysis.ts";
import { adminProcedure, protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Admin");

const itemFlag = z.enum(Object.keys(ITEM_FLAG_LABELS) as [ItemFlag, ...ItemFlag[]]);

const itemAnalysisRow = z.object({
  questionId: z.number().int(),
  questionType: z.enum(["multiple-choice", "fill-in-blank"]),
  questionText: z.string(),
  options: z.array(z.string()).nullable(),
  correctAnswer: z.string(),
  firstAnswers: z.number().int().meta({ description: "Members' first answers to the question." }),
  facility: z.number().nullable().meta({ description: "Share of first answers that were right (0–1); null under 30." }),
  discrimination: z.number().nullable().meta({
    description:
      "Point-biserial correlation between a right first answer and the member's first-answer share right on the rest of the bank; null under 30 answers or when nothing varies.",
  }),
  optionCounts: z
    .array(z.number().int())
    .nullable()
    .meta({ description: "First answers per option, in stored order." }),
  medianTimeMs: z.number().nullable(),
  flags: z.array(itemFlag),
  needsChecking: z.boolean(),
});

const peerStatsRow = z.object({
  questionId: z.number().int(),
  firstAnswers: z.number().int(),
  percentCorrect: z.number().int().nullable(),
  optionPercents: z.array(z.number().int()).nullable(),
});

export const analysisRouter = router({
  itemAnalysis: adminProcedure
    .meta(
      rest(
        "GET",
        "/admin/item-analysis",
        "Item analysis of a section's questions from members' first answers (admin). The figures are stored and answered at once; older than 5 minutes they are recomputed for the next request, and refresh=true recomputes them now.",
      ),
    )
    .input(
      z.object({
        section: sectionNumber,
        refresh: z.enum(["true", "false"], { error: "refresh must be true or false." }).optional(),
      }),
    )
    .output(
      z.object({
        section: z.number().int(),
        minimumAnswers: z.number().int(),
        computedAt: z.string().meta({ description: "When the figures were computed (ISO 8601)." }),
        questions: z.array(itemAnalysisRow),
      }),
    )
    .query(async ({ ctx, input }) => {
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
          const stats = itemStatistics(
            s ?? {
              answers: 0,
              correct: 0,
              pairs: 0,
              sumX: 0,
              sumY: 0,
              sumYY: 0,
              sumXY: 0,
              optionCounts: [],
              medianTimeMs: null,
            },
            q,
          );
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
    }),

  /** What other members answered, for the screens that show an answered question (from 30 first answers up). */
  peerStats: protectedProcedure
    .input(
      z.object({
        questionIds: z
          .array(idParam)
          .min(1, "Give at least one question id.")
          .max(MAX_TEST_QUESTIONS, `At most ${MAX_TEST_QUESTIONS} questions at once.`),
      }),
    )
    .output(z.array(peerStatsRow))
    .query(async ({ ctx, input }) => {
      const snapshot = await ctx.content.get();
      const counts = await firstAnswerCounts(ctx.database, input.questionIds);
      return [...new Set(input.questionIds)].map((questionId) => {
        const q = snapshot.questionsById.get(questionId);
        const c = counts.get(questionId) ?? { answers: 0, correct: 0, optionCounts: [] };
        return {
          questionId,
          ...peerStatistics(c, q?.questionType === "multiple-choice" ? (q.options?.length ?? 4) : null),
        };
      });
    }),
});
