import { z } from "zod";
import {
  inviteRoster,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from "../services/invitations/invitations.ts";
import * as schemas from "../services/invitations/schemas.ts";
import { adminProcedure, router } from "../trpc/procedures.ts";
import { restEndpoints } from "../trpc/rest.ts";

const rest = restEndpoints("Admin");
const changed = z.object({ id: z.number().int(), message: z.string() });

export const invitationsRouter = router({
  invite: adminProcedure
    .meta(
      rest(
        "POST",
        "/admin/invitations",
        "Invite a roster or one address (admin): each invitee is e-mailed a link (PUBLIC_URL/accept-invite?token=…, valid INVITE_DAYS) to set a password, which creates the member. Send { invitations: [{ email, firstName, lastName }] } as JSON, or the roster as a text/csv body (email, first name, last name; ?dryRun=true to check it). With dryRun, only reports bad rows, members and open invitations. Nothing is written unless every row is valid; members and open invitations are skipped.",
      ),
    )
    .input(schemas.inviteInput)
    .output(schemas.inviteReport)
    .mutation(({ ctx, input }) => inviteRoster(ctx, input)),

  list: adminProcedure
    .meta(
      rest(
        "GET",
        "/admin/invitations",
        "Invitations, newest first (admin), with each one's state: queued, sent, failed, accepted, expired or revoked; status filters by one. Counts per state come with every page.",
      ),
    )
    .input(schemas.invitationsInput)
    .output(schemas.invitationsPage)
    .query(({ ctx, input }) => listInvitations(ctx, input)),

  resend: adminProcedure
    .meta(
      rest(
        "POST",
        "/admin/invitations/{id}/resend",
        "Send an invitation again with a new link, valid INVITE_DAYS from now (admin); the link sent before stops working. Not for an accepted or revoked invitation (409).",
      ),
    )
    .input(schemas.invitationId)
    .output(changed)
    .mutation(({ ctx, input }) => resendInvitation(ctx, input.id)),

  revoke: adminProcedure
    .meta(
      rest(
        "DELETE",
        "/admin/invitations/{id}",
        "Revoke an invitation (admin): its link stops working and its e-mail, if not sent yet, is not sent. Not for an accepted one (409).",
      ),
    )
    .input(schemas.invitationId)
    .output(changed)
    .mutation(({ ctx, input }) => revokeInvitation(ctx, input.id)),
});
