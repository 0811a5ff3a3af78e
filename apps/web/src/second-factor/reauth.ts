/**
 * Re-authentication on demand: a procedure answered 403 REAUTH_REQUIRED (a role change, a disable, an
 * import or a new token more than 15 minutes after sign-in), so the dialog (ReauthDialog.tsx) asks for
 * the password and code, or a passkey, and the call is sent again once it is done. One request at a
 * time asks; calls refused meanwhile wait for the same answer.
 */
import { useSyncExternalStore } from "react";

type Listener = (asking: boolean) => void;

let pending: { promise: Promise<boolean>; settle: (ok: boolean) => void } | null = null;
const listeners = new Set<Listener>();

/** Resolves true once the member re-authenticated, false when they cancelled. */
export function askReauth(): Promise<boolean> {
  if (pending) return pending.promise;
  let settle!: (ok: boolean) => void;
  const promise = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  pending = { promise, settle };
  for (const l of listeners) l(true);
  return promise;
}

/** The dialog's answer. */
export function settleReauth(ok: boolean) {
  const current = pending;
  pending = null;
  for (const l of listeners) l(false);
  current?.settle(ok);
}

export function onReauthAsked(listener: Listener): () => void {
  listeners.add(listener);
  listener(pending !== null);
  return () => listeners.delete(listener);
}

/** The step a refused tRPC call or REST answer names, if any. */
export function authStepOf(error: unknown): string | undefined {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  return typeof data?.code === "string" ? data.code : undefined;
}

/**
 * fetch for the tRPC link: a call the server refused wholly (403) for want of a recent sign-in is sent
 * again once the member has re-authenticated; one refused for want of the second factor takes the admin
 * to the code (or enrolment) screen. Only a wholly refused answer is sent again (a batch with any call
 * that went through answers 207), so nothing that was done is done twice.
 */
export async function stepAwareFetch(url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, { ...init, credentials: "include" });
  if (res.status !== 403) return res;
  const text = await res.clone().text();
  if (text.includes('"REAUTH_REQUIRED"')) {
    if (await askReauth()) return fetch(url, { ...init, credentials: "include" });
  } else if (text.includes('"SECOND_FACTOR_REQUIRED"') && window.location.pathname !== "/second-factor") {
    window.location.assign("/second-factor");
  }
  return res;
}

let wanted = false;
/** Whether the dialog should be mounted (true from the first time re-authentication is asked). */
export function useReauthWanted(): boolean {
  return useSyncExternalStore(
    (changed) =>
      onReauthAsked((asking) => {
        if (asking && !wanted) {
          wanted = true;
          changed();
        }
      }),
    () => wanted,
  );
}
