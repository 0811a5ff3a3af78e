import { Button } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner, MessageCard } from "../components/PageStates.tsx";
import { ResultsScreen } from "./ResultsScreen.tsx";
import type { ReviewItem, TestResult } from "./storage.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A past attempt's results, or "not found" for an id that is not the member's. */
export function ReviewView({
  id,
  onNewTest,
  onRetake,
}: {
  id: string;
  onNewTest: () => void;
  onRetake: (missed: ReviewItem[]) => void;
}) {
  const trpc = useTRPC();
  const valid = UUID.test(id);
  const query = useQuery(trpc.tests.get.queryOptions({ id }, { enabled: valid, networkMode: "always" }));

  const notFound = (
    <MessageCard
      title="Test attempt not found"
      actions={
        <>
          <Button colorPalette="brand" minH="44px" onClick={onNewTest}>
            New Test
          </Button>
          <Button asChild variant="outline" minH="44px">
            <Link to="/performance">View Performance</Link>
          </Button>
        </>
      }
    >
      We couldn't find that practice test among your attempts.
    </MessageCard>
  );
  if (!valid) return notFound;
  if (query.isPending) return <LoadingSpinner label="Loading your results" />;
  if (query.error) {
    if (query.error.data?.code === "NOT_FOUND" || query.error.data?.code === "BAD_REQUEST") return notFound;
    return <ErrorCard message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  return <ResultsScreen result={query.data as TestResult} onNewTest={onNewTest} onRetake={onRetake} />;
}
