/**
 * Passwords: the policy beyond length (the shared zod schema asks for 12 characters), hashing and
 * verifying. The policy: not a common or easily guessed password, not the e-mail. Common passwords,
 * keyboard walks, repeats and dictionary words are judged by zxcvbn-ts (Dropbox's estimator, with its
 * common-password and word lists), as NIST 800-63B and ASVS 2.1.7 ask: anything it scores below 3 of
 * 4 ("safely unguessable") is refused.
 *
 * The estimator's time grows faster than the password's length (0.4–0.8 s on 1,000 characters), so it
 * sees only the first PASSWORD_ESTIMATE_CHARS characters. It and argon2 run on a pool of worker
 * threads of lower priority (password-worker.mjs): a stranger's sign-ups never hold up other members'
 * requests.
 */
import { availableParallelism } from "node:os";
import { accountSchemas } from "@jcba/api";
import Piscina from "piscina";

const MIN_SCORE = 3;
const { estimatedPart } = accountSchemas;

let pool: Piscina | null = null;
const workers = () =>
  (pool ??= new Piscina({
    filename: new URL("./password-worker.mjs", import.meta.url).href,
    // One core stays for the thread that answers requests.
    maxThreads: Math.max(1, availableParallelism() - 1),
    minThreads: 0,
    idleTimeout: 60_000,
    // Lower priority than the request thread (on Linux and macOS).
    niceIncrement: 10,
    // Beyond this many waiting jobs, new ones are refused (PasswordWorkBusy) rather than queued.
    maxQueue: 1000,
    execArgv: [],
  }));

/** Too much password work is waiting: the answer is 503 with Retry-After (app.ts's error handler). */
export class PasswordWorkBusy extends Error {
  readonly statusCode = 503;
}

async function run<T>(name: "score" | "hash" | "verify", input: object): Promise<T> {
  try {
    return (await workers().run(input, { name })) as T;
  } catch (e) {
    if ((e as Error).message?.includes("queue is at limit"))
      throw new PasswordWorkBusy("The server is busy checking passwords. Try again in a few seconds.");
    throw e;
  }
}

/** An argon2id hash of the password (OWASP's minimum cost: 19 MiB, 2 iterations). */
export const hashPassword = (password: string) => run<string>("hash", { password });
/** Whether the password matches the hash; false for a malformed hash. */
export const verifyPassword = (hash: string, password: string) => run<boolean>("verify", { hash, password });

export async function passwordProblem(password: string, email?: string): Promise<string | null> {
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
  const score = await run<number>("score", { password: estimatedPart(password), userWords });
  if (score < MIN_SCORE) return "That password is a common password or too easy to guess. Choose another.";
  return null;
}

/** Stops the worker threads (the CLI, before it exits). */
export async function closePasswordWork(): Promise<void> {
  const running = pool;
  pool = null;
  await running?.destroy();
}
