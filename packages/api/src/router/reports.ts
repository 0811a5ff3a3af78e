import { z } from "zod";
import { decideReport, fileReport, openReportCount, reportQueue, reportsOf } from "../services/reports/reports.ts";
import { decision, openReports, queueInput, report, reportInput, reportPage } from "../services/reports/schemas.ts";
import { adminProcedure, protectedProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Reports");

export const reportsRouter = router({
  create: protectedProcedure
    .meta(
      rest("POST", "/reports", "Report a problem with a question or a flashcard (any signed-in member)", {
        successStatus: 201,
      }),
    )
    .input(reportInput)
    .output(report)
    .mutation(({ ctx, input }) => fileReport(ctx, ctx.user.id, input)),

  mine: protectedProcedure
    .meta(rest("GET", "/reports", "Your own reports, newest first"))
    .input(z.void())
    .output(z.array(report))
    .query(({ ctx }) => reportsOf(ctx, ctx.user.id)),

  list: adminProcedure
    .meta(
      rest(
        "GET",
        "/admin/reports",
        "The report queue (admin): reports of one status, oldest open first, newest decided first",
      ),
    )
    .input(queueInput)
    .output(reportPage)
    .query(({ ctx, input }) => reportQueue(ctx, input)),

  openCount: adminProcedure
    .meta(rest("GET", "/admin/reports/open-count", "How many reports wait for an admin"))
    .input(z.void())
    .output(openReports)
    .query(({ ctx }) => openReportCount(ctx)),

  decide: adminProcedure
    .meta(
      rest(
        "PATCH",
        "/admin/reports/{id}",
        "Decide a report (admin): fixed or rejected, with a reply the member sees; open puts it back",
      ),
    )
    .input(decision)
    .output(report)
    .mutation(({ ctx, input }) => decideReport(ctx, input)),
});
