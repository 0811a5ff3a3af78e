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

/** Saved at most once a second; IndexedDB holds far more than localStorage's few megabytes. */
export function queryPersister(userId: number) {
  return createAsyncStoragePersister({
    key: keyOf(userId),
    throttleTime: 1000,
    storage: {
      getItem: (key) => get<string>(key, store).then((v) => v ?? null),
      setItem: (key, value: string) => set(key, value, store),
      removeItem: (key) => del(key, store),
    },
  });
}

export function clearPersistedQueries(userId: number) {
  return del(keyOf(userId), store);
}

/** How long a copy stays usable: a member may be away from a connection for weeks of trips. */
export const PERSIST_MAX_AGE = 1000 * 60 * 60 * 24 * 60;
