/**
 * Invitations, the server's part: each link (PUBLIC_URL/accept-invite?token=…) holds a token made as a
 * password reset's is (link-tokens.ts), stored only as a hash, valid INVITE_DAYS and used once; a
 * resend puts a new token in place of the old one. Following the link shows a form that sets a
 * password and creates the member (the address is proved by the link), signed in on that device.
 * Works whether or not sign-up is open: with ALLOW_SIGNUP=false the union runs invitation-only.
 * The admin's side (roster, list, revoke) is the API's services/invitations.
 */
import type { InvitationServices } from "@jcba/api";
import { type Database, invitations, userColumns, users } from "@jcba/db";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Mailer } from "../mail/mailer.ts";
import { invitationMessage } from "../mail/messages.ts";
import type { Config } from "../process/config.ts";
import { rememberDevice } from "./known-device.ts";
import { LINK_TOKEN, newLinkToken } from "./link-tokens.ts";
import { hashPassword, passwordProblem } from "./passwords.ts";
import { linkFormPage, readLinkForm, refuseForm, resetInput } from "./recovery.ts";
import { hashToken, setSessionCookie } from "./sessions.ts";
import type { AuthRouteDeps } from "./sign-in.ts";

export const ACCEPT_PATH = "/accept-invite";

/** What the link's form sends: as a password reset's (token, password, confirm). */
export const acceptInput = resetInput;

/** Why a link cannot be used; each is also a key of LOGIN_ERRORS. */
type LinkProblem = "invite-invalid" | "invite-used" | "invite-expired" | "invite-revoked";

const CHUNK = 1000;
/** Links and messages made between two turns of the event loop. */
const PER_TURN = 500;

export function createInvitations(deps: { config: Config; database: Database; mailer: Mailer }) {
  const { config, database, mailer } = deps;
  const days = config.INVITE_DAYS;
  const expiry = sql`now() + ${`${days} days`}::interval`;

  const messageFor = (invitee: { email: string; firstName: string }, token: string) => ({
    kind: "invitation",
    to: invitee.email,
    ...invitationMessage({
      firstName: invitee.firstName,
      link: mailer.link(ACCEPT_PATH, { token }),
      days,
      passwords: config.PASSWORD_SIGNIN,
    }),
  });

  const services: InvitationServices = {
    async issue(tx, invitees, invitedBy) {
      const ids: number[] = [];
      for (let start = 0; start < invitees.length; start += CHUNK) {
        const chunk = invitees.slice(start, start + CHUNK);
        const hashes: string[] = [];
        const messages = [];
        for (let i = 0; i < chunk.length; i++) {
          // A roster is tens of thousands of links: others' requests run between batches of them.
          if (i > 0 && i % PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
          const { token, hash } = newLinkToken();
          hashes.push(hash);
          messages.push(messageFor(chunk[i]!, token));
        }
        const mailIds = await mailer.queue(messages, tx);
        const rows = await tx.db
          .insert(invitations)
          .values(
            chunk.map((invitee, i) => ({
              email: invitee.email,
              firstName: invitee.firstName,
              lastName: invitee.lastName,
              tokenHash: hashes[i]!,
              mailId: mailIds[i]!,
              invitedBy,
              expiresAt: expiry,
            })),
          )
          .returning({ id: invitations.id });
        for (const row of rows) ids.push(row.id);
      }
      return ids;
    },
    async reissue(tx, id) {
      const [invitee] = await tx.db
        .select({ email: invitations.email, firstName: invitations.firstName })
        .from(invitations)
        .where(eq(invitations.id, id));
      if (!invitee) return;
      const { token, hash } = newLinkToken();
      const [mailId] = await mailer.queue([messageFor(invitee, token)], tx);
      await tx.db
        .update(invitations)
        .set({ tokenHash: hash, mailId: mailId!, sentAt: sql`now()`, expiresAt: expiry })
        .where(eq(invitations.id, id));
    },
    sent: () => mailer.sent(),
  };

  async function lookup(token: string) {
    if (!LINK_TOKEN.test(token)) return { problem: "invite-invalid" as const };
    const [row] = await database.db
      .select({
        email: invitations.email,
        firstName: invitations.firstName,
        lastName: invitations.lastName,
        acceptedAt: invitations.acceptedAt,
        revokedAt: invitations.revokedAt,
        expired: sql<boolean>`${invitations.expiresAt} <= now()`,
      })
      .from(invitations)
      .where(eq(invitations.tokenHash, hashToken(token)));
    const problem: LinkProblem | null = !row
      ? "invite-invalid"
      : row.revokedAt
        ? "invite-revoked"
        : row.acceptedAt
          ? "invite-used"
          : row.expired
            ? "invite-expired"
            : null;
    return { problem, invitation: row };
  }

  /**
   * Marks the invitation accepted and creates its member in one transaction: one statement takes the
   * link, so two clicks at once cannot both create an account. The password is hashed beforehand.
   */
  async function accept(token: string, passwordHash: string) {
    return database.transaction(async (tx) => {
      const [taken] = await tx.db
        .update(invitations)
        .set({ acceptedAt: sql`now()` })
        .where(
          and(
            eq(invitations.tokenHash, hashToken(token)),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, sql`now()`),
          ),
        )
        .returning({
          id: invitations.id,
          email: invitations.email,
          firstName: invitations.firstName,
          lastName: invitations.lastName,
        });
      if (!taken) return null;
      const [user] = await tx.db
        .insert(users)
        // The invitation's link reached this address: it counts as verified.
        .values({
          email: taken.email,
          firstName: taken.firstName,
          lastName: taken.lastName,
          passwordHash,
          emailVerifiedAt: sql`now()`,
        })
        .onConflictDoNothing({ target: users.email })
        .returning(userColumns);
      if (!user) {
        // The address became a member meanwhile (sign-up, SSO): the invitation stays open for nothing.
        await tx.db.update(invitations).set({ revokedAt: sql`now()` }).where(eq(invitations.id, taken.id));
        return { member: true as const, invitationId: taken.id };
      }
      return { user, invitationId: taken.id };
    });
  }

  return { services, lookup, accept };
}

