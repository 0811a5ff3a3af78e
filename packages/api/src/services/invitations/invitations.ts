/**
 * The admin's invitations: a roster checked (a dry run reports bad rows, members and open
 * invitations, and writes nothing) or sent, the list of invitations with their states, a resend (a new
 * link, the old one void) and a revoke. The server makes the links and their e-mail
 * (ctx.invitations); every change is in the audit trail.
 */
import { invitations, mailOutbox, users } from "@jcba/db";
import { TRPCError } from "@trpc/server";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Context, InvitationServices } from "../../trpc/procedures.ts";
import { recordAdminAction } from "../audit/audit-trail.ts";
import { toIso } from "../rows.ts";
import { checkRoster, type RosterEntry, rosterFromCsv } from "./roster.ts";
import { INVITATION_STATES, type invitationsInput, type inviteInput, type inviteReport } from "./schemas.ts";

type Caller = Pick<Context, "database" | "user" | "requestId" | "ip" | "invitations">;
type Report = z.infer<typeof inviteReport>;

function servicesOf(ctx: Caller): InvitationServices {
  if (!ctx.invitations)
    throw new TRPCError({ code: "PRECONDITION_FAILED", message: "Only the running server sends invitations." });
  return ctx.invitations;
}

/** Which of `emails` are members, and which have an open invitation; in chunks under the parameter limit. */
async function knownAddresses(ctx: Caller, emails: string[]) {
  const members = new Set<string>();
  const invited = new Set<string>();
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const [memberRows, invitedRows] = await Promise.all([
      ctx.database.db.select({ email: users.email }).from(users).where(inArray(users.email, chunk)),
      ctx.database.db
        .select({ email: invitations.email })
        .from(invitations)
        .where(and(inArray(invitations.email, chunk), isNull(invitations.acceptedAt), isNull(invitations.revokedAt))),
    ]);
    for (const r of memberRows) members.add(r.email);
    for (const r of invitedRows) invited.add(r.email);
  }
  return { members, invited };
}

export async function inviteRoster(ctx: Caller, input: z.output<typeof inviteInput>): Promise<Report> {
  const services = input.dryRun ? null : servicesOf(ctx);
  let entries: RosterEntry[];
  if (input.csv !== undefined) {
    const read = await rosterFromCsv(input.csv);
    if (read.error) throw new TRPCError({ code: "BAD_REQUEST", message: read.error });
    entries = read.entries;
  } else entries = input.invitations ?? [];
  if (entries.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: "The roster has no rows." });

  const checked = await checkRoster(entries);
  const { members, invited } = await knownAddresses(
    ctx,
    checked.valid.map((v) => v.email),
  );
  const rows: Report["rows"] = [...checked.problems];
  const toInvite = [];
  for (const entry of checked.valid) {
    if (members.has(entry.email))
      rows.push({ row: entry.row, email: entry.email, outcome: "member", problems: ["Already a member."] });
    else if (invited.has(entry.email))
      rows.push({
        row: entry.row,
        email: entry.email,
        outcome: "invited",
        problems: ["Already invited: resend that invitation instead."],
      });
    else toInvite.push(entry);
  }
  rows.sort((a, b) => a.row - b.row);
  const invalid = checked.problems.length;
  const report = (applied: boolean): Report => ({
    dryRun: input.dryRun,
    applied,
    total: checked.total,
    invited: toInvite.length,
    invalid,
    skipped: rows.length - invalid,
    rows,
  });
  if (input.dryRun) return report(false);
  if (invalid > 0) {
    const first = checked.problems[0]!;
    throw new TRPCError({
      code: "BAD_REQUEST",
      message: `${invalid} row(s) of the roster are not valid, so nobody was invited (row ${first.row}: ${first.problems.join("; ")}). Check the roster with a dry run.`,
    });
  }
  if (toInvite.length > 0) {
    const invitees = toInvite.map(({ email, firstName, lastName }) => ({ email, firstName, lastName }));
    await ctx.database.transaction(async (tx) => {
      const ids = await services!.issue(tx, invitees, ctx.user && ctx.user.id > 0 ? ctx.user.id : null);
      await recordAdminAction(
        tx.db,
        ctx,
        ids.map((id, i) => ({
          kind: "invitation.created" as const,
          targetType: "invitation",
          targetId: id,
          before: null,
          after: { email: invitees[i]!.email },
        })),
      );
    });
    services!.sent();
  }
  return report(true);
}

/** An invitation's state, from its dates and its message in the outbox. */
const STATE = sql<string>`CASE
  WHEN i.revoked_at IS NOT NULL THEN 'revoked'
  WHEN i.accepted_at IS NOT NULL THEN 'accepted'
  WHEN i.expires_at <= now() THEN 'expired'
  WHEN m.status = 'failed' THEN 'failed'
  WHEN m.status = 'pending' THEN 'queued'
  ELSE 'sent' END`;

