import { idParam } from "@jcba/validators/api";
import { z } from "zod";
import { auditEventsPage } from "../services/audit/events.ts";
import { auditPage, auditQuery } from "../services/audit/schemas.ts";
import { sendPasswordReset } from "../services/directory/password-reset.ts";
import * as directory from "../services/directory/schemas.ts";
import { changeUser, platformStats, userCount, usersPage } from "../services/directory/users.ts";
import { failedMail, retryMail } from "../services/mail/failed-mail.ts";
import * as mail from "../services/mail/schemas.ts";
import { requestFit } from "../services/review-model/model.ts";
import * as reviewModel from "../services/review-model/schemas.ts";
import { adminProcedure, recentlyAuthenticated, router } from "../trpc/procedures.ts";
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
    .use(recentlyAuthenticated)
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
  sendPasswordReset: adminProcedure
    .meta(
      rest(
        "POST",
        "/admin/users/{id}/password-reset",
        "E-mail a member a link to choose a new password (admin). The admin never sees the link nor the password; the member's older links stop working.",
      ),
    )
    .input(z.object({ id: idParam }))
    .output(mail.resetSent)
    .mutation(({ ctx, input }) => sendPasswordReset(ctx, input.id)),

  failedMail: adminProcedure
    .meta(
      rest(
        "GET",
        "/admin/mail/failed",
        "E-mail the server gave up on after its tries, newest first (admin): to whom, what, and the last error. Never the message's link.",
      ),
    )
    .input(mail.failedMailInput)
    .output(mail.failedMailPage)
    .query(({ ctx, input }) => failedMail(ctx, input)),

  retryMail: adminProcedure
    .meta(rest("POST", "/admin/mail/{id}/retry", "Try a failed e-mail again now, with a fresh set of tries (admin)"))
    .input(z.object({ id: idParam }))
    .output(mail.failedMailRetried)
    .mutation(({ ctx, input }) => retryMail(ctx, input.id)),
});
