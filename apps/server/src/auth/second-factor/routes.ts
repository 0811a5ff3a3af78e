/**
 * The second factor's routes, for the signed-in browser session: its state (GET /api/second-factor),
 * enrolment (setup, then enable with a first code, which hands out the recovery codes once), the code
 * step after a password sign-in (verify), and re-authentication for the sensitive admin actions
 * (POST /api/reauth). Wrong codes are limited per account like wrong passwords.
 */
import type { Database } from "@jcba/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { refusal } from "../../http/errors.ts";
import { DbLimiter } from "../rate-limit.ts";
import type { AuditSink } from "../security-audit.ts";
import { type Sessions, sessionTokenOf, type ValidSession } from "../sessions.ts";
import { verifyUserPassword } from "../users.ts";
import { acceptCode, beginEnrolment, newRecoveryCodes, stateOf, useRecoveryCode } from "./totp.ts";

const codeBody = z.object({ code: z.string().trim().min(1).max(40) });
const reauthBody = z.object({ password: z.string().min(1).max(1000), code: z.string().trim().max(40).optional() });

/** What a password sign-in still needs: admins enrol or enter a code; others nothing. */
export async function secondFactorStep(
  database: Database,
  user: { id: number; isAdmin: boolean },
): Promise<"enrol" | "verify" | null> {
  const { enrolled } = await stateOf(database, user.id);
  if (enrolled) return "verify";
  return user.isAdmin ? "enrol" : null;
}

export function registerSecondFactorRoutes(
  app: FastifyInstance,
  { database, sessions, audit }: { database: Database; sessions: Sessions; audit: AuditSink },
) {
  const wrongCodes = new DbLimiter(database, "2fa-user", 5, 15 * 60_000);

  async function sessionOf(request: FastifyRequest, reply: FastifyReply): Promise<ValidSession | null> {
    const token = sessionTokenOf(request);
    const session = token ? await sessions.validate(token) : null;
    if (!session) reply.code(401).send(refusal("UNAUTHORIZED", "Sign in to continue."));
    return session;
  }

  /** A TOTP code or a recovery code; wrong ones count towards the account's limit. */
  async function checkCode(request: FastifyRequest, reply: FastifyReply, session: ValidSession, code: string) {
    const user = session.user;
    const wait = await wrongCodes.retryAfter(String(user.id));
    if (wait > 0) {
      reply
        .code(429)
        .header("Retry-After", String(Math.ceil(wait / 1000)))
        .send(refusal("TOO_MANY_REQUESTS", "Too many wrong codes. Try again later."));
      return false;
    }
    const compact = code.replace(/\s/g, "");
    const result = /^\d{6}$/.test(compact) ? await acceptCode(database, user, compact) : "wrong";
    if (result === "ok") return true;
    if (result === "wrong" && (await useRecoveryCode(database, user.id, code))) {
      await audit.record(
        { kind: "secondfactor.recovery", actorUserId: user.id, targetType: "user", targetId: user.id },
        request,
      );
      return true;
    }
    await wrongCodes.hit(String(user.id));
    await audit.record(
      {
        kind: "secondfactor.failure",
        actorUserId: user.id,
        targetType: "user",
        targetId: user.id,
        after: { reason: result },
      },
      request,
    );
    reply
      .code(401)
      .send(
        refusal(
          "UNAUTHORIZED",
          result === "replayed"
            ? "That code was used already. Wait for the next one."
            : "That code is not right. Try the current one.",
        ),
      );
    return false;
  }

  app.get("/api/second-factor", async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!session) return reply;
    reply.header("Cache-Control", "no-store");
    const state = await stateOf(database, session.user.id);
    return { required: session.user.isAdmin, verified: session.secondFactor, ...state };
  });

  app.post("/api/second-factor/setup", async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!session) return reply;
    const begun = await beginEnrolment(database, session.user);
    if (!begun)
      return reply
        .code(409)
        .send(refusal("CONFLICT", "An authenticator app is set up already; an operator can reset it with the CLI."));
    reply.header("Cache-Control", "no-store");
    return begun;
  });

  app.post("/api/second-factor/enable", async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!session) return reply;
    const parsed = codeBody.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send(refusal("BAD_REQUEST", "Enter the six-digit code."));
    const result = await acceptCode(database, session.user, parsed.data.code.replace(/\s/g, ""), true);
    if (result !== "ok")
      return reply
        .code(400)
        .send(
          refusal("BAD_REQUEST", "That code is not right. Check the app shows JCBA Study Hub and try the current one."),
        );
    const recoveryCodes = await newRecoveryCodes(database, session.user.id);
    await sessions.authenticated(session.id, true);
    await audit.record(
      { kind: "secondfactor.enabled", actorUserId: session.user.id, targetType: "user", targetId: session.user.id },
      request,
    );
    reply.header("Cache-Control", "no-store");
    return { enabled: true, recoveryCodes };
  });

  app.post("/api/second-factor/verify", async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!session) return reply;
    const parsed = codeBody.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send(refusal("BAD_REQUEST", "Enter the six-digit code."));
    if (!(await checkCode(request, reply, session, parsed.data.code))) return reply;
    await sessions.authenticated(session.id, true);
    await audit.record(
      { kind: "secondfactor.verified", actorUserId: session.user.id, targetType: "user", targetId: session.user.id },
      request,
    );
    return { verified: true };
  });

  app.post("/api/reauth", async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!session) return reply;
    const parsed = reauthBody.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send(refusal("BAD_REQUEST", "Enter your password."));
    const user = session.user;
    const wait = await wrongCodes.retryAfter(String(user.id));
    if (wait > 0)
      return reply
        .code(429)
        .header("Retry-After", String(Math.ceil(wait / 1000)))
        .send(refusal("TOO_MANY_REQUESTS", "Too many wrong attempts. Try again later."));
    if (!(await verifyUserPassword(database, user.id, parsed.data.password))) {
      await wrongCodes.hit(String(user.id));
      await audit.record(
        { kind: "reauth.failure", actorUserId: user.id, targetType: "user", targetId: user.id },
        request,
      );
      return reply.code(401).send(refusal("UNAUTHORIZED", "That password is not right."));
    }
    const { enrolled } = await stateOf(database, user.id);
    if (enrolled) {
      if (!parsed.data.code)
        return reply.code(400).send(refusal("BAD_REQUEST", "Enter the code from your authenticator app too."));
      if (!(await checkCode(request, reply, session, parsed.data.code))) return reply;
    }
    await sessions.authenticated(session.id, enrolled);
    await audit.record(
      { kind: "reauth.success", actorUserId: user.id, targetType: "user", targetId: user.id },
      request,
    );
    return { authenticated: true };
  });
}