type Invitations = ReturnType<typeof createInvitations>;

const wantsJson = (request: FastifyRequest) => (request.headers["content-type"] ?? "").startsWith("application/json");

export function registerInvitationRoutes(app: FastifyInstance, deps: AuthRouteDeps & { invitations: Invitations }) {
  const { config, database, sessions, audit, invitations: invites } = deps;

  app.get(ACCEPT_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === "string" ? query.token : "";
    const { problem, invitation } = await invites.lookup(token);
    return linkFormPage(request, reply, {
      allowSignup: config.ALLOW_SIGNUP,
      // Without passwords the invitation is taken up by signing in with SSO as the invited address.
      passwords: config.PASSWORD_SIGNIN,
      ssoLabel: config.OIDC_ISSUER ? config.OIDC_LABEL : null,
      error: problem ?? query.error,
      mode: problem ? "signin" : "accept",
      invite: problem || !invitation ? undefined : { token, email: invitation.email, name: invitation.firstName },
    });
  });

  app.post("/api/invitations/accept", async (request, reply) => {
    if (!config.PASSWORD_SIGNIN) return refuseForm(request, reply, 403, "password-off", "/api/login");
    const form = readLinkForm(request, reply, ACCEPT_PATH, "invite-invalid", "/api/login");
    if ("refused" in form) return form.refused;
    const { input, formPage: acceptPage } = form;
    const { problem, invitation } = await invites.lookup(input.token);
    if (problem || !invitation) return refuseForm(request, reply, 400, problem ?? "invite-invalid", "/api/login");
    if (input.confirm !== undefined && input.confirm !== input.password)
      return refuseForm(request, reply, 400, "reset-mismatch", acceptPage);
    const weak = await passwordProblem(input.password, invitation.email);
    if (weak) return refuseForm(request, reply, 400, "reset-password", acceptPage, `password: ${weak}`);
    const accepted = await invites.accept(input.token, await hashPassword(input.password));
    if (!accepted) {
      const { problem: now } = await invites.lookup(input.token);
      return refuseForm(request, reply, 400, now ?? "invite-used", "/api/login");
    }
    if ("member" in accepted) return refuseForm(request, reply, 409, "invite-member", "/api/login");
    const { user } = accepted;
    await audit.record(
      {
        kind: "invitation.accepted",
        actorUserId: user.id,
        targetType: "invitation",
        targetId: accepted.invitationId,
      },
      request,
    );
    const session = await sessions.create(user);
    setSessionCookie(request, reply, session.token, session.expiresAt);
    await rememberDevice(database, request, reply, user.id);
    if (wantsJson(request)) return reply.send({ message: "Your account is ready and you are signed in.", user });
    return reply.redirect("/", 303);
  });
}
