export * from "./grading.ts";
export * from "./mastery.ts";
export * from "./practice-test.ts";
export * from "./progress.ts";
export * from "./review.ts";
export * from "./sections.ts";
export * from "./test-code.ts";
export * from "./text.ts";
