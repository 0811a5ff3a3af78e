/** The password policy beyond length (shared zod schema): not a common password, not the e-mail. */
import { readFileSync } from "node:fs";

// The 10,000 most common passwords of 12+ characters (see data/README.md), read once, lower-cased.
let common: Set<string> | null = null;
const commonPasswords = () =>
  (common ??= new Set(
    readFileSync(new URL("./data/common-passwords.txt", import.meta.url), "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
  ));

export function passwordProblem(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return "That password is on a list of common passwords. Choose another.";
  if (email) {
    const address = email.trim().toLowerCase();
    if (lower === address || lower === address.split("@")[0]) return "The password cannot be your e-mail address.";
  }
  // One character repeated, or a run such as "aaaaaaaaaaaa", is as weak as a listed password.
  if (new Set(lower).size < 3) return "The password needs more than two different characters.";
  return null;
}
