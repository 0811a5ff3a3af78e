/**
 * Search with no connection: the questions and cards in TanStack Query's cache (the device's copy of
 * the bank and deck) searched by @jcba/domain's device search, with the server's rules for a query.
 */
import type { SearchResult } from "@jcba/domain";
import { type DeviceBank, searchOnDevice } from "@jcba/domain/device-search";
import { getOrInsertComputed } from "@jcba/domain/maps";
import type { QueryClient } from "@tanstack/react-query";
import type { RouterOutputs } from "../app/trpc.ts";

type Question = RouterOutputs["questions"]["list"][number];
type Flashcard = RouterOutputs["flashcards"]["list"][number];

// Control characters, as the server refuses them in a query. Written here rather than imported from
// @jcba/validators, whose zod schemas would more than double the palette's download.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Whether the server would take this query (the same rules as its input schema). */
export const searchable = (q: string) => q.trim().length > 0 && q.length <= 200 && !CONTROL.test(q);

let lastBank: { lists: unknown[]; bank: DeviceBank } | null = null;

/**
 * Every question and card in the query cache, whichever list (all, or a section's) loaded them. The
 * same lists give the same bank object, so the device search indexes them once.
 */
export function deviceBank(
  queryClient: QueryClient,
  questionsKey: readonly unknown[],
  cardsKey: readonly unknown[],
): DeviceBank {
  const lists = (key: readonly unknown[]) =>
    queryClient.getQueriesData<unknown[]>({ queryKey: key }).flatMap(([, data]) => (data ? [data] : []));
  const questionLists = lists(questionsKey) as Question[][];
  const cardLists = lists(cardsKey) as Flashcard[][];
  const all = [...questionLists, null, ...cardLists];
  if (lastBank && lastBank.lists.length === all.length && lastBank.lists.every((l, i) => l === all[i]))
    return lastBank.bank;
  const unique = <T extends { id: number }>(groups: T[][]) => [
    ...new Map(groups.flat().map((x) => [x.id, x])).values(),
  ];
  const bank = { questions: unique(questionLists), flashcards: unique(cardLists) };
  lastBank = { lists: all, bank };
  return bank;
}

const editionBanks = new WeakMap<DeviceBank, Map<string, DeviceBank>>();

/** The bank's items true for the member's edition (all when null), one object per bank and edition. */
function editionBank(bank: DeviceBank, edition: string | null): DeviceBank {
  if (edition === null) return bank;
  return getOrInsertComputed(
    getOrInsertComputed(editionBanks, bank, () => new Map()),
    edition,
    () => {
      const inIt = (item: object) => ((item as { editions?: string[] }).editions ?? [edition]).includes(edition);
      return { questions: bank.questions.filter(inIt), flashcards: bank.flashcards.filter(inIt) };
    },
  );
}

/** The cache's lists to search: every query under each key (all of a list, or a section's). */
export interface CachedLists {
  questions: readonly unknown[];
  flashcards: readonly unknown[];
}

/** Ranked results for `q` over every question and card the cache holds. */
export function searchCached(
  queryClient: QueryClient,
  keys: CachedLists,
  q: string,
  options: { limit?: number; section?: number; edition?: string | null } = {},
): SearchResult[] {
  const { edition = null, ...rest } = options;
  return searchOnDevice(editionBank(deviceBank(queryClient, keys.questions, keys.flashcards), edition), q, rest);
}
