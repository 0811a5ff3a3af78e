/** Contract editions: the list (every signed-in user) and adding the next contract (admin). */
import { z } from "zod";
import { changesBetween } from "../services/editions/changes.ts";
import { createEdition, listEditions } from "../services/editions/editions.ts";
import { createEditionInput, edition, editionChanges, editionPair } from "../services/editions/schemas.ts";
import { adminProcedure, protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Editions");

export const editionsRouter = router({
  list: protectedProcedure
    .meta(rest("GET", "/editions", "The contract editions, oldest first, with the one in force and their item counts"))
    .input(z.object({}).optional())
    .output(z.array(edition))
    .query(({ ctx }) => listEditions(ctx)),

  create: adminProcedure
    .meta(
      rest(
        "POST",
        "/admin/editions",
        "Add a contract edition with its name and effective date (admin); the items of the edition in force carry over unless carryOver is false",
      ),
    )
    .input(createEditionInput)
    .output(edition)
    .mutation(({ ctx, input }) => createEdition(ctx, input)),

  changes: protectedProcedure
    .meta(
      rest(
        "GET",
        "/editions/{a}/changes/{b}",
        "What changed from edition a to edition b: the items whose text differs, by section, with the old and new question and answer",
      ),
    )
    .input(editionPair)
    .output(editionChanges)
    .query(({ ctx, input }) => changesBetween(ctx, input.a, input.b)),
});
