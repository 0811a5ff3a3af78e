/**
 * The one outbox for every write a member makes: answers, finished study sessions, flashcard mastery
 * and ratings, practice-test submissions and why a hard item was missed are stored on the device (IndexedDB) first, each with a client-made
 * id, then sent in order. It is replayed when the app starts, when the connection returns and when
 * the app becomes visible again (Background Sync is missing from iOS Safari and Firefox). The server
 * records each id once, so a replay after a lost response changes nothing.
 *
 * The outbox belongs to one member (its key is the user id). Each write is sent with that member's id
 * and the server records it only if that same member is signed in: never into another account signed
 * in on the same device (a 409), and after an expired session (a 401) it waits for that member to sign
 * in again.
 */
import { createStore, del, get, update } from "idb-keyval";
import { httpStatusOf } from "../app/http-status.ts";
import type { makeTrpcClient, RouterInputs } from "../app/trpc.ts";
import { setSyncState, syncState } from "./status.ts";

type Inputs = RouterInputs;
export type OutboxWrite =
  | { kind: "answer"; input: Inputs["progress"]["questionAttempt"] & { id: string } }
  | { kind: "session"; input: Inputs["progress"]["saveSection"] }
  | { kind: "mastery"; input: Inputs["mastery"]["save"] & { id: string; chosenAt: string } }
  | { kind: "review"; input: Inputs["review"]["rate"] }
  | { kind: "test"; input: Inputs["tests"]["submit"] & { id: string } }
  | { kind: "missReason"; input: Inputs["review"]["missReason"] & { id: string } };
export type OutboxEntry = OutboxWrite & { id: string; queuedAt: string };

/** What happened to each sent write, for the screens that wait on one (a practice test's result). */
export type SentListener = (entry: OutboxEntry, result: unknown) => void;

const store = createStore("jcba-outbox", "writes");
const keyOf = (userId: number) => `member:${userId}`;

type Client = ReturnType<typeof makeTrpcClient>;

/** How the outbox reaches the server: the browser's tRPC client and session check, or a test's own. */
export interface OutboxTransport {
  /**
   * Sends one write made by member `writtenBy`; a refusal rejects with the server's HTTP status in
   * `data.httpStatus` (409 when another member is signed in, 401 when nobody is).
   */
  send: (entry: OutboxEntry, writtenBy: number) => Promise<unknown>;
  /** Who the server says is signed in: their id, null if nobody, undefined if it cannot be reached. */
  signedInUser: () => Promise<number | null | undefined>;
  /** Whether the device has a network at all (navigator.onLine in the browser). */
  online: () => boolean;
}

let owner: {
  userId: number;
  transport: OutboxTransport;
  onSent: Set<SentListener>;
  onDrained: () => void;
  /** The server said nobody is signed in (401): the member's session ended elsewhere. */
  onSignedOut: () => void;
} | null = null;
let started: () => void;
/** Writes made before the outbox has started (it loads beside the first screen) wait for it. */
const ready = new Promise<void>((resolve) => {
  started = resolve;
});
let running: Promise<void> | null = null;
let again = false;

export function readOutbox(userId: number): Promise<OutboxEntry[]> {
  return get<OutboxEntry[]>(keyOf(userId), store).then((list) => list ?? []);
}

/** The signed-in member's writes still waiting, oldest first. */
export async function pendingWrites(): Promise<OutboxEntry[]> {
  await ready;
  return owner ? readOutbox(owner.userId) : [];
}

/** Forgets a member's waiting writes (signing out after the member was warned). */
export async function clearOutbox(userId: number) {
  await del(keyOf(userId), store);
  if (owner?.userId === userId) await refreshCounts();
}

async function refreshCounts() {
  if (!owner) return;
  const list = await readOutbox(owner.userId);
  setSyncState({
    waiting: list.length,
    waitingAnswers: list.filter((e) => e.kind === "answer").length,
  });
}

/** Stores a write for the signed-in member and starts sending it. */
export async function enqueue(write: OutboxWrite, id: string): Promise<void> {
  await ready;
  if (!owner) throw new Error("The outbox is not started.");
  const entry = { ...write, id, queuedAt: new Date().toISOString() } as OutboxEntry;
  // update() reads and writes in one IndexedDB transaction, so two writes at once both stay.
  await update<OutboxEntry[]>(
    keyOf(owner.userId),
    (list = []) => (list.some((e) => e.id === id) ? list : [...list, entry]),
    store,
  );
  await refreshCounts();
  void replay();
}

/** Listens to what the server answers each sent write; a screen that opens before the outbox starts waits for it. */
export function onSent(listener: SentListener): () => void {
  let stopped = false;
  void ready.then(() => {
    if (!stopped) owner?.onSent.add(listener);
  });
  return () => {
    stopped = true;
    owner?.onSent.delete(listener);
  };
}

/** Sends one write, naming the member who made it: the server refuses it (409) for anyone else. */
function sendWith(client: Client, userId: number, entry: OutboxEntry): Promise<unknown> {
  const opts = { context: { writtenBy: userId } };
  switch (entry.kind) {
    case "answer":
      return client.progress.questionAttempt.mutate(entry.input, opts);
    case "session":
      return client.progress.saveSection.mutate(entry.input, opts);
    case "mastery":
      return client.mastery.save.mutate(entry.input, opts);
    case "review":
      return client.review.rate.mutate(entry.input, opts);
    case "test":
      return client.tests.submit.mutate(entry.input, opts);
    case "missReason":
      return client.review.missReason.mutate(entry.input, opts);
  }
}

/**
 * Who the server says is signed in now: their id, null if nobody, undefined if it cannot be reached.
 * It also tells whether the server can be reached: navigator.onLine stays true on a network that
 * leads nowhere (and in some offline starts), so the header's 'Offline' follows this too.
 */
