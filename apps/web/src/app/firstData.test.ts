import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { firstScreenData } from "./firstData.ts";

/** A request the test answers when it likes. */
function request<T>() {
  let answer!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

/** Whether `p` has resolved once the timers already due have run (a wait for the notifications, not a timing). */
const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await new Promise((r) => setTimeout(r, 5));
  return done;
};

describe("the first render's wait for its data", () => {
  let client: QueryClient;
  afterEach(() => client.clear());

  it("waits until every query asked for has its first data", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const progress = request<number[]>();
    const tests = request<string[]>();
    void client.prefetchQuery({ queryKey: ["progress"], queryFn: () => progress.promise });
    void client.prefetchQuery({ queryKey: ["tests"], queryFn: () => tests.promise });
    const waiting = firstScreenData(client, 10_000);
    expect(await settled(waiting)).toBe(false);
    progress.answer([1]);
    expect(await settled(waiting)).toBe(false);
    tests.answer(["a"]);
    await waiting;
  });

  it("does not wait for data the device holds, nor for a request that failed", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(["progress"], [1]);
    const refresh = request<number[]>();
    void client.prefetchQuery({ queryKey: ["progress"], queryFn: () => refresh.promise, staleTime: 0 });
    await firstScreenData(client, 10_000);
    const failing = request<number[]>();
    void client.prefetchQuery({ queryKey: ["plan"], queryFn: () => failing.promise });
    const waiting = firstScreenData(client, 10_000);
    failing.fail(new Error("502"));
    await waiting;
  });

  it("gives up after its time, so a slow answer never holds the screen", async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const slow = request<number[]>();
    void client.prefetchQuery({ queryKey: ["progress"], queryFn: () => slow.promise });
    const started = Date.now();
    await firstScreenData(client, 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(client.getQueryState(["progress"])?.fetchStatus).toBe("fetching");
  });
});
