/**
 * The list of each member screen's own chunks that the build writes into index.html (vite.config.ts)
 * and the first script reads (src/entry.ts) to preload the opened screen's code beside the app's.
 */

/** Chunk files (in assets/) and, per pathname pattern, the indexes of the files that screen needs. */
export interface RouteChunks {
  files: string[];
  routes: [pattern: string, files: number[]][];
}

/**
 * A pathname pattern from a route file's name, as TanStack Router's file-based routing reads it:
 * `study.$section` → `^/study/[^/]+/?$`, `index` → `^//?$`, `admin/route` (a layout) → `^/admin(/|$)`.
 */
export function routePattern(name: string): string {
  const segments = name.replace(/\//g, ".").split(".");
  const layout = segments.at(-1) === "route";
  if (layout || segments.at(-1) === "index") segments.pop();
  const path = segments.map((s) => (s.startsWith("$") ? "[^/]+" : s)).join("/");
  return layout ? `^/${path}(/|$)` : `^/${path}/?$`;
}

/** The files the screen at `pathname` needs, as URLs. */
export function screenChunks(list: RouteChunks, pathname: string): string[] {
  const wanted = new Set<number>();
  for (const [pattern, indexes] of list.routes)
    if (new RegExp(pattern).test(pathname)) for (const i of indexes) wanted.add(i);
  return [...wanted].map((i) => `/assets/${list.files[i]}`);
}
