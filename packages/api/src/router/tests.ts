import { randomInt, randomUUID } from "node:crypto";
import { questionAttempts, questions, testAttempts } from "@jcba/db";
import {
  chosenOptionIndex,
  decodeTestCode,
  drawForCode,
  drawSpread,
  encodeTestCode,
  isAnswerCorrect,
  isSectionNumber,
  MAX_TEST_QUESTIONS,
  MAX_TIME_LIMIT_MINUTES,
  SECTION_NUMBERS,
  sectionBreakdown,
  type TestCode,
  testScore,
} from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { idParam, type Question, testAnswerText, testAttempt, timeTakenMs } from "../schemas.ts";
import { recordAnswers, toIso } from "../services/answers/answers.ts";
import { questionColumns } from "../services/content/columns.ts";
import type { Context } from "../trpc/procedures.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";

const TAG = ["Practice tests"];

const POOLS = ["all", "unused", "incorrect", "flagged"] as const;
type Pool = (typeof POOLS)[number];

interface MemberStatus {
  /** Latest result per answered question: true = right. */
  latest: Map<number, boolean>;
  flagged: Set<number>;
}

/** What the pools need to know of a member: latest result per answered question, and the flags. */
async function memberStatus(ctx: Context, userId: number): Promise<MemberStatus> {
  const [row] = await ctx.database.rows<{ results: [number, boolean][] | null; flags: number[] | null }>(sql`
    SELECT (SELECT json_agg(json_build_array(question_id, is_correct)) FROM question_results WHERE user_id = ${userId}) AS results,
           (SELECT json_agg(question_id) FROM question_flags WHERE user_id = ${userId}) AS flags`);
  return { latest: new Map(row?.results ?? []), flagged: new Set(row?.flags ?? []) };
}

/**
 * A seed code's draw, over the bank as it was when the code was made: a question archived since still
 * takes part (so the rest does not reshuffle) and then leaves the test.
 */
async function drawSeeded(ctx: Context, code: Extract<TestCode, { kind: "seed" }>) {
  const snapshot = await ctx.content.get();
  const bank = await ctx.database.db
    .select({ id: questions.id, sectionNumber: questions.sectionNumber })
    .from(questions)
    .where(
      and(
        inArray(questions.sectionNumber, code.sections),
        sql`${questions.id} <= ${code.maxQuestionId}`,
        sql`(${questions.archivedAt} IS NULL OR ${questions.archivedAt} > to_timestamp(${code.createdAt}))`,
      ),
    );
  return drawForCode(bank, code).flatMap((q) => snapshot.questionsById.get(q.id) ?? []);
}

function inPool(pool: Pool, id: number, status: MemberStatus): boolean {
  if (pool === "unused") return !status.latest.has(id);
  if (pool === "incorrect") return status.latest.get(id) === false;
  if (pool === "flagged") return status.flagged.has(id);
  return true;
}

/** "all" or a comma-separated list of section numbers, e.g. "1,7,12". */
const sectionsParam = z
  .string()
  .trim()
  .default("all")
  .transform((raw, ctx) => {
    if (raw === "" || raw.toLowerCase() === "all") return [...SECTION_NUMBERS];
    const list = raw.split(",").map((s) => Number(s.trim()));
    if (list.some((n) => !isSectionNumber(n))) {
      ctx.addIssue({
        code: "custom",
        message: "sections must be 'all' or section numbers from 1 to 32 separated by commas.",
      });
      return z.NEVER;
    }
    return [...new Set(list)].sort((a, b) => a - b);
  });

const testQuestion = z.object({
  id: z.number().int(),
  sectionNumber: z.number().int(),
  questionType: z.enum(["multiple-choice", "fill-in-blank"]),
  questionText: z.string(),
  options: z.array(z.string()).nullable(),
});

const reviewItem = testQuestion.extend({
  userAnswer: z.string().nullable(),
  isCorrect: z.boolean(),
  correctAnswer: z.string(),
  explanation: z.string(),
  citation: z.string().nullable(),
  source: z.string().nullable(),
  sourceLabel: z.string().nullable(),
});

