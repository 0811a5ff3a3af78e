/** What every way of signing in ends with (SSO, passkeys): a disabled account refused on the record, or a session begun. */
import type { SessionUser } from "@jcba/api";
import type { Database } from "@jcba/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../process/config.ts";
import { networkOf } from "./address-key.ts";
import { rememberDevice } from "./known-device.ts";
import type { AuditSink } from "./security-audit.ts";
import { type Sessions, setSessionCookie } from "./sessions.ts";

export interface SignInDeps {
  database: Database;
  sessions: Sessions;
  audit: AuditSink;
}

/** What every group of sign-in and account-link routes is given; each adds its own flow. */
export interface AuthRouteDeps extends SignInDeps {
  config: Config;
}

/** Where a session begins, for 'Signed-in devices': the browser's user agent and the address's network. */
export const sessionOrigin = (request: FastifyRequest) => ({
  userAgent: request.headers["user-agent"] ?? null,
  network: networkOf(request.ip),
});

const onUser = (user: SessionUser) => ({ actorUserId: user.id, targetType: "user", targetId: user.id });

/** Records the refusal of a disabled account's sign-in. */
export const refuseDisabled = (audit: AuditSink, request: FastifyRequest, user: SessionUser, method: string) =>
  audit.record({ kind: "signin.failure", ...onUser(user), after: { method, reason: "disabled" } }, request);

/** Records the sign-in, remembers the device, and sets the new session's cookie; answers when it ends. */
export async function beginSession(
  { database, sessions, audit }: SignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  method: string,
): Promise<Date> {
  await audit.record({ kind: "signin.success", ...onUser(user), after: { method } }, request);
  await rememberDevice(database, request, reply, user.id);
  // A passkey is something the member has, unlocked by something they know or are: two factors.
  const { token, expiresAt } = await sessions.create(user, {
    ...sessionOrigin(request),
    secondFactor: method === "passkey",
    signedInWith: method,
  });
  setSessionCookie(request, reply, token, expiresAt);
  return expiresAt;
}
