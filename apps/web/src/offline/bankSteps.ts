/**
 * The offline bank is fetched and saved in steps, each its own short main-thread task. Each step's
 * synchronous work is recorded as a `jcba:bank:<kind>` performance measure, so the time it holds the
 * main thread can be read (the e2e test asserts none reaches a long task's 50 ms).
 */

export const BANK_MEASURE = "jcba:bank:";

/** Runs `step` (synchronous work) and records how long it held the main thread. */
export function measureBankStep<T>(kind: "download" | "save", step: () => T): T {
  const start = performance.now();
  try {
    return step();
  } finally {
    performance.measure(`${BANK_MEASURE}${kind}`, { start, end: performance.now() });
  }
}

/** Lets the browser handle input and paint before the next step. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the first screen is up: `rendered` (the router's first render), then no query
 * fetching (the screen's data is in), a frame painted, and the browser idle. Idle time alone is not
 * enough: the wait for the screen's code or data leaves the main thread idle too.
 */
export async function afterFirstScreen(
  rendered: Promise<void>,
  isFetching: () => number,
  onChange: (listener: () => void) => () => void,
) {
  await rendered;
  await new Promise<void>((resolve) => {
    let stop: (() => void) | undefined;
    const check = () => {
      if (isFetching() > 0) return;
      stop?.();
      resolve();
    };
    stop = onChange(check);
    check();
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  await new Promise<void>((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 200);
  });
}
