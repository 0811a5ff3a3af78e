import { Button } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner, MessageCard } from "../components/PageStates.tsx";
import { type OutboxEntry, onSent, pendingWrites } from "../offline/outbox.ts";
import { gradeOnDevice } from "./deviceTest.ts";
import { ResultsScreen } from "./ResultsScreen.tsx";
import type { ReviewItem, TestResult } from "./storage.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type WaitingTest = Extract<OutboxEntry, { kind: "test" }>;

/**
 * A past attempt's results, or "not found" for an id that is not the member's. A test still waiting in
 * the outbox is graded on the device until the server's result arrives, which then replaces it.
 */
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
  const queryClient = useQueryClient();
  const valid = UUID.test(id);
  const query = useQuery(trpc.tests.get.queryOptions({ id }, { enabled: valid, networkMode: "always" }));
  const bank = useQuery({ ...trpc.questions.list.queryOptions({}), enabled: false });
  /** The submission waiting in the outbox under this id: undefined while looking, null if none. */
  const [waiting, setWaiting] = useState<WaitingTest | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void pendingWrites().then((list) => {
      if (live) setWaiting(list.find((e): e is WaitingTest => e.kind === "test" && e.id === id) ?? null);
    });
    const stop = onSent((entry, result) => {
      if (entry.id !== id) return;
      setWaiting(null);
      if (!(result as { rejected?: boolean } | null)?.rejected)
        queryClient.setQueryData(trpc.tests.get.queryKey({ id }), result as TestResult);
    });
    return () => {
      live = false;
      stop();
    };
  }, [id, queryClient, trpc]);

  const deviceResult = useMemo(
    () => (waiting && bank.data ? gradeOnDevice(bank.data, waiting.input, waiting.queuedAt) : null),
    [waiting, bank.data],
  );

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
  if (query.data) return <ResultsScreen result={query.data as TestResult} onNewTest={onNewTest} onRetake={onRetake} />;
  if (deviceResult) return <ResultsScreen result={deviceResult} onNewTest={onNewTest} onRetake={onRetake} onDevice />;
  if (query.isPending || waiting === undefined) return <LoadingSpinner label="Loading your results" />;
  if (waiting)
    return (
      <MessageCard title="Your test waits to sync">
        It is saved on this device and will be graded by the server when the connection returns.
      </MessageCard>
    );
  if (query.error.data?.code === "NOT_FOUND" || query.error.data?.code === "BAD_REQUEST") return notFound;
  return <ErrorCard message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
}
