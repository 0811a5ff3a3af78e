/**
 * The question bank's and the deck's procedures, written once: list (from the content cache), and the
 * admin's create, update and delete (services/content/items.ts).
 */
import type { PastAnswerChoice } from "@jcba/domain";
import { idParam } from "@jcba/validators/api";
import { z } from "zod";
import { editionView } from "../services/content/content-cache.ts";
import {
  type ContentKind,
  createContentItem,
  removeContentItem,
  reviseContentItem,
  updateContentItem,
} from "../services/content/items.ts";
import { cachedOutput, deleted, type Flashcard, type Question, sectionFilter } from "../services/content/schemas.ts";
import { editionSlug } from "../services/editions/schemas.ts";
import { adminProcedure, protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

type ItemOf<K extends ContentKind> = K extends "question" ? Question : Flashcard;

export function contentItemRouter<
  K extends ContentKind,
  Item extends z.ZodType<ItemOf<K>>,
  Input extends z.ZodType,
  Changes extends z.ZodObject,
>(spec: {
  kind: K;
  tag: string;
  /** The collection's REST path, e.g. /questions. */
  path: `/${string}`;
  item: Item;
  input: Input;
  /** The fields an update may change (all optional). */
  changes: Changes;
}) {
  const { kind, path } = spec;
  const rest = restEndpoints(spec.tag);
  const plural = `${kind}s`;
  return router({
    list: protectedProcedure
      .meta(rest("GET", path, `List ${plural}, optionally of one section`))
      .input(sectionFilter)
      .output(cachedOutput(z.array(spec.item)))
      .query(async ({ ctx, input }) => {
        const loaded = await ctx.content.get();
        const snapshot = input.edition === undefined ? loaded : editionView(loaded, input.edition);
        const [all, bySection] =
          kind === "question"
            ? [snapshot.questions, snapshot.questionsBySection]
            : [snapshot.flashcards, snapshot.flashcardsBySection];
        return (input.section === undefined ? all : (bySection.get(input.section) ?? [])) as never;
      }),

    create: adminProcedure
      .meta(rest("POST", path, `Create a ${kind} (admin)`))
      .input(spec.input)
      .output(spec.item)
      // The schemas above check the shapes; one implementation serves both kinds.
      .mutation(({ ctx, input }) => createContentItem(ctx, kind, input as never) as never),

    update: adminProcedure
      .meta(rest("PATCH", `${path}/{id}`, `Update a ${kind} (admin); omitted fields keep their value`))
      .input(spec.changes.extend({ id: idParam }))
      .output(spec.item)
      .mutation(({ ctx, input }) => {
        const { id, pastAnswers, ...changes } = input as { id: number; pastAnswers?: PastAnswerChoice };
        return updateContentItem(ctx, kind, id, changes, { pastAnswers }) as never;
      }),

    revise: adminProcedure
      .meta(
        rest(
          "POST",
          `${path}/{id}/revise`,
          `Write a ${kind}'s text for a new contract edition (admin): a new ${kind} true for that edition replaces this one there, which keeps its text for the editions before; members' review schedules carry over when the answer is unchanged`,
        ),
      )
      .input(spec.changes.extend({ id: idParam, edition: editionSlug }))
      .output(spec.item)
      .mutation(({ ctx, input }) => {
        const {
          id,
          edition,
          pastAnswers: _,
          ...changes
        } = input as { id: number; edition: string; pastAnswers?: unknown };
        return reviseContentItem(ctx, kind, id, edition, changes) as never;
      }),

    delete: adminProcedure
      .meta(
        rest(
          "DELETE",
          `${path}/{id}`,
          `Delete a ${kind} (admin); one that members have used is archived, keeping their history`,
        ),
      )
      .input(z.object({ id: idParam }))
      .output(deleted)
      .mutation(async ({ ctx, input }) => {
        await removeContentItem(ctx, kind, input.id);
        return { id: input.id, deleted: true as const };
      }),
  });
}
