import { z } from "zod";
import { auditEventsPage } from "../services/audit/events.ts";
import { auditPage, auditQuery } from "../services/audit/schemas.ts";
import * as directory from "../services/directory/schemas.ts";
import { changeUser, platformStats, userCount, usersPage } from "../services/directory/users.ts";
import { requestFit } from "../services/review-model/model.ts";
import * as reviewModel from "../services/review-model/schemas.ts";
import { adminProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Admin");

export const adminRouter = router({
  stats: adminProcedure
    .meta(rest("GET", "/admin/stats", "Platform totals: users, questions, flashcards and practice-test attempts"))
    .input(z.void())
    .output(directory.adminStats)
    .query(({ ctx }) => platformStats(ctx)),

  users: adminProcedure
    .meta(
      rest(
        "GET",
        "/admin/users",
        "Users of the platform in name order, a page at a time (100 unless limit says, at most 500); query finds members whose name or e-mail starts with it. The total is at GET /admin/users/count.",
      ),
    )
    .input(directory.usersInput)
    .output(z.array(directory.adminUser))
    .query(({ ctx, input }) => usersPage(ctx, input)),

  usersCount: adminProcedure
    .meta(rest("GET", "/admin/users/count", "How many users there are, or how many match query"))
    .input(directory.userCountInput)
    .output(directory.userTotal)
    .query(({ ctx, input }) => userCount(ctx, input?.query)),

  updateUser: adminProcedure
    .meta(
      rest(
        "PATCH",
        "/admin/users/{id}",
        "Make a member an admin or take it away, disable or enable an account (admin). The last admin stays; a disabled account's sessions and API tokens stop at once.",
      ),
    )
    .input(directory.userChange)
    .output(directory.adminUser)
    .mutation(({ ctx, input }) => changeUser(ctx, input)),

  audit: adminProcedure
    .meta(
      rest(
        "GET",
        "/admin/audit",
        "The audit trail, newest first (admin): who did what, when, to which item, with the item before and after. actor is an e-mail (or its start); kind is one kind (question.updated) or a group (question); from and to bound the time.",
      ),
    )
    .input(auditQuery)
    .output(auditPage)
    .query(({ ctx, input }) => auditEventsPage(ctx, input)),

  fitReviewModel: adminProcedure
    .meta(
      rest(
        "POST",
        "/admin/review-model/fit",
        "Fit the memory models again now (admin): the union's from every member's reviews, then members' own. It runs in the background, one fit at a time; the answer is 202 at once.",
        { successStatus: 202 },
      ),
    )
    .input(z.void())
    .output(reviewModel.fitAccepted)
    .mutation(async ({ ctx }) => {
      await requestFit(ctx.database);
      return { requested: true as const };
    }),
});
