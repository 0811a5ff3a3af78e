/**
 * Drawing a practice test: from the whole bank with a seed (a shared code draws it again), or from the
 * member's own pool (never answered, latest answer wrong, flagged), or again from a shared code.
 */
import { randomInt } from "node:crypto";
import { questions } from "@jcba/db";
import {
  asDrawn,
  decodeTestCode,
  drawForCode,
  drawSpread,
  encodeTestCode,
  MAX_TEST_QUESTIONS,
  SECTION_NUMBERS,
  type TestCode,
} from "@jcba/domain";
import { TRPCError } from "@trpc/server";
import { and, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../trpc/procedures.ts";
import { studyBank } from "../editions/member-edition.ts";
import type { drawInput, Pool } from "./schemas.ts";

type Reader = Pick<Context, "database" | "content"> & Partial<Pick<Context, "user">>;

interface MemberStatus {
  /** Latest result per answered question: true = right. */
  latest: Map<number, boolean>;
  flagged: Set<number>;
}

/** What the pools need to know of a member: latest result per answered question, and the flags. */
async function memberStatus(ctx: Reader, userId: number): Promise<MemberStatus> {
  const [row] = await ctx.database.rows<{ results: [number, boolean][] | null; flags: number[] | null }>(sql`
    SELECT (SELECT json_agg(json_build_array(question_id, is_correct)) FROM question_results WHERE user_id = ${userId}) AS results,
           (SELECT json_agg(question_id) FROM question_flags WHERE user_id = ${userId}) AS flags`);
  return { latest: new Map(row?.results ?? []), flagged: new Set(row?.flags ?? []) };
}

/**
 * A seed code's draw, over the bank as it was when the code was made: a question archived since still
 * takes part (so the rest does not reshuffle) and then leaves the test.
 */
async function drawSeeded(
  ctx: Reader,
  code: Extract<TestCode, { kind: "seed" }>,
  { bank: snapshot, edition }: Awaited<ReturnType<typeof studyBank>>,
) {
  const bank = await ctx.database.db
    .select({ id: questions.id, sectionNumber: questions.sectionNumber })
    .from(questions)
    .where(
      and(
        inArray(questions.sectionNumber, code.sections),
        sql`${questions.id} <= ${code.maxQuestionId}`,
        sql`(${questions.archivedAt} IS NULL OR ${questions.archivedAt} > to_timestamp(${code.createdAt}))`,
        // The same code draws the same questions for every member of one edition.
        edition === null ? undefined : sql`${edition} = ANY(${questions.editions})`,
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

/** How many questions each section has for a practice test, in all and in each of the member's pools. */
export async function availabilityOf(ctx: Reader, userId: number, edition?: string) {
  const { bank: snapshot } = await studyBank(ctx, edition);
  const status = await memberStatus(ctx, userId);
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
}

/** Draws a practice test's questions, without their answers. */
export async function drawTest(ctx: Reader, userId: number, input: z.infer<typeof drawInput>) {
  // Only questions true for the edition asked for, else the member's.
  const study = await studyBank(ctx, input.edition);
  const snapshot = study.bank;
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
    } else drawn = await drawSeeded(ctx, decoded, study);
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
      drawn = await drawSeeded(ctx, seedCode, study);
      code = encodeTestCode(seedCode);
      available = inSections.length;
    } else {
      // A member's own pool differs from anyone else's: the code lists the drawn questions.
      const status = await memberStatus(ctx, userId);
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
      ...asDrawn(q),
    })),
  };
}
