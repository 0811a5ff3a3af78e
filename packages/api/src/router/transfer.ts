import { exportItems, importItems } from "../services/transfer/import-export.ts";
import { exported, exportInput, importInput, importReport } from "../services/transfer/schemas.ts";
import { adminProcedure, recentlyAuthenticated, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Admin");

export const transferRouter = router({
  export: adminProcedure
    .meta(rest("GET", "/admin/export", "Export the question bank or the deck as JSON or CSV (admin)"))
    .input(exportInput)
    .output(exported)
    .query(({ ctx, input }) => exportItems(ctx, input)),

  import: adminProcedure
    .use(recentlyAuthenticated)
    .meta(
      rest(
        "POST",
        "/admin/import",
        "Import questions or flashcards (admin). With dryRun, only reports each row's problems. Rows with an id update that item, rows without one create an item; nothing is written unless every row is valid. A row's editions (CSV: slugs separated by spaces) and replaces (the id of the item of an earlier edition it replaces) are kept as given; an empty or missing editions keeps the item's (a new item: the edition in force). Questions may also come as Moodle GIFT or Aiken (multiple choice and short answer); their section comes from a GIFT $CATEGORY naming a section, else from defaultSection.",
      ),
    )
    .input(importInput)
    .output(importReport)
    .mutation(({ ctx, input }) => importItems(ctx, input)),
});
