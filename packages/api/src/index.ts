import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "./root.ts";

export { appRouter, type AppRouter } from "./root.ts";
export { createCallerFactory, type Context, type SessionUser } from "./trpc.ts";
export { createContentCache, type ContentCache } from "./content-cache.ts";
export * as schemas from "./schemas.ts";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
