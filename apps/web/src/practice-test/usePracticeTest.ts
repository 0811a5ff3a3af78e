/**
 * The practice test's controller: which screen shows (results, taking, resume, shared code, set-up)
 * and every move between them. The attempt in progress lives in localStorage per member, so it
 * survives reloads and closed tabs. Submitting puts it in the outbox under its client-chosen id
 * (recorded once however often it is sent): online the results wait for the server's grading; when the
 * server cannot be reached they are graded on the device until the outbox sends it. With no server,
 * the test is drawn on the device.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { errorMessage, type RouterOutputs, useTRPC, useTRPCClient } from "../app/trpc.ts";
import { notifyError } from "../components/ui/toaster.tsx";
import { inEdition, useStudyEdition } from "../editions/studyEdition.ts";
import { enqueue, onSent, pendingWrites, replay } from "../offline/outbox.ts";
import { useOnline } from "../offline/status.ts";
import { countsOnDevice, drawOnDevice } from "./deviceTest.ts";
import {
  availableFor,
  chosenSections,
  DEFAULT_SETUP,
  drawRequest,
  limitSecondsOf,
  type PoolChoice,
  type PoolCounts,
  type SetupChoice,
} from "./setupModel.ts";
import {
  clearAttempt,
  loadAttempt,
  newAttempt,
  type ReviewItem,
  type SavedAttempt,
  saveAttempt,
  submission,
  type TestResult,
  withoutAnswers,
} from "./storage.ts";
import { type SubmitProblem, storageProblem } from "./submitProblem.ts";

export interface PracticeTestRoutes {
  userId: number;
  /** The attempt whose results are shown (/test?review=id), if any. */
  review: string | undefined;
  /** Goes to an attempt's results, or back to the set-up without an id. */
  showReview: (id?: string) => void;
  /** Opens a shared test code, or drops it (back to the set-up) without one. */
  openCode: (code?: string) => void;
}

