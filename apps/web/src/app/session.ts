import type { SessionUser } from "@jcba/api";

/** The signed-in user, as GET /api/auth/user returns it. */
export type { SessionUser };

/** What every route can read from the router: who is signed in. Here, not in App.tsx, so routes need not import the app. */
export interface RouterContext {
  user: SessionUser;
}
