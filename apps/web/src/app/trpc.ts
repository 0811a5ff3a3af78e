import type { AppRouter, RouterInputs, RouterOutputs } from "@jcba/api";
import { MEMBER_HEADER } from "@jcba/validators/headers";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCContext, createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { stepAwareFetch } from "../second-factor/reauth.ts";
import { BUSY_TEXT, httpStatusOf } from "./http-status.ts";

export type { RouterInputs, RouterOutputs };
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Spec defaults: no retries (but a busy server's 503), data never stale, no refetch on focus, no polling. Data is kept for as
 * long as the device copy lasts (src/offline/persist.ts), or the saved copy would lose what no
 * screen showed in the last minutes, such as the sections not yet opened. `onSessionEnded` runs when
 * the server answers a call with 401: the session ended while the app was open.
 */
export function makeQueryClient(onSessionEnded: () => void = () => {}) {
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) onSessionEnded();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // Only past capacity (503, the server's 'try again later'): twice, Retry-After's 5 s apart.
        retry: (failures, error) => httpStatusOf(error) === 503 && failures < 2,
        retryDelay: 5_000,
        staleTime: Infinity,
        gcTime: 1000 * 60 * 60 * 24 * 60,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The outbox's writes name the member who made them (`context: { writtenBy }`, sent as a header), so
 * the server refuses one (409) when someone else is signed in, and an online answer is one request
 * with no identity check before it. Mutations batch only with mutations made in the same tick, and
 * the outbox sends one write at a time.
 */
export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: "/api/trpc",
        // Re-authentication and the admin's second factor on demand (second-factor/reauth.ts).
        fetch: stepAwareFetch,
        headers: ({ opList }) => {
          const writtenBy = opList.find((op) => typeof op.context.writtenBy === "number")?.context.writtenBy;
          return writtenBy === undefined ? {} : { [MEMBER_HEADER]: String(writtenBy) };
        },
      }),
    ],
  });
}

/** Query options outside React (the app's start, the outbox). */
export function trpcOptions(client: ReturnType<typeof makeTrpcClient>, queryClient: QueryClient) {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}

/** The message of a failed call, as '401: message' (status code, colon, then the server's words). */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const status = httpStatusOf(error);
    if (status === 503 && error.data === undefined) return `503: ${BUSY_TEXT}`;
    return status ? `${status}: ${error.message}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === "UNAUTHORIZED";
}