interface InvitationRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  status: (typeof INVITATION_STATES)[number];
  createdAt: Date | string;
  sentAt: Date | string;
  expiresAt: Date | string;
  acceptedAt: Date | string | null;
  revokedAt: Date | string | null;
  lastError: string | null;
}

export async function listInvitations(ctx: Pick<Context, "database">, input: z.output<typeof invitationsInput>) {
  const states = sql`SELECT i.*, m.last_error, ${STATE} AS state
    FROM invitations i LEFT JOIN mail_outbox m ON m.id = i.mail_id`;
  const where: SQL = input.status ? sql`WHERE state = ${input.status}` : sql``;
  const [items, counts] = await Promise.all([
    ctx.database.rows<InvitationRow>(sql`
      SELECT id, email, first_name AS "firstName", last_name AS "lastName", state AS status,
        created_at AS "createdAt", sent_at AS "sentAt", expires_at AS "expiresAt",
        accepted_at AS "acceptedAt", revoked_at AS "revokedAt",
        CASE WHEN state IN ('queued', 'failed') THEN last_error END AS "lastError"
      FROM (${states}) s ${where}
      ORDER BY created_at DESC, id DESC LIMIT ${input.limit} OFFSET ${input.offset}`),
    ctx.database.rows<{ state: string; n: number | string }>(
      sql`SELECT state, count(*) AS n FROM (${states}) s GROUP BY state`,
    ),
  ]);
  const byState = Object.fromEntries(INVITATION_STATES.map((s) => [s, 0])) as Record<
    (typeof INVITATION_STATES)[number],
    number
  >;
  for (const c of counts) byState[c.state as keyof typeof byState] = Number(c.n);
  const total = input.status ? byState[input.status] : Object.values(byState).reduce((sum, n) => sum + n, 0);
  return {
    total,
    counts: byState,
    items: items.map((r) => ({
      ...r,
      createdAt: toIso(r.createdAt),
      sentAt: toIso(r.sentAt),
      expiresAt: toIso(r.expiresAt),
      acceptedAt: r.acceptedAt ? toIso(r.acceptedAt) : null,
      revokedAt: r.revokedAt ? toIso(r.revokedAt) : null,
    })),
  };
}

/** The invitation, locked for the change; 404 when there is none, 409 when it was accepted or revoked. */
async function openInvitation(tx: Pick<Context["database"], "db">, id: number, action: string) {
  const [row] = await tx.db
    .select({
      email: invitations.email,
      acceptedAt: invitations.acceptedAt,
      revokedAt: invitations.revokedAt,
      mailId: invitations.mailId,
    })
    .from(invitations)
    .where(eq(invitations.id, id))
    .for("update");
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: `There is no invitation ${id}.` });
  if (row.acceptedAt)
    throw new TRPCError({
      code: "CONFLICT",
      message: `${row.email} accepted the invitation already; it cannot be ${action}.`,
    });
  if (row.revokedAt)
    throw new TRPCError({
      code: "CONFLICT",
      message: `The invitation of ${row.email} was revoked; invite the address again instead.`,
    });
  return row;
}

/** A message for a link that no longer works is not sent (one already being sent may still go). */
const dropUnsent = (tx: Pick<Context["database"], "db">, mailId: number | null) =>
  mailId === null
    ? Promise.resolve()
    : tx.db.delete(mailOutbox).where(and(eq(mailOutbox.id, mailId), sql`${mailOutbox.status} <> 'sent'`));

/** After a resend or a revoke: the old link's message is not sent, and the change is audited. */
async function closeOld(
  tx: Pick<Context["database"], "db">,
  ctx: Caller,
  kind: "invitation.resent" | "invitation.revoked",
  id: number,
  row: { email: string; mailId: number | null },
) {
  await dropUnsent(tx, row.mailId);
  await recordAdminAction(tx.db, ctx, {
    kind,
    targetType: "invitation",
    targetId: id,
    before: null,
    after: { email: row.email },
  });
  return row.email;
}

export async function resendInvitation(ctx: Caller, id: number) {
  const services = servicesOf(ctx);
  const email = await ctx.database.transaction(async (tx) => {
    const row = await openInvitation(tx, id, "sent again");
    await services.reissue(tx, id);
    return closeOld(tx, ctx, "invitation.resent", id, row);
  });
  services.sent();
  return { id, message: `A new invitation was sent to ${email}; the link sent before no longer works.` };
}

export async function revokeInvitation(ctx: Caller, id: number) {
  const email = await ctx.database.transaction(async (tx) => {
    const row = await openInvitation(tx, id, "revoked");
    await tx.db.update(invitations).set({ revokedAt: sql`now()` }).where(eq(invitations.id, id));
    return closeOld(tx, ctx, "invitation.revoked", id, row);
  });
  return { id, message: `The invitation of ${email} is revoked; its link no longer works.` };
}
