import { createFileRoute } from "@tanstack/react-router";
import { ReviewSettingsScreen } from "../account/ReviewSettingsScreen.tsx";
import { workloadInput } from "../account/workloadInput.ts";

export const Route = createFileRoute("/account/review")({
  // The screen shows once the settings, the memory model and the forecast at the saved retention are in
  // (ReviewSettingsScreen.tsx): all three, and the chart's code, are asked for while its code downloads.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.review.model.queryOptions());
    void queryClient
      .ensureQueryData(trpc.review.settings.queryOptions())
      .then((saved) =>
        queryClient.prefetchQuery(trpc.review.workload.queryOptions(workloadInput(saved.desiredRetention))),
      )
      .catch(() => undefined);
    void import("../performance/Charts.tsx").catch(() => undefined);
  },
  component: ReviewSettingsScreen,
});
