import { createFileRoute } from "@tanstack/react-router";
import { PerformanceScreen } from "../performance/PerformanceScreen.tsx";

export const Route = createFileRoute("/performance")({
  // The member's tests and section progress are asked for while the screen's code downloads.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.tests.list.queryOptions());
    void queryClient.prefetchQuery(trpc.progress.sections.queryOptions());
  },
  component: PerformanceScreen,
});
