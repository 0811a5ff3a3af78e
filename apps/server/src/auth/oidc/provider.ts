/**
 * The union's OpenID Connect provider, through openid-client: discovery (once, again after a failure),
 * the authorization URL with PKCE (S256), state and nonce, and the code exchange, which checks the
 * state, the PKCE verifier, and the ID token's signature, issuer, audience, expiry and nonce.
 */
import * as client from "openid-client";
import type { Config } from "../../process/config.ts";

export interface AuthorizationStart {
  url: URL;
  /** What the callback must check, kept on the server (flows.ts). */
  checks: { state: string; nonce: string; verifier: string };
}

export interface ProviderClaims {
  issuer: string;
  claims: Record<string, unknown>;
  idToken: string | undefined;
}

/** The provider could not be reached (down, refused, timed out), as opposed to refusing the sign-in. */
export class ProviderUnreachable extends Error {}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether an error, or one it wraps, is the network failing rather than the provider answering. */
function isNetworkFailure(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (e.name === "AbortError" || e.name === "TimeoutError" || code === "OAUTH_TIMEOUT") return true;
    if (typeof code === "string" && /^(ECONN|ENOTFOUND|EAI_|ETIMEDOUT|EHOSTUNREACH|UND_ERR)/.test(code)) return true;
    if (e instanceof TypeError && e.message === "fetch failed") return true;
    // A discovery document that is not JSON or names another issuer: the provider is not usable.
    if (code === "OAUTH_RESPONSE_IS_NOT_JSON" || code === "OAUTH_RESPONSE_IS_NOT_CONFORM") return true;
  }
  return false;
}

export function createProvider(config: Config) {
  const issuer = new URL(config.OIDC_ISSUER!);
  const redirectUri = `${config.PUBLIC_URL}/api/auth/oidc/callback`;
  let discovered: Promise<client.Configuration> | null = null;

  /** The provider's configuration, discovered on first use; a failed discovery is tried again next time. */
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(issuer, config.OIDC_CLIENT_ID!, config.OIDC_CLIENT_SECRET!, undefined, {
        timeout: 10,
        // Plain HTTP only for a provider on this machine (a test or a laptop); config.ts refuses it elsewhere.
        execute: issuer.protocol === "http:" && LOOPBACK.has(issuer.hostname) ? [client.allowInsecureRequests] : [],
      })
      .catch((err) => {
        discovered = null;
        throw new ProviderUnreachable("The sign-in provider did not answer", { cause: err });
      });
    return discovered;
  }

  const unreachable = (err: unknown) =>
    err instanceof ProviderUnreachable
      ? err
      : isNetworkFailure(err)
        ? new ProviderUnreachable("The sign-in provider did not answer", { cause: err })
        : err;

  return {
    redirectUri,

    async start(): Promise<AuthorizationStart> {
      const provider = await configuration();
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        scope: config.OIDC_SCOPES,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
      return { url, checks: { state, nonce, verifier } };
    },

    /** Exchanges the code the browser brought back; throws when any check fails. */
    async finish(callbackUrl: URL, checks: AuthorizationStart["checks"]): Promise<ProviderClaims> {
      try {
        const provider = await configuration();
        const tokens = await client.authorizationCodeGrant(provider, callbackUrl, {
          pkceCodeVerifier: checks.verifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims()!;
        let claims: Record<string, unknown> = { ...idClaims };
        // Many providers put e-mail and names only in UserInfo; its subject must be the ID token's.
        if (provider.serverMetadata().userinfo_endpoint)
          claims = { ...(await client.fetchUserInfo(provider, tokens.access_token, idClaims.sub)), ...idClaims };
        return { issuer: provider.serverMetadata().issuer, claims, idToken: tokens.id_token };
      } catch (err) {
        throw unreachable(err);
      }
    },

    /** Where to send the browser to end its provider session too, when the provider offers that. */
    async endSessionUrl(idToken: string): Promise<string | null> {
      try {
        const provider = await configuration();
        if (!provider.serverMetadata().end_session_endpoint) return null;
        return client
          .buildEndSessionUrl(provider, {
            id_token_hint: idToken,
            post_logout_redirect_uri: `${config.PUBLIC_URL}/api/login?notice=signed-out`,
          })
          .toString();
      } catch {
        // The member is signed out here already; a provider that is down keeps its own session.
        return null;
      }
    },
  };
}

export type Provider = ReturnType<typeof createProvider>;
