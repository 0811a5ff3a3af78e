/**
 * Practice Test (/test): set-up, taking, results; /test?review={attemptId} shows a past attempt.
 * The attempt in progress lives in localStorage per member, so it survives reloads, closed tabs
 * and failed submissions; its client-chosen id makes a retried submission count once.
 */
import { Button } from "@chakra-ui/react";
import { formatDuration, formatHistoryDate } from "@jcba/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { TRPCClientError } from "@trpc/client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { errorMessage, useTRPC, useTRPCClient } from "../app/trpc.ts";
import { ErrorCard, LoadingSpinner, MessageCard } from "../components/PageStates.tsx";
import { notifyError } from "../components/ui/toaster.tsx";
import { ResultsScreen } from "../practice-test/ResultsScreen.tsx";
import {
  chosenSections,
  DEFAULT_SETUP,
  drawRequest,
  limitSecondsOf,
  type SetupChoice,
  SetupScreen,
} from "../practice-test/SetupScreen.tsx";
import {
  answeredCount,
  clearAttempt,
  loadAttempt,
  newAttempt,
  type ReviewItem,
  type SavedAttempt,
  saveAttempt,
  submission,
  type TestResult,
  withoutAnswers,
} from "../practice-test/storage.ts";
import { type SubmitProblem, TakingScreen } from "../practice-test/TakingScreen.tsx";

interface TestSearch {
  review?: string;
}

export const Route = createFileRoute("/test")({
  validateSearch: (search: Record<string, unknown>): TestSearch =>
    typeof search.review === "string" && search.review.trim() !== "" ? { review: search.review.trim() } : {},
  component: PracticeTestPage,
});

