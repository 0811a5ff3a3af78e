import { createFileRoute } from "@tanstack/react-router";
import { PerformanceScreen } from "../performance/PerformanceScreen.tsx";

export const Route = createFileRoute("/performance")({
  // The member's tests and section progress are asked for while the screen's code downloads, and so
  // are the readiness and hard-item views' data and code, which the screen loads on its own (lazily)
  // after its first render: not one after another once each view has mounted.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.tests.list.queryOptions());
    void queryClient.prefetchQuery(trpc.progress.sections.queryOptions());
    void queryClient.prefetchQuery(trpc.readiness.readiness.queryOptions(undefined));
    void queryClient.prefetchQuery(trpc.readiness.confidence.queryOptions());
    void queryClient.prefetchQuery(trpc.readiness.calibration.queryOptions(undefined));
    void queryClient.prefetchQuery(trpc.review.hardItems.queryOptions());
    void import("../readiness/ReadinessView.tsx").catch(() => undefined);
    void import("../performance/HardItems.tsx").catch(() => undefined);
  },
  component: PerformanceScreen,
});
