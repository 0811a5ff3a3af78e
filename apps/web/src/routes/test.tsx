import { createFileRoute } from "@tanstack/react-router";
import { PracticeTest } from "../practice-test/PracticeTest.tsx";

interface TestSearch {
  review?: string;
}

export const Route = createFileRoute("/test")({
  validateSearch: (search: Record<string, unknown>): TestSearch =>
    typeof search.review === "string" && search.review.trim() !== "" ? { review: search.review.trim() } : {},
  component: function PracticeTestPage() {
    const { review } = Route.useSearch();
    const { user } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    return (
      <PracticeTest
        userId={user.id}
        review={review}
        showReview={(id) => void navigate({ search: id === undefined ? {} : { review: id } })}
      />
    );
  },
});
