import type { FastifyInstance, FastifyReply } from "fastify";
import { addressKey } from "../address-key.ts";
import type { Flows } from "../flows.ts";
import { DbLimiter } from "../rate-limit.ts";
import { promotedBySetting } from "../security-audit.ts";
import { type AuthRouteDeps, beginSession, refuseDisabled } from "../sign-in.ts";
import { claimGrantsAdmin, memberForIdentity, promoteToAdmin } from "./accounts.ts";
import { createProvider, type Provider, ProviderUnreachable } from "./provider.ts";

/** The browser's key to its SSO flow in progress. */
const FLOW_COOKIE = "jcba_oidc";
/** The ID token of an SSO sign-in, to end the provider's session at logout (id_token_hint). */
export const SSO_COOKIE = "jcba_sso";

const back = (reply: FastifyReply, error: string) =>
  reply.redirect(`/api/login?error=${encodeURIComponent(error)}`, 303);

export interface OidcDeps extends AuthRouteDeps {
  flows: Flows;
}

/** Registers the SSO routes when OIDC_ISSUER is set; returns the provider for logout, or null. */
export function registerOidcRoutes(app: FastifyInstance, deps: OidcDeps): Provider | null {
  const { config, database, sessions, audit, flows } = deps;
  if (!config.OIDC_ISSUER) return null;
  const provider = createProvider(config);
  // Each start keeps a row until the member comes back or it expires: a client may start only so many.
  const startsByIp = new DbLimiter(database, "sso-ip", 600, 15 * 60_000);

  app.get("/api/auth/oidc/start", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    if ((await startsByIp.take(addressKey(request.ip))) > 0) return back(reply, "limited");
    try {
      const { url, checks } = await provider.start();
      await flows.begin(request, reply, FLOW_COOKIE, "oidc", checks);
      return reply.redirect(url.toString(), 302);
    } catch (err) {
      request.log.warn({ err }, "single sign-on could not start");
      return back(reply, err instanceof ProviderUnreachable ? "sso-unavailable" : "sso-failed");
    }
  });

  app.get("/api/auth/oidc/callback", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    const flow = await flows.take(request, reply, FLOW_COOKIE, "oidc");
    if (!flow) return back(reply, "sso-expired");
    const { state, nonce, verifier } = flow.data;
    if (!state || !nonce || !verifier) return back(reply, "sso-expired");
    let result: Awaited<ReturnType<Provider["finish"]>>;
    try {
      // The address the provider sent the browser to, from PUBLIC_URL, never from the Host header.
      result = await provider.finish(new URL(request.url, config.PUBLIC_URL), { state, nonce, verifier });
    } catch (err) {
      request.log.warn({ err }, "single sign-on refused");
      await audit.record(
        { kind: "signin.failure", after: { method: "sso", reason: (err as { code?: unknown }).code ?? "refused" } },
        request,
      );
      return back(reply, err instanceof ProviderUnreachable ? "sso-unavailable" : "sso-failed");
    }
    const { claims, issuer } = result;
    const text = (v: unknown) => (typeof v === "string" ? v : "");
    const outcome = await memberForIdentity(database, {
      issuer,
      subject: text(claims.sub),
      email: text(claims.email) || null,
      // Some providers send the boolean as a string.
      emailVerified: claims.email_verified === true || claims.email_verified === "true",
      givenName: text(claims.given_name),
      familyName: text(claims.family_name),
    });
    if (outcome.kind === "unverified") {
      await audit.record(
        {
          kind: "signin.failure",
          targetType: "email",
          targetId: text(claims.email).toLowerCase(),
          after: { method: "sso", reason: "unverified" },
        },
        request,
      );
      return back(reply, "sso-unverified");
    }
    let { user } = outcome;
    if (outcome.disabled) {
      await refuseDisabled(audit, request, user, "sso");
      return back(reply, "disabled");
    }
    if (outcome.linked)
      await audit.record(
        {
          kind: "sso.linked",
          actorUserId: user.id,
          targetType: "user",
          targetId: user.id,
          after: { issuer, created: outcome.created },
        },
        request,
      );
    if (outcome.acceptedInvitationId !== undefined)
      await audit.record(
        {
          kind: "invitation.accepted",
          actorUserId: user.id,
          targetType: "invitation",
          targetId: outcome.acceptedInvitationId,
        },
        request,
      );
    if (
      config.OIDC_ADMIN_CLAIM &&
      config.OIDC_ADMIN_VALUE &&
      claimGrantsAdmin(claims, config.OIDC_ADMIN_CLAIM, config.OIDC_ADMIN_VALUE) &&
      (await promoteToAdmin(database, user.id))
    ) {
      user = { ...user, isAdmin: true };
      await sessions.userChanged(user.id);
      await audit.record(promotedBySetting(user.id, "OIDC_ADMIN_CLAIM"), request);
    }
    const expiresAt = await beginSession(deps, request, reply, user, "sso");
    if (result.idToken)
      reply.setCookie(SSO_COOKIE, result.idToken, {
        httpOnly: true,
        sameSite: "lax",
        secure: request.protocol === "https",
        path: "/api",
        expires: expiresAt,
      });
    return reply.redirect("/", 303);
  });

  return provider;
}
