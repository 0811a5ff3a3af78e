import { z } from "zod";
import { analysisInput, peerStatsInput, peerStatsRow, sectionAnalysis } from "../services/analysis/schemas.ts";
import { analyseSection, peerStatsOf } from "../services/analysis/statistics.ts";
import { adminProcedure, protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Admin");

export const analysisRouter = router({
  itemAnalysis: adminProcedure
    .meta(
      rest(
        "GET",
        "/admin/item-analysis",
        "Item analysis of a section's questions from members' first answers (admin). The figures are stored and answered at once; older than 5 minutes they are recomputed for the next request, and refresh=true recomputes them now.",
      ),
    )
    .input(analysisInput)
    .output(sectionAnalysis)
    .query(({ ctx, input }) => analyseSection(ctx, input)),

  /** What other members answered, for the screens that show an answered question (from 30 first answers up). */
  peerStats: protectedProcedure
    .input(peerStatsInput)
    .output(z.array(peerStatsRow))
    .query(({ ctx, input }) => peerStatsOf(ctx, input.questionIds)),
});
