/**
 * Where the member's data stands, for the header and the dashboards: online or not, how many writes
 * wait in the outbox, when the device last heard from the server, and whether a new app version waits.
 * A plain store read with useSyncExternalStore, so the shell pays for no state library.
 */
import { useSyncExternalStore } from "react";

export interface SyncState {
  online: boolean;
  /** Writes waiting in the outbox, of which answers. */
  waiting: number;
  waitingAnswers: number;
  syncing: boolean;
  /** Why waiting writes are not being sent although the device is online. */
  blocked: "signed-out" | "other-member" | null;
  /** The server answered the last send with 503 (past capacity): the writes wait for it, kept here. */
  busy: boolean;
  /** Writes the server refused for good since the app started (a question removed meanwhile). */
  rejected: number;
  /** ISO time of the last write sent or data read from the server. */
  lastSyncedAt: string | null;
  /** Set when a new version of the app is installed and waiting: calling it reloads into it. */
  applyUpdate: (() => void) | null;
}

let state: SyncState = {
  online: typeof navigator === "undefined" ? true : navigator.onLine,
  waiting: 0,
  waitingAnswers: 0,
  syncing: false,
  blocked: null,
  busy: false,
  rejected: 0,
  lastSyncedAt: null,
  applyUpdate: null,
};
const listeners = new Set<() => void>();

export const syncState = () => state;

export function setSyncState(change: Partial<SyncState>) {
  state = { ...state, ...change };
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSyncState(): SyncState {
  return useSyncExternalStore(subscribe, syncState, syncState);
}

/**
 * Whether the server can be reached. A screen that needs only this re-renders only when it changes,
 * not on every send and read the outbox records (each a synchronous render of the whole screen).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}
const isOnline = () => state.online;

/** The header's words: 'Offline', 'Server busy, your answers are saved', 'N answers waiting to sync', 'All changes saved'. */
export function statusText(s: SyncState): string {
  if (!s.online) return s.waiting > 0 ? `Offline · ${waitingText(s)}` : "Offline";
  if (s.busy && s.waiting > 0)
    return `Server busy, your ${s.waitingAnswers === s.waiting ? "answers are" : "changes are"} saved · ${waitingText(s)}`;
  if (s.waiting > 0) return waitingText(s);
  return "All changes saved";
}

export function waitingText(s: Pick<SyncState, "waiting" | "waitingAnswers">): string {
  const n = s.waiting;
  const what = s.waitingAnswers === n ? (n === 1 ? "answer" : "answers") : n === 1 ? "change" : "changes";
  return `${n} ${what} waiting to sync`;
}