const testResult = z.object({
  attempt: testAttempt,
  correctCount: z.number().int(),
  breakdown: z.array(
    z.object({
      sectionNumber: z.number().int(),
      total: z.number().int(),
      correct: z.number().int(),
      percent: z.number().int(),
    }),
  ),
  review: z.array(reviewItem),
});

type Attempt = typeof testAttempts.$inferSelect;
const toAttempt = (a: Attempt) => ({
  id: a.id,
  createdAt: toIso(a.createdAt),
  sectionsIncluded: a.sectionsIncluded,
  totalQuestions: a.totalQuestions,
  score: a.score,
  timeSpentSeconds: a.timeSpentSeconds,
});

/** Rebuilds a stored attempt's review from its question list and recorded answers. */
async function resultOf(ctx: Context, attempt: Attempt) {
  const answers = await ctx.database.db
    .select({
      questionId: questionAttempts.questionId,
      userAnswer: questionAttempts.userAnswer,
      isCorrect: questionAttempts.isCorrect,
    })
    .from(questionAttempts)
    .where(eq(questionAttempts.testAttemptId, attempt.id));
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const snapshot = await ctx.content.get();
  // A question archived since the test left the bank, not the member's history: read it from the table.
  const archived = attempt.questionIds.filter((id) => !snapshot.questionsById.has(id));
  const kept =
    archived.length > 0
      ? new Map(
          (await ctx.database.db.select(questionColumns).from(questions).where(inArray(questions.id, archived))).map(
            (q) => [q.id, q],
          ),
        )
      : new Map<number, never>();
  const review = attempt.questionIds.flatMap((id) => {
    const q = snapshot.questionsById.get(id) ?? kept.get(id);
    if (!q) return []; // an admin-written question deleted before anyone answered it
    const a = byQuestion.get(id);
    return [
      {
        id: q.id,
        sectionNumber: q.sectionNumber,
        questionType: q.questionType,
        questionText: q.questionText,
        options: q.options,
        userAnswer: a?.userAnswer ?? null,
        isCorrect: a?.isCorrect ?? false,
        correctAnswer: q.correctAnswer,
        explanation: q.explanation,
        citation: q.citation,
        source: q.source,
        sourceLabel: q.sourceLabel,
      },
    ];
  });
  return {
    attempt: toAttempt(attempt),
    correctCount: review.filter((r) => r.isCorrect).length,
    breakdown: sectionBreakdown(review),
    review,
  };
}

