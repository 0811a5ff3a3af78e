import { describe, expect, it } from "vitest";
import { type RouteChunks, routePattern, screenChunks } from "./routeChunks.ts";

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
});
