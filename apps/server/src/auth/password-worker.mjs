/**
 * The costly password work on worker threads of a lower priority (passwords.ts runs them through a
 * piscina pool): zxcvbn's estimate (up to ~0.1 s of CPU even on its capped input) and argon2id
 * (19 MiB, ~50 ms each). The thread that answers requests never spends that time, and the operating
 * system serves it first when the cores are busy. Plain JavaScript, so it starts the same under tsx,
 * vitest and the bundled server (a worker thread gets no TypeScript loader from its parent).
 */
import { hashSync, verifySync } from "@node-rs/argon2";
import zxcvbnCore from "@zxcvbn-ts/core";
import * as zxcvbnCommon from "@zxcvbn-ts/language-common";

// argon2id with OWASP's recommended minimum cost (19 MiB, 2 iterations).
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 };

/** @type {InstanceType<typeof zxcvbnCore.ZxcvbnFactory> | null} Built on first use: unpacking the word lists takes ~0.1 s. */
let estimator = null;

/** @param {{ password: string; userWords: string[] }} input @returns {number} zxcvbn's score, 0–4 */
export function score({ password, userWords }) {
  estimator ??= new zxcvbnCore.ZxcvbnFactory({
    dictionary: zxcvbnCommon.dictionary,
    graphs: zxcvbnCommon.adjacencyGraphs,
  });
  return estimator.check(password, userWords).score;
}

/** @param {{ password: string }} input @returns {string} */
export function hash({ password }) {
  return hashSync(password, ARGON);
}

/** @param {{ hash: string; password: string }} input @returns {boolean} */
export function verify({ hash, password }) {
  try {
    return verifySync(hash, password);
  } catch {
    return false;
  }
}
