/** The signed-in app: providers, the router and the shell. Loaded only after sign-in is known. */
import { ChakraProvider } from "@chakra-ui/react";
import { hashKey, type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { ColorModeProvider } from "../components/ui/color-mode.tsx";
import { afterFirstScreen, nextTask } from "../offline/bankSteps.ts";
import { keepDeviceCopy, queryPersister, restoreDeviceCopy } from "../offline/persist.ts";
import { routeTree } from "../routeTree.gen.ts";
import type { EarlyData } from "./earlyData.ts";
import { firstScreenData } from "./firstData.ts";
import { seedEarlyData } from "./seedEarlyData.ts";
import type { RouterContext, SessionUser } from "./session.ts";
import { makeSystem } from "./theme.ts";
import "virtual:chakra-global.css";
import { makeQueryClient, makeTrpcClient, TRPCProvider, trpcOptions } from "./trpc.ts";

function makeRouter(context: RouterContext) {
  return createRouter({ routeTree, context, defaultPreload: "intent", scrollRestoration: true });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}

/**
 * After the saved copy is back and the first screen is up: when the server answers, the whole bank is
 * read again (in pieces, src/offline/bankDownload.ts), everything else still as restored is marked
 * stale (the screens on view read it again) and the deck and the member's records are fetched, so any
 * section can be studied offline later. When it does not, the device's copy stays.
 */
async function refreshFromServer(
  queryClient: QueryClient,
  trpc: ReturnType<typeof trpcOptions>,
  trpcClient: ReturnType<typeof makeTrpcClient>,
  startedAt: number,
  rendered: Promise<void>,
) {
  if (!navigator.onLine) return;
  await afterFirstScreen(
    rendered,
    () => queryClient.isFetching(),
    (listener) => queryClient.getQueryCache().subscribe(listener),
  );
  const { downloadBank } = await import("../offline/bankDownload.ts");
  if (!(await downloadBank(queryClient, trpc, trpcClient, startedAt))) return;
  void import("../offline/outbox.ts").then((m) => m.noteServerRead());
  const bank = hashKey(trpc.questions.list.queryKey({}));
  // Only what came from the device's copy: a query read since the start is current, and reading it
  // again now would reset the screen the member is using.
  await queryClient.invalidateQueries({
    predicate: (q) => q.queryHash !== bank && q.state.dataUpdatedAt < startedAt,
  });
  await Promise.all([
    queryClient.prefetchQuery(trpc.flashcards.list.queryOptions({})),
    queryClient.prefetchQuery(trpc.mastery.list.queryOptions()),
    queryClient.prefetchQuery(trpc.tests.availability.queryOptions()),
    queryClient.prefetchQuery(trpc.progress.sections.queryOptions()),
    queryClient.prefetchQuery(trpc.tests.list.queryOptions()),
  ]);
}

/**
 * The server answered 401: the session ended elsewhere (signed out on another device, expired, a
 * password change, a disable). The member's data leaves this device at once, but for the answers still
 * waiting in the outbox, and the landing page shows. Once per page.
 */
function onSessionEnded(user: SessionUser, queryClient: () => QueryClient) {
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    queryClient().clear();
    void import("../offline/deviceData.ts")
      .then((m) => m.forgetMemberData(user.id, { keepOutbox: true }))
      .finally(() => window.location.assign("/"));
  };
}

/**
 * Starts the app in short tasks, so a slow phone's main thread is never held for long at once. It
 * begins in a task after the one that ran the app's modules (on a slow phone about 150 ms by itself).
 * The router resolves the address and fetches the screen's code first; the styling system is built in
 * tasks of its own meanwhile; then the first render runs as a transition, which React renders in slices
 * of a few milliseconds, letting the browser paint and handle input in between. Rendered before the
 * screen's code was in, the screen would suspend and then render again all at once when it came; before
 * its data (for up to a second, firstData.ts), it would render twice more.
 */
export async function mountApp(element: HTMLElement, user: SessionUser, early: EarlyData | null = null) {
  await nextTask();
  const startedAt = Date.now();
  const sessionEnded = onSessionEnded(user, () => queryClient);
  const queryClient = makeQueryClient(sessionEnded);
  const trpcClient = makeTrpcClient();
  const trpc = trpcOptions(trpcClient, queryClient);
  // The screen's loader asks for its data as the screen's code starts downloading, both before the
  // styling system is built.
  const router = makeRouter({ user, queryClient, trpc });
  // The first script asked for the screen's data already (earlyData.ts): the loader joins that call.
  if (early) seedEarlyData(queryClient, trpc, early);
  const routed = router.load().catch(() => undefined); // a failure shows in the router's own error screen
  // The device's copy is read meanwhile too, and put in the cache before the first render (after the
  // loaders have asked the server, or their requests would find it and not be sent): a repeat visit's
  // first render shows the saved data, with no second render once it is read.
  const bankHash = hashKey(trpc.questions.list.queryKey({}));
  const persister = queryPersister(user.id, (hash) => hash === bankHash);
  void persister.restoreClient().catch(() => undefined);
  await nextTask();
  const system = await makeSystem(nextTask);
  await routed;
  await restoreDeviceCopy(queryClient, persister);
  await firstScreenData(queryClient);
  await nextTask();
  const root = createRoot(element);
  const rendered = new Promise<void>((resolve) => {
    const stop = router.subscribe("onRendered", () => {
      stop();
      resolve();
    });
  });
  // The outbox loads beside the first screen rather than before it (the shell's code counts on every
  // screen). What the server holds changed once the outbox is empty: read it again.
  void import("../offline/outbox.ts").then((m) =>
    m.startOutbox(
      user.id,
      trpcClient,
      () => {
        for (const key of [trpc.progress.sections.queryKey(), trpc.mastery.list.queryKey(), trpc.tests.list.queryKey()])
          void queryClient.invalidateQueries({ queryKey: key });
      },
      sessionEnded,
    ),
  );
  // Ask the browser not to evict the bank and the outbox under storage pressure (a hint; may be refused).
  void navigator.storage?.persist?.().catch(() => false);
  void import("./pwa.ts").then((m) => m.registerWorker());
  startTransition(() =>
    root.render(
      <ChakraProvider value={system}>
        <ColorModeProvider>
          <QueryClientProvider client={queryClient}>
            <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
              <RouterProvider router={router} />
            </TRPCProvider>
          </QueryClientProvider>
        </ColorModeProvider>
      </ChakraProvider>,
    ),
  );
  // The device's copy was restored above, before the first render (persist.ts): from here on, what
  // offline study needs is saved as it changes, and the server is asked again after the first screen.
  keepDeviceCopy(queryClient, persister);
  void refreshFromServer(queryClient, trpc, trpcClient, startedAt, rendered);
}
