import { createFileRoute } from "@tanstack/react-router";
import { textParams } from "../components/textParams.ts";
import { PracticeTest } from "../practice-test/PracticeTest.tsx";

interface TestSearch {
  review?: string;
  code?: string;
}

export const Route = createFileRoute("/test")({
  validateSearch: (search: Record<string, unknown>): TestSearch => textParams(search, ["review", "code"]),
  // What the member may take today, and their edition (which the set-up reads as it mounts), are asked
  // for in one request while the screen's code downloads.
  loader: ({ context: { queryClient, trpc } }) => {
    if (!navigator.onLine) return;
    void queryClient.prefetchQuery(trpc.tests.availability.queryOptions());
    void queryClient.prefetchQuery(trpc.account.studyEdition.queryOptions());
  },
  component: function PracticeTestPage() {
    const { review, code } = Route.useSearch();
    const { user } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    return (
      <PracticeTest
        userId={user.id}
        review={review}
        showReview={(id) => void navigate({ search: id === undefined ? {} : { review: id } })}
        code={code}
        openCode={(c) => void navigate({ search: c === undefined ? {} : { code: c } })}
      />
    );
  },
});
