import { describe, expect, it } from "vitest";
import { type BuiltChunk, SMALL_PIECE_BYTES, sharedScreenModules } from "./screenChunks.ts";

const ROUTES = "/app/apps/web/src/routes";
const screen = (name: string) => `${ROUTES}/${name}.tsx?tsr-split=component`;

/** A first build's chunk: `modules` defaults to one module named after the file. */
function chunk(fileName: string, options: Partial<BuiltChunk> = {}): BuiltChunk {
  return {
    fileName,
    isEntry: false,
    facadeModuleId: null,
    imports: [],
    moduleIds: [`/m/${fileName}`],
    size: 300,
    ...options,
  };
}

/** The first script, the app's chunk and a library group the app imports: the shell. */
const shell = [
  chunk("index.js", { isEntry: true, imports: ["earlyData.js"] }),
  chunk("earlyData.js"),
  chunk("App.js", { facadeModuleId: "/app/apps/web/src/app/App.tsx", imports: ["ui.js"], size: 100_000 }),
  chunk("ui.js", { moduleIds: ["/m/icon-base", "/m/chakra"], size: 40_000 }),
];

function route(name: string, imports: string[]): BuiltChunk {
  return chunk(`${name}.js`, { facadeModuleId: screen(name), imports: ["App.js", "ui.js", ...imports] });
}

describe("the small pieces member screens share, gathered for `screens`", () => {
  it("takes a small piece two screens load, and leaves one that a single screen loads with it", () => {
    const chunks = [
      ...shell,
      route("review", ["check.js", "ratings.js"]),
      route("flashcards", ["check.js"]),
      chunk("check.js", { moduleIds: ["/icons/check.mjs"], imports: ["ui.js"] }),
      chunk("ratings.js"),
    ];
    expect([...sharedScreenModules(chunks)]).toEqual(["/icons/check.mjs"]);
  });

  it("takes what a shared piece imports beyond the shell with it, so `screens` needs only the shell's files", () => {
    const chunks = [
      ...shell,
      route("study.$section", ["feedback.js"]),
      route("review", ["feedback.js", "grading.js"]),
      route("test", ["grading.js"]),
      chunk("feedback.js", { imports: ["grading.js", "App.js"] }),
      chunk("grading.js", { moduleIds: ["/domain/grading.ts", "/domain/number-words.ts"] }),
    ];
    expect([...sharedScreenModules(chunks)].sort()).toEqual(
      ["/domain/grading.ts", "/domain/number-words.ts", "/m/feedback.js"].sort(),
    );
  });

  it("leaves a shared piece that is large, or that needs a large one, in files of their own", () => {
    const chunks = [
      ...shell,
      route("study.$section", ["answer.js"]),
      route("review", ["answer.js"]),
      chunk("answer.js", { imports: ["confidence.js"] }),
      chunk("confidence.js", { size: SMALL_PIECE_BYTES }),
    ];
    expect(sharedScreenModules(chunks).size).toBe(0);
  });

  it("never takes the shell's modules, code loaded on use, or what only the admin's screens share", () => {
    const chunks = [
      ...shell,
      // Both screens import the app's chunk and its library group: the shell, already loaded.
      route("home", []),
      route("performance", []),
      // Charts come by dynamic import: not in `imports`, so not a screen's first load.
      chunk("Charts.js", { moduleIds: ["/m/charts"] }),
      chunk("admin/users.js", { facadeModuleId: screen("admin/users"), imports: ["table.js"] }),
      chunk("admin/reports.js", { facadeModuleId: screen("admin/reports"), imports: ["table.js"] }),
      chunk("table.js"),
    ];
    expect(sharedScreenModules(chunks).size).toBe(0);
  });

  it("never moves one screen's own file into `screens`, even when another screen imports it", () => {
    const chunks = [
      ...shell,
      route("account.review", []),
      route("account.reminders", ["account.review.js"]),
      route("plan", ["account.review.js"]),
    ];
    expect(sharedScreenModules(chunks).size).toBe(0);
  });
});