/** What went wrong with a submission, in the member's terms. */
function submitProblem(error: unknown): SubmitProblem {
  const detail = errorMessage(error);
  const status =
    error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  if (status === 401) return { kind: "signedOut", detail };
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429)
    return { kind: "rejected", detail };
  if (status !== undefined) return { kind: "server", detail };
  return { kind: navigator.onLine ? "network" : "offline", detail };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function PracticeTestPage() {
  const { review } = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();

  /** A test found in storage, waiting for Resume or Discard. */
  const [pending, setPending] = useState<SavedAttempt | null>(() => loadAttempt(user.id));
  const [attempt, setAttempt] = useState<SavedAttempt | null>(null);
  const attemptRef = useRef<SavedAttempt | null>(null);
  const [choice, setChoice] = useState<SetupChoice>(DEFAULT_SETUP);

  const begin = useCallback(
    (a: SavedAttempt | null) => {
      attemptRef.current = a;
      if (a) saveAttempt(user.id, a);
      setAttempt(a);
    },
    [user.id],
  );

  const update = useCallback(
    (fn: (a: SavedAttempt) => SavedAttempt) => {
      const current = attemptRef.current;
      if (!current) return;
      const next = fn(current);
      attemptRef.current = next;
      saveAttempt(user.id, next);
      setAttempt(next);
    },
    [user.id],
  );

  // networkMode "always": offline, calls fail at once with a clear message instead of waiting silently.
  const availability = useQuery(trpc.tests.availability.queryOptions(undefined, { networkMode: "always" }));
  const counts = useMemo(
    () => (availability.data ? new Map(availability.data.map((a) => [a.sectionNumber, a.questions])) : undefined),
    [availability.data],
  );

  const draw = useMutation({
    mutationFn: (input: { sections: string; count: number }) => client.tests.draw.query(input),
    networkMode: "always",
  });

  const submit = useMutation(
    trpc.tests.submit.mutationOptions({
      networkMode: "always",
      // These run even if the member has left the page: the attempt is recorded, so forget it here.
      onSuccess: (result, vars) => {
        clearAttempt(user.id, vars.id);
        queryClient.setQueryData(trpc.tests.get.queryKey({ id: result.attempt.id }), result);
        void queryClient.invalidateQueries({ queryKey: trpc.tests.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.progress.sections.queryKey() });
      },
    }),
  );
  const submitting = useRef(false);

  const send = useCallback(
    (a: SavedAttempt) => {
      if (submitting.current || a.finishedSeconds === null) return;
      submitting.current = true;
      submit.mutate(submission(a, a.finishedSeconds), {
        onSuccess: (result) => {
          attemptRef.current = null;
          setAttempt(null);
          void navigate({ search: { review: result.attempt.id } });
        },
        onSettled: () => {
          submitting.current = false;
        },
      });
    },
    [submit, navigate],
  );

  const handIn = useCallback(
    (seconds: number) => {
      update((a) => (a.finishedSeconds === null ? { ...a, elapsedSeconds: seconds, finishedSeconds: seconds } : a));
      if (attemptRef.current) send(attemptRef.current);
    },
    [update, send],
  );

  const retry = useCallback(() => {
    if (attemptRef.current) send(attemptRef.current);
  }, [send]);

  // Move focus to the top of the page when the screen changes (set-up → test → results).
  const screen = review ? `review:${review}` : attempt ? `taking:${attempt.id}` : pending ? "resume" : "setup";
  const firstScreen = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [screen]);

  const start = () => {
    if (!counts) return;
    const available = chosenSections(choice).reduce((sum, s) => sum + (counts.get(s) ?? 0), 0);
    const request = drawRequest(choice, available);
    if (request.count < 1) return;
    draw.mutate(request, {
      onSuccess: (data) => {
        if (data.questions.length === 0) {
          void availability.refetch();
          return;
        }
        submit.reset();
        begin(newAttempt(data.questions, limitSecondsOf(choice)));
      },
    });
  };

  const discardActive = () => {
    const a = attemptRef.current;
    if (a) clearAttempt(user.id, a.id);
    submit.reset();
    begin(null);
  };

  const newTest = () => {
    void navigate({ search: {} });
  };

  const retake = (missed: ReviewItem[]) => {
    const stored = loadAttempt(user.id);
    if (stored) {
      setPending(stored);
      notifyError("You have an unfinished practice test", "Resume or discard it before starting another.");
      void navigate({ search: {} });
      return;
    }
    submit.reset();
    begin(newAttempt(missed.map(withoutAnswers), null));
    void navigate({ search: {} });
  };

  if (review) return <ReviewView id={review} onNewTest={newTest} onRetake={retake} />;

  if (attempt) {
    return (
      <TakingScreen
        key={attempt.id}
        attempt={attempt}
        update={update}
        onSubmit={handIn}
        onRetry={retry}
        onDiscard={discardActive}
        submitting={submit.isPending}
        submitError={submit.error ? submitProblem(submit.error) : null}
      />
    );
  }

  if (pending) {
    const answered = answeredCount(pending);
    const total = pending.questions.length;
    return (
      <MessageCard
        title="Resume your practice test?"
        actions={
          <>
            <Button
              colorPalette="brand"
              minH="44px"
              onClick={() => {
                const a = pending;
                setPending(null);
                submit.reset();
                begin(a);
                if (a.finishedSeconds !== null) send(a);
              }}
            >
              Resume
            </Button>
            <Button
              variant="outline"
              minH="44px"
              onClick={() => {
                clearAttempt(user.id, pending.id);
                setPending(null);
              }}
            >
              Discard
            </Button>
          </>
        }
      >
        {pending.finishedSeconds !== null
          ? `You finished a ${total}-question test on ${formatHistoryDate(new Date(pending.startedAt))}, but it has not been recorded yet. Resume to submit it.`
          : `You started a ${total}-question test on ${formatHistoryDate(new Date(pending.startedAt))} on this device: ${answered} of ${total} answered, ${formatDuration(pending.elapsedSeconds)} used${pending.limitSeconds !== null ? ` of ${pending.limitSeconds / 60} minutes` : ""}. The clock was paused while you were away.`}
      </MessageCard>
    );
  }

  return (
    <SetupScreen
      choice={choice}
      onChange={(next) => {
        draw.reset();
        setChoice(next);
      }}
      counts={counts}
      countsError={availability.error ? errorMessage(availability.error) : null}
      onRetryCounts={() => void availability.refetch()}
      onStart={start}
      starting={draw.isPending}
      startError={
        draw.error
          ? errorMessage(draw.error)
          : draw.data && draw.data.questions.length === 0
            ? "No questions could be drawn for this choice. The question bank may have changed; the counts have been refreshed."
            : null
      }
    />
  );
}

function ReviewView({
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
