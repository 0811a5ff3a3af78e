import type { AppRouter } from "@jcba/api";
import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";

import { afterEach, describe, expect, it } from "vitest";
import { batchUrl, earlyCalls, readAnswers } from "./earlyData.ts";
import { seedEarlyData } from "./seedEarlyData.ts";

/**
 * The app's own options proxy over a tRPC client whose link answers every call with `answer` and
 * notes it: what reaches the network after the early data is in the cache.
 */
function appClients(answer: (path: string, input: unknown) => unknown) {
  const sent: string[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        sent.push(op.path);
        observer.next({ result: { type: "data", data: answer(op.path, op.input) } });
        observer.complete();
      });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const trpc = createTRPCOptionsProxy<AppRouter>({
    client: createTRPCClient<AppRouter>({ links: [link] }),
    queryClient,
  });
  return { sent, queryClient, trpc };
}

describe("a screen's first data, asked for before the app starts", () => {
  let queryClient: QueryClient | undefined;
  afterEach(() => queryClient?.clear());

  it("lists each member screen's first calls by its path, and none for a screen without", () => {
    expect(earlyCalls("/study/7")).toEqual([
      { path: "questions.list", input: { section: 7 } },
      { path: "account.studyEdition", input: undefined },
      { path: "flags.list", input: undefined },
      { path: "review.settings", input: undefined },
    ]);
    expect(earlyCalls("/study/7/")).toEqual(earlyCalls("/study/7"));
    expect(earlyCalls("/").map((c) => c.path)).toContain("review.summary");
    expect(earlyCalls("/review")).toEqual([{ path: "review.session", input: undefined }]);
    // Not a section: the screen shows its not-found card and asks for nothing.
    for (const path of [
      "/study/0",
      "/study/33",
      "/study/7/x",
      "/study/99x",
      "/study/abc",
      "/search",
      "/admin",
      "/account/password",
    ])
      expect(earlyCalls(path)).toEqual([]);
  });

  it("sends them as one GET, inputs by position as tRPC's batch link does", () => {
    const url = new URL(batchUrl(earlyCalls("/study/7")), "http://localhost");
    expect(url.pathname).toBe("/api/trpc/questions.list,account.studyEdition,flags.list,review.settings");
    expect(url.searchParams.get("batch")).toBe("1");
    expect(JSON.parse(url.searchParams.get("input") ?? "")).toEqual({ 0: { section: 7 } });
  });

  it("reads each call's data from the answer, and nothing from an error or a body that is not a batch", () => {
    const body = [{ result: { data: [1, 2] } }, { error: { message: "no", code: -32001 } }, { result: { data: null } }];
    expect(readAnswers(body, 3)).toEqual([[1, 2], undefined, null]);
    expect(readAnswers({ error: "not a batch" }, 2)).toEqual([undefined, undefined]);
  });

  it("gives the loader's own query the early answer, so the loader asks the server for nothing", async () => {
    const app = appClients(() => "from the loader's call");
    queryClient = app.queryClient;
    const calls = earlyCalls("/study/7");
    seedEarlyData(app.queryClient, app.trpc, {
      calls,
      answers: Promise.resolve([[{ id: 1 }], { edition: "2016" }, [], { confidence: false }]),
    });
    // What the study screen's loader does (src/routes/study.$section.tsx).
    await Promise.all([
      app.queryClient.prefetchQuery(app.trpc.questions.list.queryOptions({ section: 7 })),
      app.queryClient.prefetchQuery(app.trpc.account.studyEdition.queryOptions()),
      app.queryClient.prefetchQuery(app.trpc.flags.list.queryOptions()),
      app.queryClient.prefetchQuery(app.trpc.review.settings.queryOptions()),
    ]);
    expect(app.sent).toEqual([]);
    expect(app.queryClient.getQueryData(app.trpc.questions.list.queryKey({ section: 7 }))).toEqual([{ id: 1 }]);
    expect(app.queryClient.getQueryData(app.trpc.review.settings.queryKey())).toEqual({ confidence: false });
  });

  it("asks again the usual way for a call the early answer has no data for", async () => {
    const app = appClients((path) => `${path} asked again`);
    queryClient = app.queryClient;
    seedEarlyData(app.queryClient, app.trpc, {
      calls: earlyCalls("/review"),
      answers: Promise.resolve([undefined]),
    });
    await app.queryClient.prefetchQuery(app.trpc.review.session.queryOptions(undefined, { staleTime: 0 }));
    expect(app.sent).toEqual(["review.session"]);
    expect(app.queryClient.getQueryData(app.trpc.review.session.queryKey())).toBe("review.session asked again");
  });
});
