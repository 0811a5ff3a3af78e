import type { QueryClient } from "@tanstack/react-query";

/**
 * How long the first render waits for the first screen's data. Long enough for a slow 4G round trip
 * and the server's answer; past it, the screen renders its skeleton and the data fills it in.
 */
export const FIRST_DATA_WAIT_MS = 1000;

/** A query the screen asked for that has nothing to show yet and is on its way (not paused offline). */
const awaited = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .findAll({ predicate: (q) => q.state.data === undefined && q.state.fetchStatus === "fetching" });

/**
 * Resolves once no query is fetching its first data, or after `ms`. The first render then draws the
 * screen with its data in one pass. Rendered before, the screen would draw its skeleton, take the data
 * in a second render, and React would render it a third time, synchronously, when it found the data
 * changed while the first (sliced) render was under way: each pass with its own style recalculation,
 * most of a slow phone's blocked time after the first paint. Data the device already holds, a failed
 * request and a request paused offline are not waited for.
 */
export function firstScreenData(queryClient: QueryClient, ms = FIRST_DATA_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    let stop = () => {};
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, ms);
    stop = queryClient.getQueryCache().subscribe(() => {
      if (awaited(queryClient).length === 0) done();
    });
    if (awaited(queryClient).length === 0) done();
  });
}
