export * from "./grading.ts";
export * from "./item-analysis.ts";
export * from "./mastery.ts";
export * from "./practice-test.ts";
export * from "./progress.ts";
export * from "./sections.ts";
export * from "./text.ts";
