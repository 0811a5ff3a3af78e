import { questions } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  cachedOutput,
  deleted,
  idParam,
  question,
  questionFields,
  questionInput,
  questionProblem,
  sectionFilter,
} from "../schemas.ts";
import { recordAdminAction } from "../services/audit/audit-trail.ts";
import { questionColumns } from "../services/content/columns.ts";
import { removeContentItem } from "../services/content/remove-item.ts";
import { clientErrorFrom } from "../trpc/db-errors.ts";
import { adminProcedure, protectedProcedure, router } from "../trpc/procedures.ts";

const TAG = ["Questions"];

export const questionsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/questions",
        tags: TAG,
        summary: "List questions, optionally of one section",
        protect: true,
      },
    })
    .input(sectionFilter)
    .output(cachedOutput(z.array(question)))
    .query(async ({ ctx, input }) => {
      const snapshot = await ctx.content.get();
      return input.section === undefined ? snapshot.questions : (snapshot.questionsBySection.get(input.section) ?? []);
    }),

  create: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/questions", tags: TAG, summary: "Create a question (admin)", protect: true },
    })
    .input(questionInput)
    .output(question)
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.database.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(questions)
          .values({
            ...input,
            options: input.questionType === "multiple-choice" ? input.options! : null,
            citation: input.citation ?? null,
            editedAt: new Date(),
          })
          .returning(questionColumns)
          .catch((e) => clientErrorFrom(e));
        await recordAdminAction(tx, ctx, {
          kind: "question.created",
          targetType: "question",
          targetId: created!.id,
          before: null,
          after: created,
        });
        return created!;
      });
      ctx.content.invalidate();
      return row;
    }),

  update: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/questions/{id}",
        tags: TAG,
        summary: "Update a question (admin); omitted fields keep their value",
        protect: true,
      },
    })
    .input(questionFields.partial().extend({ id: idParam }))
    .output(question)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      return ctx.database.db.transaction(async (tx) => {
        const [current] = await tx.select(questionColumns).from(questions).where(eq(questions.id, id)).for("update");
        if (!current) throw new TRPCError({ code: "NOT_FOUND", message: `Question ${id} does not exist.` });
        const merged = {
          ...current,
          ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
        } as typeof current;
        if (merged.questionType === "fill-in-blank") merged.options = null;
        // Accepted spellings belong to the answer they were written for.
        if (merged.correctAnswer !== current.correctAnswer || merged.questionType !== "fill-in-blank")
          merged.alternatives = null;
        const problem = questionProblem(merged);
        if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: problem.message });
        const { id: _id, ...values } = merged;
        const [row] = await tx
          .update(questions)
          .set({ ...values, editedAt: new Date() })
          .where(eq(questions.id, id))
          .returning(questionColumns)
          .catch((e) => clientErrorFrom(e));
        await recordAdminAction(tx, ctx, {
          kind: "question.updated",
          targetType: "question",
          targetId: id,
          before: current,
          after: row,
        });
        ctx.content.invalidate();
        return row!;
      });
    }),

  delete: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/questions/{id}",
        tags: TAG,
        summary: "Delete a question (admin); one that members have used is archived, keeping their history",
        protect: true,
      },
    })
    .input(z.object({ id: idParam }))
    .output(deleted)
    .mutation(async ({ ctx, input }) => {
      await removeContentItem(ctx, "question", input.id);
      ctx.content.invalidate();
      return { id: input.id, deleted: true as const };
    }),
});
