// IndexedDB as the browser has it, in memory, installed before the persister opens its store.
import "fake-indexeddb/auto";
import { QueryClient } from "@tanstack/react-query";
import { createStore, set } from "idb-keyval";
import { describe, expect, it } from "vitest";
import { PERSIST_BUSTER, PERSIST_MAX_AGE, queryPersister, restoreDeviceCopy } from "./persist.ts";

const store = createStore("jcba-cache", "queries");
const summaryKey = [["review", "summary"], { type: "query" }];

/** A member's saved copy (the rest of the cache, as the persister writes it): one query, the review summary. */
async function saveCopy(userId: number, { timestamp = Date.now(), buster = PERSIST_BUSTER } = {}) {
  const copy = {
    buster,
    timestamp,
    clientState: {
      mutations: [],
      queries: [
        {
          queryKey: summaryKey,
          queryHash: JSON.stringify(summaryKey),
          state: {
            data: { dueCards: 3, dueQuestions: 4 },
            dataUpdateCount: 1,
            dataUpdatedAt: timestamp,
            error: null,
            errorUpdateCount: 0,
            errorUpdatedAt: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            fetchMeta: null,
            isInvalidated: false,
            status: "success",
            fetchStatus: "idle",
          },
        },
      ],
    },
  };
  await set(`member:${userId}`, JSON.stringify(copy), store);
}

const isBank = () => false;

describe("restoreDeviceCopy", () => {
  it("puts the saved copy in the cache before any render", async () => {
    await saveCopy(1);
    const client = new QueryClient();
    expect(await restoreDeviceCopy(client, queryPersister(1, isBank))).toBe(true);
    expect(client.getQueryData(summaryKey)).toEqual({ dueCards: 3, dueQuestions: 4 });
  });

  it("reads the device once: the provider's restore gets the copy already read", async () => {
    await saveCopy(2);
    const persister = queryPersister(2, isBank);
    const first = await persister.restoreClient();
    // Changed on the device after the first read: the second ask still answers with what was read.
    await saveCopy(2, { timestamp: Date.now() + 1000 });
    expect(await persister.restoreClient()).toBe(first);
  });

  it("leaves an expired copy, or one saved under another buster, out of the cache and off the device", async () => {
    const now = Date.now();
    await saveCopy(3, { timestamp: now - PERSIST_MAX_AGE - 1 });
    const expired = new QueryClient();
    expect(await restoreDeviceCopy(expired, queryPersister(3, isBank), now)).toBe(false);
    expect(expired.getQueryData(summaryKey)).toBeUndefined();
    // and off the device: the next visit finds nothing saved.
    expect(await queryPersister(3, isBank).restoreClient()).toBeUndefined();

    await saveCopy(4, { buster: `${PERSIST_BUSTER}-old` });
    const busted = new QueryClient();
    expect(await restoreDeviceCopy(busted, queryPersister(4, isBank))).toBe(false);
    expect(busted.getQueryData(summaryKey)).toBeUndefined();
    expect(await queryPersister(4, isBank).restoreClient()).toBeUndefined();
  });

  it("with nothing saved, the cache stays empty", async () => {
    const client = new QueryClient();
    expect(await restoreDeviceCopy(client, queryPersister(5, isBank))).toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it("keeps the newer data of a request that answered before the copy was read", async () => {
    await saveCopy(6, { timestamp: Date.now() - 60_000 });
    const client = new QueryClient();
    client.setQueryData(summaryKey, { dueCards: 0, dueQuestions: 1 });
    await restoreDeviceCopy(client, queryPersister(6, isBank));
    expect(client.getQueryData(summaryKey)).toEqual({ dueCards: 0, dueQuestions: 1 });
  });
});
