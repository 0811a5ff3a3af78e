import { describe, expect, it } from "vitest";
import { firstLoadLinks, type RouteChunks, routeChunksOf, routePattern, screenChunks } from "./route-chunks.ts";

const matches = (name: string, pathname: string) => new RegExp(routePattern(name)).test(pathname);

describe("the screens' chunk list", () => {
  it("reads a route file's name as the router does", () => {
    expect(matches("index", "/")).toBe(true);
    expect(matches("index", "/review")).toBe(false);
    expect(matches("study.$section", "/study/7")).toBe(true);
    expect(matches("study.$section", "/study")).toBe(false);
    expect(matches("study.$section", "/study/7/x")).toBe(false);
    expect(matches("study.index", "/study")).toBe(true);
    expect(matches("study.index", "/study/")).toBe(true);
    expect(matches("account.data", "/account/data")).toBe(true);
    expect(matches("account.data", "/account/database")).toBe(false);
    expect(matches("admin/route", "/admin")).toBe(true);
    expect(matches("admin/route", "/admin/audit")).toBe(true);
    expect(matches("admin/route", "/administrator")).toBe(false);
  });

  it("gives the opened screen's files once each, and none for an address no screen has", () => {
    const list: RouteChunks = {
      files: ["study-a.js", "shared-b.js", "review-c.js"],
      routes: [
        [routePattern("study.$section"), [0, 1]],
        [routePattern("review"), [2, 1]],
      ],
    };
    expect(screenChunks(list, "/study/3")).toEqual(["/assets/study-a.js", "/assets/shared-b.js"]);
    expect(screenChunks(list, "/review")).toEqual(["/assets/review-c.js", "/assets/shared-b.js"]);
    expect(screenChunks(list, "/nowhere")).toEqual([]);
  });

  it("names the app's stylesheets and scripts, then the screen's own, each once", () => {
    const list: RouteChunks = {
      files: ["App-1.js", "ui-2.js", "App-3.css", "study-4.js"],
      app: { scripts: [0, 1], styles: [2] },
      routes: [[routePattern("study.$section"), [3, 1]]],
    };
    const hrefs = (html: string) =>
      [...html.matchAll(/<link rel="([^"]+)"[^>]* href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(hrefs(firstLoadLinks(list, "/study/7"))).toEqual([
      "preload /assets/App-3.css",
      "modulepreload /assets/App-1.js",
      "modulepreload /assets/ui-2.js",
      "modulepreload /assets/study-4.js",
    ]);
    // Low priority, every one: the page's frame paints without waiting behind them.
    expect(firstLoadLinks(list, "/study/7").match(/<link /g)).toHaveLength(4);
    expect(firstLoadLinks(list, "/study/7").match(/<link [^>]*fetchpriority="low"/g)).toHaveLength(4);
    expect(hrefs(firstLoadLinks(list, "/review"))).toEqual([
      "preload /assets/App-3.css",
      "modulepreload /assets/App-1.js",
      "modulepreload /assets/ui-2.js",
    ]);
  });

  it("reads the list from the page, and nothing from a page without one", () => {
    const list: RouteChunks = { files: ["a.js"], routes: [["^/$", [0]]] };
    const page = `<head><script type="application/json" id="route-chunks">${JSON.stringify(list)}</script></head>`;
    expect(routeChunksOf(page)).toEqual(list);
    expect(routeChunksOf("<head></head>")).toBeNull();
    expect(routeChunksOf('<script type="application/json" id="route-chunks">{oops</script>')).toBeNull();
  });
});