async function sessionUserId(): Promise<number | null | undefined> {
  try {
    const res = await fetch("/api/auth/user", { credentials: "include", headers: { accept: "application/json" } });
    setSyncState({ online: true });
    if (res.status === 401) return null;
    if (!res.ok) return undefined;
    return ((await res.json()) as { id: number }).id;
  } catch {
    setSyncState({ online: false });
    retryLater();
    return undefined;
  }
}

/** Sends the waiting writes in order, one at a time; stops at the first that cannot be sent now. */
export function replay(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await replayOnce();
      } while (again);
    } finally {
      running = null;
    }
  })();
  return running;
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;
function retryLater() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void replay(), 10_000);
}

async function replayOnce() {
  const current = owner;
  if (!current) return;
  if (!current.transport.online()) {
    setSyncState({ online: false });
    return;
  }
  let list = await readOutbox(current.userId);
  // With nothing to send, asking who is signed in is how the app learns it is offline or back, and
  // whether the session ended elsewhere while the app was in the background.
  if (list.length === 0) {
    if ((await current.transport.signedInUser()) === null) current.onSignedOut();
    return;
  }
  setSyncState({ syncing: true });
  try {
    while (list.length > 0 && owner === current) {
      const entry = list[0]!;
      let result: unknown;
      try {
        // Each write names its member and the server checks it, so no identity check goes first: an
        // online answer is one request.
        result = await current.transport.send(entry, current.userId);
        setSyncState({ online: true, blocked: null, busy: false });
      } catch (error) {
        const status = httpStatusOf(error);
        // No answer, a server fault or rate limiting: keep it, and try again in a while even if no
        // connection or visibility event comes (a captive network can look online all along).
        if (status === undefined || status >= 500 || status === 429 || status === 408) {
          // No status: the connection failed, or something between answered with no JSON (a proxy's
          // error page). Asking who is signed in tells the two apart for the header's 'Offline'.
          if (status === undefined) await current.transport.signedInUser();
          // Past capacity the server says so (503): the header says it is busy and the answers are kept.
          setSyncState({ busy: status === 503 });
          retryLater();
          return;
        }
        if (status === 401) {
          setSyncState({ online: true, blocked: "signed-out" });
          current.onSignedOut();
          return;
        }
        if (status === 409) {
          // Refused because someone else is signed in here (or nobody is any more)? Then the writes
          // wait for their own member. Only this failure costs the extra request.
          const signedIn = await current.transport.signedInUser();
          if (signedIn === undefined) return;
          if (signedIn !== current.userId) {
            setSyncState({ blocked: signedIn === null ? "signed-out" : "other-member" });
            if (signedIn === null) current.onSignedOut();
            return;
          }
        }
        // The server refuses it for good (a question removed meanwhile): it can never be recorded.
        result = { rejected: true, status, message: (error as Error).message };
        setSyncState({ rejected: syncState().rejected + 1 });
      }
      await update<OutboxEntry[]>(
        keyOf(current.userId),
        (stored = []) => stored.filter((e) => e.id !== entry.id),
        store,
      );
      for (const listener of current.onSent) listener(entry, result);
      list = await readOutbox(current.userId);
      setSyncState({
        waiting: list.length,
        waitingAnswers: list.filter((e) => e.kind === "answer").length,
        lastSyncedAt: markSynced(current.userId),
      });
    }
    if (list.length === 0) current.onDrained();
  } finally {
    setSyncState({ syncing: false });
  }
}

const syncedKey = (userId: number) => `jcba.lastSync.${userId}`;

function markSynced(userId: number): string {
  const now = new Date().toISOString();
  try {
    localStorage.setItem(syncedKey(userId), now);
  } catch {
    // Storage blocked: the time shows for this visit only.
  }
  return now;
}

/** Records that the app just read the member's data from the server (the dashboard's "last synced"). */
export function noteServerRead() {
  if (owner && navigator.onLine) setSyncState({ lastSyncedAt: markSynced(owner.userId) });
}

export function forgetSyncTime(userId: number) {
  try {
    localStorage.removeItem(syncedKey(userId));
  } catch {
    // Nothing stored.
  }
}

/**
 * Makes `userId` the outbox's member, sending through `transport`, without replaying yet. The
 * browser's start below wires it to tRPC and the page's events; tests give it their own transport.
 */
export function openOutbox(
  userId: number,
  transport: OutboxTransport,
  onDrained: () => void = () => {},
  onSignedOut: () => void = () => {},
) {
  clearTimeout(retryTimer);
  owner = { userId, transport, onSent: new Set(), onDrained, onSignedOut };
  started();
}

/**
 * Starts the member's outbox: replays now, on reconnect and whenever the app becomes visible.
 * `onSignedOut` runs when a write meets a session that ended elsewhere; the writes stay.
 */
export function startOutbox(userId: number, client: Client, onDrained: () => void, onSignedOut: () => void) {
  openOutbox(
    userId,
    {
      send: (entry, writtenBy) => sendWith(client, writtenBy, entry),
      signedInUser: sessionUserId,
      online: () => navigator.onLine,
    },
    onDrained,
    onSignedOut,
  );
  let last: string | null = null;
  try {
    last = localStorage.getItem(syncedKey(userId));
  } catch {
    // Storage blocked.
  }
  setSyncState({ online: navigator.onLine, lastSyncedAt: last });
  const onOnline = () => void replay();
  const onOffline = () => setSyncState({ online: false });
  const onVisible = () => {
    if (document.visibilityState === "visible") void replay();
  };
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);
  document.addEventListener("visibilitychange", onVisible);
  void refreshCounts().then(replay);
}
