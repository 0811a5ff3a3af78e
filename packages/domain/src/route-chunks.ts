/**
 * The list of the files a signed-in page loads first, which the build writes into index.html
 * (apps/web/vite.config.ts): the app's chunk with the files it imports, its stylesheets, and each
 * member screen's own chunks. The server names them in the signed-in page's head so the browser
 * fetches them while it reads the page (apps/server/src/http/web-app.ts); where the page comes from
 * the service worker instead, the first script preloads the screen's files itself (apps/web/src/entry.ts).
 */

/** Chunk files (in assets/) and, per pathname pattern, the indexes of the files that screen needs. */
export interface RouteChunks {
  files: string[];
  /** The app's chunk and the chunks it imports (not the first script's), and its stylesheets. */
  app?: { scripts: number[]; styles: number[] };
  routes: [pattern: string, files: number[]][];
}

/** Where the build's list sits in index.html. */
export const ROUTE_CHUNKS_ID = "route-chunks";

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

const url = (list: RouteChunks, i: number) => `/assets/${list.files[i]}`;

/** The files the screen at `pathname` needs, as URLs. */
export function screenChunks(list: RouteChunks, pathname: string): string[] {
  const wanted = new Set<number>();
  for (const [pattern, indexes] of list.routes)
    if (new RegExp(pattern).test(pathname)) for (const i of indexes) wanted.add(i);
  return [...wanted].map((i) => url(list, i));
}

/** The attribute on the links the server writes, which tells the first script they are there. */
export const FIRST_LOAD_ATTRIBUTE = "data-first-load";

/**
 * `<link>` tags for everything the signed-in page at `pathname` loads first: the app's stylesheets and
 * scripts, then the screen's own scripts. The names come from the build, never from the request. At
 * low priority: the page's frame paints from index.html and its stylesheet alone, and should not wait
 * for a connection behind these (a browser gives a module preload the priority of a blocking script).
 */
export function firstLoadLinks(list: RouteChunks, pathname: string): string {
  const styles = (list.app?.styles ?? []).map(
    (i) =>
      `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${url(list, i)}" ${FIRST_LOAD_ATTRIBUTE}>`,
  );
  const scripts = [
    ...new Set([...(list.app?.scripts ?? []).map((i) => url(list, i)), ...screenChunks(list, pathname)]),
  ].map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}" ${FIRST_LOAD_ATTRIBUTE}>`);
  return [...styles, ...scripts].join("");
}

/** The build's list from index.html's text, or null when it has none (the development server). */
export function routeChunksOf(html: string): RouteChunks | null {
  const match = new RegExp(`<script type="application/json" id="${ROUTE_CHUNKS_ID}">(.*?)</script>`, "s").exec(html);
  if (!match) return null;
  try {
    return JSON.parse(match[1] ?? "") as RouteChunks;
  } catch {
    return null;
  }
}
