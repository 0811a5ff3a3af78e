/**
 * Practice Test (/test): set-up, taking, results; /test?review={attemptId} shows a past attempt.
 * The attempt in progress lives in localStorage per member, so it survives reloads, closed tabs
 * and failed submissions; its client-chosen id makes a retried submission count once.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { errorMessage, useTRPC, useTRPCClient } from "../app/trpc.ts";
import { notifyError } from "../components/ui/toaster.tsx";
import { ResumePrompt } from "./ResumePrompt.tsx";
import { ReviewView } from "./ReviewView.tsx";
import {
  chosenSections,
  countIn,
  DEFAULT_SETUP,
  drawRequest,
  limitSecondsOf,
  type PoolChoice,
  type PoolCounts,
  type SetupChoice,
  SetupScreen,
} from "./SetupScreen.tsx";
import { SharedTestCard } from "./SharedTestCard.tsx";
import {
  clearAttempt,
  loadAttempt,
  newAttempt,
  type ReviewItem,
  type SavedAttempt,
  saveAttempt,
  submission,
  withoutAnswers,
} from "./storage.ts";
import { submitProblem } from "./submitProblem.ts";
import { TakingScreen } from "./TakingScreen.tsx";

export function PracticeTest({
  userId,
  review,
  showReview,
  code,
  openCode,
}: {
  userId: number;
  /** The attempt whose results are shown (/test?review=id), if any. */
  review: string | undefined;
  /** Goes to an attempt's results, or back to the set-up without an id. */
  showReview: (id?: string) => void;
  /** A shared test code (/test?code=…), offered instead of the set-up. */
  code?: string;
  /** Opens a shared test code, or drops it (back to the set-up) without one. */
  openCode: (code?: string) => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();

  /** A test found in storage, waiting for Resume or Discard. */
  const [pending, setPending] = useState<SavedAttempt | null>(() => loadAttempt(userId));
  const [attempt, setAttempt] = useState<SavedAttempt | null>(null);
  const attemptRef = useRef<SavedAttempt | null>(null);
  const [choice, setChoice] = useState<SetupChoice>(DEFAULT_SETUP);

  const begin = useCallback(
    (a: SavedAttempt | null) => {
      attemptRef.current = a;
      if (a) saveAttempt(userId, a);
      setAttempt(a);
    },
    [userId],
  );

  const update = useCallback(
    (fn: (a: SavedAttempt) => SavedAttempt) => {
      const current = attemptRef.current;
      if (!current) return;
      const next = fn(current);
      attemptRef.current = next;
      saveAttempt(userId, next);
      setAttempt(next);
    },
    [userId],
  );

  // networkMode "always": offline, calls fail at once with a clear message instead of waiting silently.
  const availability = useQuery(trpc.tests.availability.queryOptions(undefined, { networkMode: "always" }));
  const counts: PoolCounts | undefined = useMemo(
    () => (availability.data ? new Map(availability.data.map((a) => [a.sectionNumber, a])) : undefined),
    [availability.data],
  );

  const draw = useMutation({
    mutationFn: (input: { sections?: string; count?: number; pool?: PoolChoice; code?: string }) =>
      client.tests.draw.query(input),
    networkMode: "always",
  });
  const clearFlags = useMutation(
    trpc.flags.clear.mutationOptions({
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.flags.list.queryKey() });
        void availability.refetch();
      },
    }),
  );

  const submit = useMutation(
    trpc.tests.submit.mutationOptions({
      networkMode: "always",
      // These run even if the member has left the page: the attempt is recorded, so forget it here.
      onSuccess: (result, vars) => {
        clearAttempt(userId, vars.id);
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
          showReview(result.attempt.id);
        },
        onSettled: () => {
          submitting.current = false;
        },
      });
    },
    [submit, showReview],
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
    const available = chosenSections(choice).reduce((sum, s) => sum + countIn(counts, s, choice.pool), 0);
    const request = drawRequest(choice, available);
    if (request.count < 1) return;
    draw.mutate(request, {
      onSuccess: (data) => {
        if (data.questions.length === 0) {
          void availability.refetch();
          return;
        }
        if (choice.pool === "flagged" && choice.clearFlags)
          clearFlags.mutate({ questionIds: data.questions.map((q) => q.id) });
        submit.reset();
        begin(newAttempt(data.questions, limitSecondsOf(choice), { tutor: choice.mode === "tutor", code: data.code }));
      },
    });
  };

  const startShared = (shared: string, tutor: boolean) => {
    draw.mutate(
      { code: shared },
      {
        onSuccess: (data) => {
          submit.reset();
          begin(newAttempt(data.questions, null, { tutor, code: data.code }));
          openCode();
        },
      },
    );
  };

  const discardActive = () => {
    const a = attemptRef.current;
    if (a) clearAttempt(userId, a.id);
    submit.reset();
    begin(null);
  };

  const newTest = () => {
    showReview();
  };

  const retake = (missed: ReviewItem[]) => {
    const stored = loadAttempt(userId);
    if (stored) {
      setPending(stored);
      notifyError("You have an unfinished practice test", "Resume or discard it before starting another.");
      showReview();
      return;
    }
    submit.reset();
    begin(newAttempt(missed.map(withoutAnswers), null));
    showReview();
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
    return (
      <ResumePrompt
        attempt={pending}
        onResume={() => {
          const a = pending;
          setPending(null);
          submit.reset();
          begin(a);
          if (a.finishedSeconds !== null) send(a);
        }}
        onDiscard={() => {
          clearAttempt(userId, pending.id);
          setPending(null);
        }}
      />
    );
  }

  if (code)
    return (
      <SharedTestCard
        code={code}
        starting={draw.isPending}
        error={draw.error ? errorMessage(draw.error) : null}
        onStart={(tutor) => startShared(code, tutor)}
        onCancel={() => {
          draw.reset();
          openCode();
        }}
      />
    );

  return (
    <SetupScreen
      choice={choice}
      onOpenCode={(c) => {
        draw.reset();
        openCode(c);
      }}
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
