/**
 * The results for a query: from GET /api/search (through tRPC), or, when the device is offline or
 * the request fails for lack of a connection, from searchOnDevice over the questions and cards in
 * TanStack Query's cache. That cache is the device's copy of the bank: the app loads the whole bank
 * and deck on the first online visit and keeps them in IndexedDB (offline/persist.ts), so a search
 * with no connection covers every question and card. `fromDevice` tells the screen to say so.
 */

import type { SearchResult } from "@jcba/domain";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useEffect, useMemo, useState } from "react";
import { useTRPC } from "../app/trpc.ts";
import { useStudyEdition } from "../editions/studyEdition.ts";
import { searchable, searchCached } from "./deviceSearch.ts";

const DEBOUNCE_MS = 150;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    // Clearing the box is at once: the next query never starts from results for an old one.
    const timer = setTimeout(() => setDebounced(value), value === "" ? 0 : ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/** A failure that means no connection (not a 4xx the server chose to send). */
const isConnectionFailure = (error: unknown) =>
  error instanceof TRPCClientError && (error.data as { httpStatus?: number } | undefined)?.httpStatus === undefined;

export function useSearch(query: string, options: { limit?: number; section?: number } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const edition = useStudyEdition();
  const online = useOnline();
  const q = useDebounced(query, DEBOUNCE_MS);
  const valid = searchable(q);
  const limit = options.limit ?? 20;
  const section = options.section;
  const input = { q: q.trim(), limit, ...(section ? { section } : {}) };
  const server = useQuery({
    ...trpc.search.query.queryOptions(input),
    enabled: valid && online,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  // While online, keep the whole bank and deck in the cache, so a search without a connection later
  // covers all of it (both lists are read once and kept; the study screens share them).
  useEffect(() => {
    if (!online) return;
    void queryClient.prefetchQuery(trpc.questions.list.queryOptions({}));
    void queryClient.prefetchQuery(trpc.flashcards.list.queryOptions({}));
  }, [online, queryClient, trpc]);

  const useDevice = valid && (!online || (server.isError && isConnectionFailure(server.error)));
  const deviceResults = useMemo<SearchResult[] | null>(() => {
    if (!useDevice) return null;
    const keys = { questions: trpc.questions.list.pathKey(), flashcards: trpc.flashcards.list.pathKey() };
    return searchCached(queryClient, keys, q, { limit, edition, ...(section ? { section } : {}) });
  }, [useDevice, q, limit, section, edition, queryClient, trpc]);

  return {
    /** The query the results are for (trails the typed text by a moment). */
    query: q,
    valid,
    results: deviceResults ?? (valid ? (server.data ?? null) : null),
    fromDevice: deviceResults !== null,
    loading: !useDevice && valid && server.isFetching && server.data === undefined,
    error: !useDevice && server.isError ? server.error : null,
    /** The typed text is newer than the results shown. */
    pending: query !== q || (!useDevice && server.isFetching),
  };
}
