import type { AppRouter, RouterInputs, RouterOutputs } from "@jcba/api";
import { MEMBER_HEADER } from "@jcba/validators/headers";
import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError } from "@trpc/client";
import { createTRPCContext, createTRPCOptionsProxy } from "@trpc/tanstack-react-query";

export type { RouterInputs, RouterOutputs };
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Spec defaults: no retries, data never stale, no refetch on focus, no polling. Data is kept for as
 * long as the device copy lasts (src/offline/persist.ts), or the saved copy would lose what no
 * screen showed in the last minutes, such as the sections not yet opened.
 */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
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
 * Calls are batched, except the outbox's writes: each goes alone, with the id of the member who made
 * it (`context: { writtenBy }`), so the server refuses it (409) when someone else is signed in, and
 * an online answer is one request with no identity check before it.
 */
export function makeTrpcClient() {
  const fetchWithCookies: typeof fetch = (url, init) => fetch(url, { ...init, credentials: "include" });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => typeof op.context.writtenBy === "number",
        true: httpLink({
          url: "/api/trpc",
          fetch: fetchWithCookies,
          headers: ({ op }) => ({ [MEMBER_HEADER]: String(op.context.writtenBy) }),
        }),
        false: httpBatchLink({ url: "/api/trpc", fetch: fetchWithCookies }),
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
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    return status ? `${status}: ${error.message}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === "UNAUTHORIZED";
}
