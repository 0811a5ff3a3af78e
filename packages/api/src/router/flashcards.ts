import { flashcards } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { cachedOutput, deleted, flashcard, flashcardInput, idParam, sectionFilter } from "../schemas.ts";
import { recordAdminAction } from "../services/audit/audit-trail.ts";
import { flashcardColumns } from "../services/content/columns.ts";
import { removeContentItem } from "../services/content/remove-item.ts";
import { clientErrorFrom } from "../trpc/db-errors.ts";
import { adminProcedure, protectedProcedure, router } from "../trpc/procedures.ts";

const TAG = ["Flashcards"];

export const flashcardsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/flashcards",
        tags: TAG,
        summary: "List flashcards, optionally of one section",
        protect: true,
      },
    })
    .input(sectionFilter)
    .output(cachedOutput(z.array(flashcard)))
    .query(async ({ ctx, input }) => {
      const snapshot = await ctx.content.get();
      return input.section === undefined
        ? snapshot.flashcards
        : (snapshot.flashcardsBySection.get(input.section) ?? []);
    }),

  create: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/flashcards", tags: TAG, summary: "Create a flashcard (admin)", protect: true },
    })
    .input(flashcardInput)
    .output(flashcard)
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.database.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(flashcards)
          .values({ ...input, citation: input.citation ?? null, editedAt: new Date() })
          .returning(flashcardColumns)
          .catch((e) => clientErrorFrom(e));
        await recordAdminAction(tx, ctx, {
          kind: "flashcard.created",
          targetType: "flashcard",
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
        path: "/flashcards/{id}",
        tags: TAG,
        summary: "Update a flashcard (admin); omitted fields keep their value",
        protect: true,
      },
    })
    .input(flashcardInput.partial().extend({ id: idParam }))
    .output(flashcard)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const row = await ctx.database.db.transaction(async (tx) => {
        const [current] = await tx.select(flashcardColumns).from(flashcards).where(eq(flashcards.id, id)).for("update");
        if (!current) throw new TRPCError({ code: "NOT_FOUND", message: `Flashcard ${id} does not exist.` });
        const [updated] = await tx
          .update(flashcards)
          .set({ ...values, editedAt: new Date() })
          .where(eq(flashcards.id, id))
          .returning(flashcardColumns)
          .catch((e) => clientErrorFrom(e));
        await recordAdminAction(tx, ctx, {
          kind: "flashcard.updated",
          targetType: "flashcard",
          targetId: id,
          before: current,
          after: updated,
        });
        return updated!;
      });
      ctx.content.invalidate();
      return row;
    }),

  delete: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/flashcards/{id}",
        tags: TAG,
        summary: "Delete a flashcard (admin); one that members have used is archived, keeping their history",
        protect: true,
      },
    })
    .input(z.object({ id: idParam }))
    .output(deleted)
    .mutation(async ({ ctx, input }) => {
      await removeContentItem(ctx, "flashcard", input.id);
      ctx.content.invalidate();
      return { id: input.id, deleted: true as const };
    }),
});
