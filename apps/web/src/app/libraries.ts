/**
 * The libraries the app starts with, loaded and run before the app's own chunk (src/entry.ts): React's
 * renderer, the router and the query cache. Running every module of the first load at once held a slow
 * phone's main thread for about 150 ms in one piece; this way it is two pieces, with a task between
 * them for input and paint. Named exports, not whole packages, so the bundler still drops what the app
 * does not use.
 */
export { QueryClient } from "@tanstack/react-query";
export { createRouter } from "@tanstack/react-router";
export { createRoot } from "react-dom/client";
