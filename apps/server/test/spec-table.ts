/** The REST calls of SPEC §7, read from ../shared/SPEC.md when it is there, with a copy to compare against. */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { REPO_ROOT } from "../src/process/config.ts";

export const SPEC_CALLS = [
  "GET /api/auth/user",
  "GET /api/progress/section",
  "POST /api/progress/section",
  "POST /api/progress/question-attempt",
  "GET /api/test-attempts",
  "GET /api/questions",
  "POST /api/questions",
  "PATCH /api/questions/{id}",
  "DELETE /api/questions/{id}",
  "GET /api/flashcards",
  "POST /api/flashcards",
  "PATCH /api/flashcards/{id}",
  "DELETE /api/flashcards/{id}",
  "GET /api/flashcard-mastery",
  "POST /api/flashcard-mastery",
  "GET /api/admin/stats",
  "GET /api/admin/users",
];

/**
 * Rows of the '| Method | Path |' table in SPEC.md §7, as 'METHOD /path'; null when the spec is not
 * beside the repo (../shared/SPEC.md) nor named by SPEC_MD.
 */
export function specCallsFromSpec(): string[] | null {
  const file = process.env.SPEC_MD ?? resolve(REPO_ROOT, "../shared/SPEC.md");
  if (!existsSync(file)) return null;
  const text = readFileSync(file, "utf8");
  const section = text.slice(text.indexOf("## 7."), text.indexOf("## 8."));
  return [...section.matchAll(/^\|\s*(GET|POST|PATCH|PUT|DELETE)\s*\|\s*(\/api\/[^\s|,]+)/gm)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
}
