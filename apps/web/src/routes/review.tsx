import { createFileRoute } from "@tanstack/react-router";
import { ReviewScreen } from "../review/ReviewScreen.tsx";

export const Route = createFileRoute("/review")({
  // The due queue is asked for while the screen's code downloads, on every visit (the member may have
  // studied since): the screen reads it again only when its copy is older than this (readSince.ts).
  loader: ({ context: { queryClient, trpc } }) => {
    const askedAt = Date.now();
    void queryClient.prefetchQuery(trpc.review.session.queryOptions(undefined, { staleTime: 0 }));
    return { askedAt };
  },
  component: function ReviewPage() {
    const { askedAt } = Route.useLoaderData();
    return <ReviewScreen askedAt={askedAt} />;
  },
});
