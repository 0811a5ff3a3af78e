/**
 * Keeps the member's query cache (the whole question bank and deck, mastery, progress, test history)
 * in IndexedDB, so every screen has its data after a reload or a cold start with no connection.
 * One entry per member: a shared device never shows one member's data to another, and signing out
 * removes it.
 */
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { createStore, del, get, set } from "idb-keyval";

const store = createStore("jcba-cache", "queries");
const keyOf = (userId: number) => `member:${userId}`;
/**
 * Members signed out in this page: a save the persister scheduled before the cache was emptied (it
 * saves at most once a second, with the cache as it was) must not write their data back afterwards.
 */
const closed = new Set<string>();

/** Saved at most once a second; IndexedDB holds far more than localStorage's few megabytes. */
export function queryPersister(userId: number) {
  return createAsyncStoragePersister({
    key: keyOf(userId),
    throttleTime: 1000,
    storage: {
      getItem: (key) => get<string>(key, store).then((v) => v ?? null),
      setItem: (key, value: string) => (closed.has(key) ? Promise.resolve() : set(key, value, store)),
      removeItem: (key) => del(key, store),
    },
  });
}

/** Removes the member's saved cache for good: no save still pending in this page writes it again. */
export function clearPersistedQueries(userId: number) {
  closed.add(keyOf(userId));
  return del(keyOf(userId), store);
}

/** How long a copy stays usable: a member may be away from a connection for weeks of trips. */
export const PERSIST_MAX_AGE = 1000 * 60 * 60 * 24 * 60;
