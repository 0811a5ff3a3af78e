/** The signed-in user, as GET /api/auth/user returns it. */
export type { SessionUser } from "@jcba/api";
