import { createFileRoute } from "@tanstack/react-router";
import { Dashboard } from "../dashboard/Dashboard.tsx";

export const Route = createFileRoute("/")({
  // The dashboard's numbers are asked for while its code downloads. Not awaited: with the device's copy
  // restored (src/offline/persist.ts) they show at once, and the screen never waits on the network.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.progress.sections.queryOptions());
    void queryClient.prefetchQuery(trpc.tests.list.queryOptions());
    void queryClient.prefetchQuery(trpc.tests.availability.queryOptions());
    void queryClient.prefetchQuery(trpc.review.summary.queryOptions());
    void queryClient.prefetchQuery(trpc.readiness.readiness.queryOptions(undefined));
    void queryClient.prefetchQuery(trpc.studyPlan.get.queryOptions());
  },
  component: function DashboardPage() {
    const { user } = Route.useRouteContext();
    return <Dashboard user={user} />;
  },
});
