export * from "./sections.ts";
export * from "./grading.ts";
export * from "./progress.ts";
export * from "./practice-test.ts";
export * from "./mastery.ts";
