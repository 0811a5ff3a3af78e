import { createFileRoute } from "@tanstack/react-router";
import { Dashboard } from "../dashboard/Dashboard.tsx";

export const Route = createFileRoute("/")({
  // The dashboard's numbers are asked for while its code downloads. Not awaited: with the device's copy
  // restored (src/offline/persist.ts) they show at once, and the screen never waits on the network.
  // What is due today is asked for on every visit (the member may have reviewed elsewhere since): the
  // Due today card reads it again only when its copy is older than this (review/readSince.ts).
  loader: ({ context: { queryClient, trpc } }) => {
    const askedAt = Date.now();
    void queryClient.prefetchQuery(trpc.progress.sections.queryOptions());
    void queryClient.prefetchQuery(trpc.tests.list.queryOptions());
    void queryClient.prefetchQuery(trpc.tests.availability.queryOptions());
    void queryClient.prefetchQuery(trpc.review.summary.queryOptions(undefined, { staleTime: 0 }));
    void queryClient.prefetchQuery(trpc.readiness.readiness.queryOptions(undefined));
    void queryClient.prefetchQuery(trpc.studyPlan.get.queryOptions());
    return { askedAt };
  },
  component: function DashboardPage() {
    const { user } = Route.useRouteContext();
    const { askedAt } = Route.useLoaderData();
    return <Dashboard user={user} dueAskedAt={askedAt} />;
  },
});
