import type { Database } from "@jcba/db";
import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { ContentCache } from "./content-cache.ts";

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  isAdmin: boolean;
}

/** What every procedure sees: the database, the signed-in user (if any) and the content cache. */
export interface Context {
  database: Database;
  user: SessionUser | null;
  content: ContentCache;
  /** When the request reached the server, before it waited for anything; orders last-write-wins updates. */
  receivedAt?: Date;
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // Errors carry { message, code } and, for bad input, the zod issues; never a stack trace.
    errorFormatter({ shape, error }) {
      const issues = error.cause && "issues" in error.cause ? (error.cause as { issues: unknown }).issues : undefined;
      return {
        ...shape,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/** Signed-in members and admins; 401 otherwise. */
export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Admins only; 401 when signed out, 403 for members. */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: "FORBIDDEN", message: "This needs an admin account." });
  return next();
});
