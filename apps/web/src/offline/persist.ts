/**
 * Keeps the member's query cache (the whole question bank and deck, mastery, progress, test history)
 * in IndexedDB, so every screen has its data after a reload or a cold start with no connection.
 * One entry per member: a shared device never shows one member's data to another, and signing out
 * removes it.
 *
 * The bank (most of the cache) is kept apart from the rest and saved in pieces, each in its own task,
 * only when it changed: written with the rest, it was turned into one JSON string of the whole cache
 * every second, a main-thread task long enough to hold up a tap.
 */

import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { hydrate, type QueryClient } from "@tanstack/react-query";
import {
  type PersistedClient,
  type Persister,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";
import { createStore, del, delMany, get, getMany, keys, promisifyRequest, set } from "idb-keyval";
import { measureBankStep, nextTask } from "./bankSteps.ts";

const store = createStore("jcba-cache", "queries");
const keyOf = (userId: number) => `member:${userId}`;
/**
 * Members signed out in this page: a save the persister scheduled before the cache was emptied (it
 * saves at most once a second, with the cache as it was) must not write their data back afterwards.
 */
const closed = new Set<string>();
const bankKeyOf = (userId: number) => `member:${userId}:bank`;
/** Questions per saved piece: a piece is stored in a millisecond or two even on a slow phone. */
const PIECE = 50;

type DehydratedQuery = PersistedClient["clientState"]["queries"][number];
/** Where the saved bank is: the query without its data, and how many pieces hold the data. */
interface BankEntry {
  query: DehydratedQuery;
  savedAt: number;
  pieces: number;
}

const pieceKey = (userId: number, savedAt: number, i: number) => `${bankKeyOf(userId)}:${savedAt}:${i}`;

/**
 * Saves the bank piece by piece, then the entry that points at the pieces (so a half-saved bank is
 * never read back), then removes the previous copy's pieces.
 */
async function saveBank(userId: number, query: DehydratedQuery) {
  const data = query.state.data as unknown[];
  const savedAt = query.state.dataUpdatedAt;
  const pieces = Math.ceil(data.length / PIECE);
  for (let i = 0; i < pieces; i++) {
    await nextTask();
    // Signed out meanwhile: no piece more. One already being written is ordered before the removal's
    // listing of keys (IndexedDB runs transactions on a store in the order they were made), so it goes too.
    if (closed.has(keyOf(userId))) return clearBank(userId);
    // The piece is copied for IndexedDB inside put(): that is the step's main-thread work.
    await store("readwrite", (s) => {
      measureBankStep("save", () => s.put(data.slice(i * PIECE, (i + 1) * PIECE), pieceKey(userId, savedAt, i)));
      return promisifyRequest(s.transaction);
    });
  }
  // Signed out while the pieces were written: leave no entry, and take the pieces away again.
  if (closed.has(keyOf(userId))) return clearBank(userId);
  const entry: BankEntry = { query: { ...query, state: { ...query.state, data: undefined } }, savedAt, pieces };
  await set(bankKeyOf(userId), entry, store);
  const stale = (await keys<string>(store)).filter(
    (k) => k.startsWith(`${bankKeyOf(userId)}:`) && !k.startsWith(`${bankKeyOf(userId)}:${savedAt}:`),
  );
  if (stale.length > 0) await delMany(stale, store);
}

async function restoreBank(userId: number): Promise<DehydratedQuery | undefined> {
  const entry = await get<BankEntry>(bankKeyOf(userId), store);
  if (!entry) return undefined;
  const pieces = await getMany<unknown[] | undefined>(
    Array.from({ length: entry.pieces }, (_, i) => pieceKey(userId, entry.savedAt, i)),
    store,
  );
  if (pieces.some((p) => p === undefined)) return undefined;
  return { ...entry.query, state: { ...entry.query.state, data: pieces.flat() } };
}

/** The member's persister: its copy is read once, whoever asks (restoreDeviceCopy, the first script's early read). */
export interface DevicePersister extends Persister {
  restoreClient(): Promise<PersistedClient | undefined>;
}

/**
 * The rest of the cache is saved at most once a second as one JSON string; IndexedDB holds far more
 * than localStorage's few megabytes. `isBank` tells the bank's query by its hash.
 */
export function queryPersister(userId: number, isBank: (queryHash: string) => boolean): DevicePersister {
  const rest = createAsyncStoragePersister({
    key: keyOf(userId),
    throttleTime: 1000,
    storage: {
      getItem: (key) => get<string>(key, store).then((v) => v ?? null),
      setItem: (key, value: string) => (closed.has(key) ? Promise.resolve() : set(key, value, store)),
      removeItem: (key) => del(key, store),
    },
  });
  /** The copy of the bank saved (or being saved), by when its data was fetched. */
  let bankSavedAt = 0;
  let saving = Promise.resolve();
  /**
   * The copy read from the device, read once: the app starts reading it while the screen's code
   * downloads and restoreDeviceCopy asks again (src/app/App.tsx).
   */
  let restoring: Promise<PersistedClient | undefined> | undefined;
  const readClient = async () => {
    const [client, bank] = await Promise.all([rest.restoreClient(), restoreBank(userId)]);
    if (!client || !bank) return client;
    bankSavedAt = bank.state.dataUpdatedAt;
    return { ...client, clientState: { ...client.clientState, queries: [...client.clientState.queries, bank] } };
  };
  return {
    persistClient(client) {
      const bank = client.clientState.queries.find((q) => isBank(q.queryHash));
      if (bank && bank.state.data !== undefined && bank.state.dataUpdatedAt !== bankSavedAt) {
        bankSavedAt = bank.state.dataUpdatedAt;
        saving = saving.then(() => saveBank(userId, bank)).catch(() => undefined);
      }
      const queries = client.clientState.queries.filter((q) => q !== bank);
      return rest.persistClient({ ...client, clientState: { ...client.clientState, queries } });
    },
    restoreClient() {
      restoring ??= readClient();
      return restoring;
    },
    async removeClient() {
      restoring = undefined;
      await Promise.all([rest.removeClient(), clearBank(userId)]);
    },
  };
}

async function clearBank(userId: number) {
  const saved = (await keys<string>(store)).filter((k) => k.startsWith(bankKeyOf(userId)));
  if (saved.length > 0) await delMany(saved, store);
}

/** Removes the member's saved cache for good: no save still pending in this page writes it again. */
export function clearPersistedQueries(userId: number) {
  closed.add(keyOf(userId));
  return Promise.all([del(keyOf(userId), store), clearBank(userId)]).then(() => undefined);
}

/**
 * The queries saved on the device: what studying with no connection needs (the bank and deck, the
 * member's own progress, mastery, tests, review and flags), by tRPC path. Anything else (admin screens,
 * search terms, reports, tokens, the account) lives in memory only and is gone with the page.
 */
const OFFLINE_QUERIES = new Set([
  "questions.list",
  "flashcards.list",
  "account.studyEdition",
  "mastery.list",
  "progress.sections",
  "tests.availability",
  "tests.list",
  "tests.get",
  "review.session",
  "review.summary",
  "review.settings",
  "flags.list",
  "analysis.peerStats",
  // The dashboard's readiness and study plan cards: the dashboard shows at once from the device's copy.
  "readiness.readiness",
  "studyPlan.get",
]);

/** Whether a query (a tRPC key: `[["router", "procedure"], { input, type }]`) is kept on the device. */
export function keptOnDevice(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  if (!Array.isArray(path) || !OFFLINE_QUERIES.has(path.join("."))) return false;
  // One section's questions (Study's first visit, before the bank is in) are saved as part of the bank.
  const input = (queryKey[1] as { input?: { section?: unknown } } | undefined)?.input;
  return !(path.join(".") === "questions.list" && input?.section !== undefined);
}

/** How long a copy stays usable: a member may be away from a connection for weeks of trips. */
export const PERSIST_MAX_AGE = 1000 * 60 * 60 * 24 * 60;
/** A copy saved under another value is dropped: changed when what is saved changes shape. */
export const PERSIST_BUSTER = "1";

/**
 * Puts the device's copy in the cache before the app's first render, so a repeat visit draws the saved
 * data at once. Only a usable copy (not expired, same buster); any other, or one that cannot be read,
 * is removed from the device. This is the restore the library's PersistQueryClientProvider does, done
 * before the first render rather than after it: the provider renders every screen once while it
 * restores and again, synchronously, when it is done, which on a slow phone was the longest task of
 * the first visit. Written here rather than with the library's persistQueryClientRestore, which is typed
 * against the query client of its own version.
 */
export async function restoreDeviceCopy(
  queryClient: QueryClient,
  persister: DevicePersister,
  now = Date.now(),
): Promise<boolean> {
  const forget = async () => {
    try {
      await persister.removeClient();
    } catch {
      // Storage blocked: nothing was read from it either.
    }
    return false;
  };
  let saved: PersistedClient | undefined;
  try {
    saved = await persister.restoreClient();
  } catch {
    return forget();
  }
  if (!saved) return false;
  if (now - saved.timestamp > PERSIST_MAX_AGE || saved.buster !== PERSIST_BUSTER) return forget();
  hydrate(queryClient, saved.clientState);
  return true;
}

/**
 * Saves what offline study needs (keptOnDevice) whenever the cache changes, at most once a second.
 * A refresh that failed offline leaves the query in error but with its data: that data is kept.
 * Returns the function that stops saving.
 */
export function keepDeviceCopy(queryClient: QueryClient, persister: DevicePersister): () => void {
  return persistQueryClientSubscribe({
    // The same client: the library's types name its own copy of the query core.
    queryClient: queryClient as unknown as Parameters<typeof persistQueryClientSubscribe>[0]["queryClient"],
    persister,
    buster: PERSIST_BUSTER,
    dehydrateOptions: {
      shouldDehydrateQuery: (q) => q.state.data !== undefined && keptOnDevice(q.queryKey),
    },
  });
}
