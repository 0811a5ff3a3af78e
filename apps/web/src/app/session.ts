import type { SessionUser } from "@jcba/api";
import type { QueryClient } from "@tanstack/react-query";
import type { trpcOptions } from "./trpc.ts";

/** The signed-in user, as GET /api/auth/user returns it. */
export type { SessionUser };

/**
 * What every route can read from the router: who is signed in, and the query cache with the tRPC
 * query options, so a route's loader can ask for its screen's data while the screen's code downloads.
 * Here, not in App.tsx, so routes need not import the app.
 */
export interface RouterContext {
  user: SessionUser;
  queryClient: QueryClient;
  trpc: ReturnType<typeof trpcOptions>;
}
