import type { QueryClient, QueryFunction, QueryKey } from "@tanstack/react-query";
import type { EarlyData } from "./earlyData.ts";

// In a file of its own, apart from earlyData.ts: the first script (and so the landing page) loads that
// one, and only the app needs this.

/** What a screen's loader calls on a procedure: `trpc.questions.list.queryOptions(input)`. */
type QueryOptionsOf = (input?: unknown) => { queryKey: QueryKey; queryFn?: QueryFunction<unknown> };

/**
 * Puts each early call in the cache as the loader's own query, under way until its answer comes: the
 * loader's prefetch then joins it instead of asking again. A call the early answer has no data for
 * (an error, a lost connection) is asked for again the usual way, so its error, a 401 among them,
 * reaches the app as it would have.
 */
export function seedEarlyData(queryClient: QueryClient, trpc: object, early: EarlyData) {
  early.calls.forEach(({ path, input }, i) => {
    // The options proxy by path ("questions.list" → trpc.questions.list): the path comes from
    // earlyCalls (earlyData.ts), and a wrong one fails here, at once, in the unit test and the e2e run.
    const procedure = path
      .split(".")
      .reduce<Record<string, unknown>>((o, k) => o[k] as Record<string, unknown>, trpc as Record<string, unknown>);
    const options = (procedure.queryOptions as QueryOptionsOf)(input);
    void queryClient.prefetchQuery({
      ...options,
      queryFn: async (context) => {
        const data = (await early.answers)[i];
        if (data !== undefined) return data;
        if (!options.queryFn) throw new Error(`${path}: no query function`);
        return options.queryFn(context);
      },
    });
  });
}
