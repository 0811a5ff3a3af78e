/**
 * Account → Passkeys talks to the server's WebAuthn routes over REST (they are not tRPC procedures:
 * the ceremonies live with sign-in on the server). @simplewebauthn/browser is imported only when a
 * member adds or confirms with a passkey, so it stays out of every screen's first content.
 */
export interface Passkey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api${path}`, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new Error(answer?.message ?? `The server answered ${res.status}.`);
  return answer as T;
}

/** Whether this browser can make and use passkeys at all. */
export const browserHasPasskeys = () => typeof window !== "undefined" && "PublicKeyCredential" in window;

export const listPasskeys = () => call<Passkey[]>("GET", "/account/passkeys");

/** Asks the browser to make a passkey for this account and stores it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const optionsJSON = await call<Parameters<typeof startRegistration>[0]["optionsJSON"]>(
    "POST",
    "/account/passkeys/options",
    {},
  );
  const response = await startRegistration({ optionsJSON });
  return call<Passkey>("POST", "/account/passkeys", { name, response });
}

/** Removes a passkey, proved by the password or by one of the member's passkeys (`password` null). */
export async function removePasskey(id: number, password: string | null): Promise<void> {
  if (password !== null) {
    await call("DELETE", `/account/passkeys/${id}`, { password });
    return;
  }
  await call("DELETE", `/account/passkeys/${id}`, { passkey: await passkeyAssertion() });
}

/** One of the member's passkeys answers a fresh challenge: proof that they are here (removal, deletion). */
export async function passkeyAssertion() {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const optionsJSON = await call<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(
    "POST",
    "/account/passkeys/confirm-options",
    {},
  );
  return startAuthentication({ optionsJSON });
}

/** A browser's refusal (the member closed its dialog) in words, or the server's message. */
export function passkeyError(error: unknown): string {
  if (error instanceof Error && error.name === "NotAllowedError")
    return "The passkey request was cancelled or timed out.";
  return error instanceof Error ? error.message : String(error);
}
