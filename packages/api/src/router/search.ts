import { z } from "zod";
import { studyBank } from "../services/editions/member-edition.ts";
import { searchInput, searchResult } from "../services/search/schemas.ts";
import { search } from "../services/search/search.ts";
import { protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Search");

export const searchRouter = router({
  query: protectedProcedure
    .meta(rest("GET", "/search", "Search questions, flashcards, section titles and contract references, best first"))
    .input(searchInput)
    .output(z.array(searchResult))
    .query(async ({ ctx, input }) => search(ctx.database, await studyBank(ctx, input.edition), input)),
});