export const testsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/test-attempts",
        tags: TAG,
        summary: "The signed-in member's practice-test attempts, newest first",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(testAttempt))
    .query(async ({ ctx }) => {
      const rows = await ctx.database.db
        .select()
        .from(testAttempts)
        .where(eq(testAttempts.userId, ctx.user.id))
        .orderBy(desc(testAttempts.createdAt));
      return rows.map(toAttempt);
    }),

  get: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/test-attempts/{id}",
        tags: TAG,
        summary: "One attempt with its review",
        protect: true,
      },
    })
    .input(z.object({ id: z.uuid("id must be a UUID.") }))
    .output(testResult)
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.database.db
        .select()
        .from(testAttempts)
        .where(and(eq(testAttempts.id, input.id), eq(testAttempts.userId, ctx.user.id)));
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "No such test attempt." });
      return resultOf(ctx, row);
    }),

  availability: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/practice-test/availability",
        tags: TAG,
        summary: "How many questions each section has for a practice test",
        protect: true,
      },
    })
    .input(z.void())
    .output(
      z.array(
        z.object({
          sectionNumber: z.number().int(),
          questions: z.number().int(),
          unused: z.number().int().meta({ description: "Questions the member never answered." }),
          incorrect: z.number().int().meta({ description: "Questions whose latest answer was wrong." }),
          flagged: z.number().int().meta({ description: "Questions the member flagged." }),
        }),
      ),
    )
    .query(async ({ ctx }) => {
      const snapshot = await ctx.content.get();
      const status = await memberStatus(ctx, ctx.user.id);
      return SECTION_NUMBERS.map((s) => {
        const inSection = snapshot.questionsBySection.get(s) ?? [];
        const count = (pool: Pool) => inSection.filter((q) => inPool(pool, q.id, status)).length;
        return {
          sectionNumber: s,
          questions: inSection.length,
          unused: count("unused"),
          incorrect: count("incorrect"),
          flagged: count("flagged"),
        };
      });
    }),

  draw: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/practice-test/questions",
        tags: TAG,
        summary: "Draw practice-test questions at random, spread across the sections, without their answers",
        protect: true,
      },
    })
    .input(
      z.object({
        sections: sectionsParam,
        count: z.coerce
          .number()
          .int("count must be a whole number.")
          .min(1, "count must be at least 1.")
          .max(MAX_TEST_QUESTIONS, `count must be at most ${MAX_TEST_QUESTIONS}.`)
          .default(25),
        pool: z
          .enum(POOLS, { error: "pool must be all, unused, incorrect or flagged." })
          .default("all")
          .meta({ description: "all, unused (never answered), incorrect (latest answer wrong) or flagged." }),
        code: z.string().trim().max(2000, "code is too long.").optional().meta({
          description: "A shared test code: draws that test again (sections, count and pool are then ignored).",
        }),
      }),
    )
    .output(
      z.object({
        sections: z.array(z.number().int()),
        available: z.number().int(),
        pool: z.enum(POOLS),
        code: z.string().meta({ description: "Share it: the same code draws the same questions in the same order." }),
        questions: z.array(testQuestion),
      }),
    )
    .query(async ({ ctx, input }) => {
      const snapshot = await ctx.content.get();
      let drawn: (typeof snapshot.questions)[number][];
      let code: string;
      let available: number;
      let pool: Pool = input.pool;
      const fromCode = input.code !== undefined && input.code !== "";
      if (fromCode) {
        const decoded = decodeTestCode(input.code!, MAX_TEST_QUESTIONS);
        if (!decoded) throw new TRPCError({ code: "BAD_REQUEST", message: "That test code is not valid." });
        pool = "all";
        if (decoded.kind === "list") {
          drawn = decoded.questionIds.flatMap((id) => snapshot.questionsById.get(id) ?? []);
        } else drawn = await drawSeeded(ctx, decoded);
        if (drawn.length === 0)
          throw new TRPCError({
            code: "NOT_FOUND",
            message: "None of that test's questions are in the bank any more.",
          });
        code = encodeTestCode(decoded);
        available = drawn.length;
      } else {
        const inSections = input.sections.flatMap((s) => snapshot.questionsBySection.get(s) ?? []);
        if (pool === "all") {
          const seed = randomInt(0, 2 ** 32);
          const maxQuestionId = inSections.reduce((m, q) => Math.max(m, q.id), 0);
          const seedCode = {
            kind: "seed" as const,
            seed,
            maxQuestionId,
            createdAt: Math.floor(Date.now() / 1000),
            count: input.count,
            sections: input.sections,
          };
          drawn = await drawSeeded(ctx, seedCode);
          code = encodeTestCode(seedCode);
          available = inSections.length;
        } else {
          // A member's own pool differs from anyone else's: the code lists the drawn questions.
          const status = await memberStatus(ctx, ctx.user.id);
          const mine = inSections.filter((q) => inPool(pool, q.id, status));
          drawn = drawSpread(mine, input.count);
          available = mine.length;
          code = drawn.length > 0 ? encodeTestCode({ kind: "list", questionIds: drawn.map((q) => q.id) }) : "";
        }
      }
      return {
        sections: fromCode ? [...new Set(drawn.map((q) => q.sectionNumber))].sort((a, b) => a - b) : input.sections,
        available,
        pool,
        code,
        questions: drawn.map((q) => ({
          id: q.id,
          sectionNumber: q.sectionNumber,
          questionType: q.questionType,
          questionText: q.questionText,
          options: q.options,
        })),
      };
    }),

  /** Tutor mode: grades one answer for feedback without recording it (the test is recorded on submit). */
  check: protectedProcedure
    .input(z.object({ questionId: idParam, userAnswer: testAnswerText }))
    .output(
      z.object({
        isCorrect: z.boolean(),
        correctAnswer: z.string(),
        explanation: z.string(),
        citation: z.string().nullable(),
        source: z.string().nullable(),
        sourceLabel: z.string().nullable(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const q = (await ctx.content.get()).questionsById.get(input.questionId);
      if (!q) throw new TRPCError({ code: "NOT_FOUND", message: `Question ${input.questionId} does not exist.` });
      return {
        isCorrect: isAnswerCorrect(q, input.userAnswer),
        correctAnswer: q.correctAnswer,
        explanation: q.explanation,
        citation: q.citation,
        source: q.source,
        sourceLabel: q.sourceLabel,
      };
    }),

  submit: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/test-attempts",
        tags: TAG,
        summary: "Submit a practice test; the server grades it and records the attempt once per id",
        protect: true,
      },
    })
    .input(
      z.object({
        id: z.uuid("id must be a UUID.").optional(),
        answers: z
          .array(
            z.object({
              questionId: idParam,
              userAnswer: testAnswerText.nullable(),
              timeTakenMs,
            }),
          )
          .min(1, "A test needs at least one question.")
          .max(MAX_TEST_QUESTIONS, `A test has at most ${MAX_TEST_QUESTIONS} questions.`)
          .refine(
            (list) => new Set(list.map((a) => a.questionId)).size === list.length,
            "A question appears twice in the answers.",
          ),
        timeSpentSeconds: z.coerce
          .number()
          .int("timeSpentSeconds must be a whole number.")
          .min(0, "timeSpentSeconds cannot be negative.")
          .max(MAX_TIME_LIMIT_MINUTES * 60 * 4, "timeSpentSeconds is too large."),
      }),
    )
    .output(testResult)
    .mutation(async ({ ctx, input }) => {
      const id = input.id ?? randomUUID();
      const userId = ctx.user.id;
      const snapshot = await ctx.content.get();
      // A question archived while the member was taking the test (or offline) is still graded: it is
      // out of the cached snapshot but still in the database.
      const archived = new Map<number, Question>();
      for (const a of input.answers) {
        if (snapshot.questionsById.has(a.questionId)) continue;
        const q = await ctx.content.question(a.questionId);
        if (!q) throw new TRPCError({ code: "NOT_FOUND", message: `Question ${a.questionId} does not exist.` });
        archived.set(q.id, q);
      }
      const graded = input.answers.map((a) => {
        const q = (snapshot.questionsById.get(a.questionId) ?? archived.get(a.questionId))!;
        const answered = a.userAnswer !== null && a.userAnswer.trim() !== "";
        return {
          q,
          userAnswer: answered ? a.userAnswer! : null,
          isCorrect: answered && isAnswerCorrect(q, a.userAnswer!),
          chosenOption: answered ? chosenOptionIndex(q, a.userAnswer!) : null,
          timeTakenMs: a.timeTakenMs ?? null,
        };
      });
      const correct = graded.filter((g) => g.isCorrect).length;
      const sections = [...new Set(graded.map((g) => g.q.sectionNumber))].sort((a, b) => a - b);

      const stored = await ctx.database.transaction(async (tx) => {
        const [created] = await tx.db
          .insert(testAttempts)
          .values({
            id,
            userId,
            sectionsIncluded: sections,
            questionIds: graded.map((g) => g.q.id),
            totalQuestions: graded.length,
            score: testScore(correct, graded.length),
            timeSpentSeconds: input.timeSpentSeconds,
          })
          .onConflictDoNothing({ target: testAttempts.id })
          .returning();
        if (!created) {
          // Submitted before (a retry after a dropped connection): the first submission stands.
          const [existing] = await tx.db.select().from(testAttempts).where(eq(testAttempts.id, id));
          if (!existing || existing.userId !== userId)
            throw new TRPCError({ code: "CONFLICT", message: "That test id is already used." });
          return existing;
        }
        const answered = graded.flatMap((g) =>
          g.userAnswer === null
            ? []
            : [
                {
                  id: randomUUID(),
                  questionId: g.q.id,
                  sectionNumber: g.q.sectionNumber,
                  userAnswer: g.userAnswer,
                  isCorrect: g.isCorrect,
                  chosenOption: g.chosenOption,
                  timeTakenMs: g.timeTakenMs,
                },
              ],
        );
        await recordAnswers(tx, userId, answered, { testAttemptId: id });
        return created;
      });
      return resultOf(ctx, stored);
    }),
});
