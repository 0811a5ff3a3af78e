/**
 * The second factor's REST routes (apps/server/src/auth/second-factor/routes.ts): they live with
 * sign-in on the server, not among the tRPC procedures, because they change the session itself.
 */
export interface SecondFactorState {
  /** This account must have a second factor (admins). */
  required: boolean;
  /** An authenticator app is set up. */
  enrolled: boolean;
  /** This session passed it (a code, a recovery code or a passkey). */
  verified: boolean;
  recoveryCodesLeft: number;
}

/** A refusal from the server, with its code (SECOND_FACTOR_REQUIRED, REAUTH_REQUIRED, …). */
export class ServerRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api${path}`, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as { message?: string; code?: string } | null;
  if (!res.ok)
    throw new ServerRefusal(res.status, answer?.code, answer?.message ?? `The server answered ${res.status}.`);
  return answer as T;
}

export const secondFactorState = () => call<SecondFactorState>("GET", "/second-factor");
export const beginSetup = () => call<{ secret: string; uri: string }>("POST", "/second-factor/setup", {});
export const enable = (code: string) => call<{ recoveryCodes: string[] }>("POST", "/second-factor/enable", { code });
export const verify = (code: string) => call<{ verified: true }>("POST", "/second-factor/verify", { code });
export const reauthenticate = (password: string, code?: string) =>
  call<{ authenticated: true }>("POST", "/reauth", code ? { password, code } : { password });

/** Re-authentication with one of the member's passkeys (two factors in one). */
export async function reauthenticateWithPasskey(): Promise<void> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const optionsJSON = await call<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(
    "POST",
    "/account/passkeys/confirm-options",
    {},
  );
  const passkey = await startAuthentication({ optionsJSON });
  await call("POST", "/reauth/passkey", { passkey });
}
