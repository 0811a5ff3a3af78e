/**
 * The contract edition the member studies (Account → Edition), for the screens that work from the
 * bank kept on the device: study, flashcards, search and tests offline show only its items, as the
 * server's own paths do. Kept on the device with the bank (src/offline/persist.ts).
 */
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../app/trpc.ts";

/** The slug of the member's edition, or null until it is known (then nothing is filtered). */
export function useStudyEdition(): string | null {
  const choice = useQuery(useTRPC().account.studyEdition.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  return choice.data?.edition ?? null;
}

const filtered = new WeakMap<readonly object[], Map<string, readonly object[]>>();

/** The items of `list` true for `edition` (all of them when it is null), the same array for the same list. */
export function inEdition<T extends { editions: readonly string[] }>(list: readonly T[], edition: string | null): T[] {
  if (edition === null) return list as T[];
  let byEdition = filtered.get(list);
  if (!byEdition) {
    byEdition = new Map();
    filtered.set(list, byEdition);
  }
  let kept = byEdition.get(edition) as T[] | undefined;
  if (!kept) {
    kept = list.filter((item) => item.editions.includes(edition));
    byEdition.set(edition, kept);
  }
  return kept;
}
