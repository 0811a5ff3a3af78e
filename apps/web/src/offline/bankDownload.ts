/**
 * Fetches the whole question bank for offline use after the first screen is up: section by section,
 * a few sections per request, so no single response takes long to read, then put in the cache at
 * once (src/offline/persist.ts saves it in pieces). Loaded on its own, after the first screen.
 */
import { SECTION_NUMBERS } from "@jcba/domain";
import type { QueryClient } from "@tanstack/react-query";
import type { makeTrpcClient, RouterOutputs, trpcOptions } from "../app/trpc.ts";
import { measureBankStep, nextTask } from "./bankSteps.ts";

type Question = RouterOutputs["questions"]["list"][number];
/** Sections asked for together (one batched request): 8 requests of about 75 KB for the 32 sections. */
const SECTIONS_PER_REQUEST = 4;

/**
 * Reads the bank from the server unless a screen already did since `since` (the app's start). False
 * when the server did not answer: the device's copy stays as it is.
 */
export async function downloadBank(
  queryClient: QueryClient,
  trpc: ReturnType<typeof trpcOptions>,
  client: ReturnType<typeof makeTrpcClient>,
  since: number,
): Promise<boolean> {
  const key = trpc.questions.list.queryKey({});
  const state = queryClient.getQueryState(key);
  if (state?.status === "success" && state.dataUpdatedAt >= since && !state.isInvalidated) return true;
  const pieces: Question[][] = [];
  try {
    for (let i = 0; i < SECTION_NUMBERS.length; i += SECTIONS_PER_REQUEST) {
      const sections = SECTION_NUMBERS.slice(i, i + SECTIONS_PER_REQUEST);
      pieces.push(...(await Promise.all(sections.map((section) => client.questions.list.query({ section })))));
      await nextTask();
    }
  } catch {
    return false;
  }
  measureBankStep("download", () => queryClient.setQueryData(key, pieces.flat()));
  return true;
}