export function usePracticeTest({ userId, review, showReview, openCode }: PracticeTestRoutes) {
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

  // The server can be reached (the outbox's reachability, not only navigator.onLine).
  const online = useOnline();
  // networkMode "always": offline, calls fail at once with a clear message instead of waiting silently.
  const availability = useQuery(
    trpc.tests.availability.queryOptions(undefined, { networkMode: "always", enabled: online }),
  );
  // The whole bank as kept on the device (never fetched here): offline tests are drawn from it. Read
  // only offline: online, the bank's download coming in re-renders nothing here, and the member's
  // edition is picked from it once per edition, not on every render.
  const edition = useStudyEdition();
  const inMemberEdition = useCallback((all: RouterOutputs["questions"]["list"]) => inEdition(all, edition), [edition]);
  const bank = useQuery({
    ...trpc.questions.list.queryOptions({}, { select: inMemberEdition }),
    enabled: false,
    subscribed: !online,
  });
  const counts: PoolCounts | undefined = useMemo(() => {
    if (!online) return bank.data ? countsOnDevice(bank.data) : undefined;
    return availability.data ? new Map(availability.data.map((a) => [a.sectionNumber, a])) : undefined;
  }, [online, bank.data, availability.data]);
  // Offline, only the All pool in Timed mode can be drawn and checked on the device.
  const effective: SetupChoice = online ? choice : { ...choice, pool: "all", mode: "timed" };

  const draw = useMutation({
    mutationFn: (input: { sections?: string; count?: number; pool?: PoolChoice; code?: string }) =>
      client.tests.draw.query(input),
    networkMode: "always",
    // No answer at all: let the outbox check whether the server can be reached; if not, the set-up
    // switches to drawing on the device.
    onError: (error) => {
      if ((error as { data?: { httpStatus?: number } }).data?.httpStatus === undefined) void replay();
    },
  });
  const clearFlags = useMutation(
    trpc.flags.clear.mutationOptions({
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.flags.list.queryKey() });
        void availability.refetch();
      },
    }),
  );

  /** The submission whose server result the results screen waits for. */
  const waiting = useRef<string | null>(null);
  const [refused, setRefused] = useState<SubmitProblem | null>(null);
  const showResults = useCallback(
    (id: string) => {
      if (waiting.current !== id) return;
      waiting.current = null;
      attemptRef.current = null;
      setAttempt(null);
      showReview(id);
    },
    [showReview],
  );

  // What the server answered for a sent test: its grading is the record.
  useEffect(
    () =>
      onSent((entry, result) => {
        if (entry.kind !== "test") return;
        const rejected = result as { rejected?: boolean; status?: number; message?: string } | null;
        if (rejected?.rejected) {
          if (waiting.current !== entry.id) return;
          waiting.current = null;
          // Kept on the device again, so the member can retry or discard it, even after a reload.
          if (attemptRef.current?.id === entry.id) saveAttempt(userId, attemptRef.current);
          setRefused({ kind: "rejected", detail: `${rejected.status}: ${rejected.message}` });
          return;
        }
        queryClient.setQueryData(trpc.tests.get.queryKey({ id: entry.id }), result as TestResult);
        void queryClient.invalidateQueries({ queryKey: trpc.tests.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.progress.sections.queryKey() });
        showResults(entry.id);
      }),
    [queryClient, trpc, userId, showResults],
  );

  // Stored in the outbox first (on this device, under the test's id), then sent.
  const submit = useMutation({
    networkMode: "always",
    mutationFn: async (a: SavedAttempt) => {
      const input = submission(a, a.finishedSeconds ?? a.elapsedSeconds);
      waiting.current = a.id;
      await enqueue({ kind: "test", input }, a.id);
      // The outbox holds it now: a reload shows its results rather than offering it back.
      clearAttempt(userId, a.id);
      await replay();
      // Not sent (no connection, or the server did not answer): graded on the device meanwhile.
      if ((await pendingWrites()).some((e) => e.id === a.id)) showResults(a.id);
    },
  });

  const send = useCallback(
    (a: SavedAttempt) => {
      if (submit.isPending || a.finishedSeconds === null) return;
      setRefused(null);
      submit.mutate(a);
    },
    [submit],
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
    // A screen reader then speaks where the member now is (the first question, or the screen's
    // title), not a bare 'main' landmark.
    const main = document.getElementById("main");
    const target = main?.querySelector<HTMLElement>("#question-text") ?? main?.querySelector<HTMLElement>("h1") ?? main;
    if (target && target !== main && !target.hasAttribute("tabindex")) target.tabIndex = -1;
    target?.focus({ preventScroll: true });
  }, [screen]);

  const start = () => {
    if (!counts) return;
    const request = drawRequest(effective, availableFor(counts, effective));
    if (request.count < 1) return;
    if (!online) {
      if (!bank.data) return;
      draw.reset();
      submit.reset();
      setRefused(null);
      begin(newAttempt(drawOnDevice(bank.data, chosenSections(effective), request.count), limitSecondsOf(effective)));
      return;
    }
    draw.mutate(request, {
      onSuccess: (data) => {
        if (data.questions.length === 0) {
          void availability.refetch();
          return;
        }
        if (choice.pool === "flagged" && choice.clearFlags)
          clearFlags.mutate({ questionIds: data.questions.map((q) => q.id) });
        submit.reset();
        setRefused(null);
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
    setRefused(null);
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

  const resume = () => {
    const a = pending;
    if (!a) return;
    setPending(null);
    submit.reset();
    begin(a);
    if (a.finishedSeconds !== null) send(a);
  };

  const discardPending = () => {
    if (!pending) return;
    clearAttempt(userId, pending.id);
    setPending(null);
  };

  return {
    attempt,
    pending,
    /** Taking: the attempt's changes, hand-in, retry and discard, and where the submission stands. */
    taking: {
      update,
      onSubmit: handIn,
      onRetry: retry,
      onDiscard: discardActive,
      submitting: submit.isPending,
      submitError: refused ?? (submit.error ? storageProblem(submit.error) : null),
    },
    resume,
    discardPending,
    newTest,
    retake,
    /** A shared test code: start it (in Tutor mode or not), or drop it for the set-up. */
    shared: {
      starting: draw.isPending,
      error: draw.error ? errorMessage(draw.error) : null,
      start: startShared,
      cancel: () => {
        draw.reset();
        openCode();
      },
    },
    /** The set-up screen's props. */
    setup: {
      choice: effective,
      offline: !online,
      onOpenCode: (c: string) => {
        draw.reset();
        openCode(c);
      },
      onChange: (next: SetupChoice) => {
        draw.reset();
        setChoice(next);
      },
      counts,
      countsError: online
        ? availability.error
          ? errorMessage(availability.error)
          : null
        : bank.data
          ? null
          : "The question bank is not on this device yet: connect once to start a practice test.",
      onRetryCounts: () => void availability.refetch(),
      onStart: start,
      starting: draw.isPending,
      startError: draw.error
        ? errorMessage(draw.error)
        : draw.data && draw.data.questions.length === 0
          ? "No questions could be drawn for this choice. The question bank may have changed; the counts have been refreshed."
          : null,
    },
  };
}
