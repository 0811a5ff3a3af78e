/**
 * The password policy beyond length (the shared zod schema asks for 12 characters): not a common or
 * easily guessed password, not the e-mail. Common passwords, keyboard walks, repeats and dictionary
 * words are judged by zxcvbn-ts (Dropbox's estimator, with its common-password and word lists), as
 * NIST 800-63B and ASVS 2.1.7 ask: anything it scores below 3 of 4 ("safely unguessable") is refused.
 */
import zxcvbnCore from "@zxcvbn-ts/core";
import * as zxcvbnCommon from "@zxcvbn-ts/language-common";

const MIN_SCORE = 3;

// Built on first use: unpacking the word lists takes a moment, and most requests never need it.
let estimator: InstanceType<typeof zxcvbnCore.ZxcvbnFactory> | null = null;
const strength = () =>
  (estimator ??= new zxcvbnCore.ZxcvbnFactory({
    dictionary: zxcvbnCommon.dictionary,
    graphs: zxcvbnCommon.adjacencyGraphs,
  }));

export function passwordProblem(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  if (email) {
    const address = email.trim().toLowerCase();
    if (lower === address || lower === address.split("@")[0]) return "The password cannot be your e-mail address.";
  }
  const userWords = email
    ? email
        .toLowerCase()
        .split(/[@.+_-]+/)
        .filter((w) => w.length > 2)
    : [];
  if (strength().check(password, userWords).score < MIN_SCORE)
    return "That password is a common password or too easy to guess. Choose another.";
  return null;
}
