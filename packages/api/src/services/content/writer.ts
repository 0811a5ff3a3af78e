import type { Context } from "../../trpc/procedures.ts";

/**
 * What a content write needs: the database, the cache to clear, and who acts (for the audit trail).
 * A module of its own so items, regrade and versions share it without importing each other.
 */
export type ContentWriter = Pick<Context, "database" | "content" | "user" | "requestId" | "ip">;
