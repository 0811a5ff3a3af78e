/** Taking the test: one question at a time, a navigator, flags, a timer; no feedback until submit. */
import { Code, Grid, Stack, Text } from "@chakra-ui/react";
import type { Confidence } from "@jcba/domain";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTRPC } from "../app/trpc.ts";
import { ConfidenceOutcome, ConfidencePicker, confidenceForKey } from "../study/ConfidencePicker.tsx";
import { useConfidenceAsked } from "../study/useConfidence.ts";
import { QuestionNavigator } from "./QuestionNavigator.tsx";
import { SubmitAlerts } from "./SubmitAlerts.tsx";
import { SubmitConfirmDialog } from "./SubmitConfirmDialog.tsx";
import { answeredCount, type SavedAttempt } from "./storage.ts";
import type { SubmitProblem } from "./submitProblem.ts";
import { TestQuestionCard } from "./TestQuestionCard.tsx";
import { TestStatusBar } from "./TestStatusBar.tsx";
import { TutorPanel } from "./TutorPanel.tsx";
import { useTakingKeys } from "./useTakingKeys.ts";
import { useTestClock } from "./useTestClock.ts";

const WARN_SECONDS = 60;

interface Props {
  attempt: SavedAttempt;
  update: (fn: (a: SavedAttempt) => SavedAttempt) => void;
  /** Hands the test in with the time it took; `auto` when the time limit ran out. */
  onSubmit: (timeSpentSeconds: number, auto: boolean) => void;
  onRetry: () => void;
  onDiscard: () => void;
  submitting: boolean;
  submitError: SubmitProblem | null;
}

export function TakingScreen({ attempt, update, onSubmit, onRetry, onDiscard, submitting, submitError }: Props) {
  const { questions, index, answers, limitSeconds } = attempt;
  const total = questions.length;
  const q = questions[index]!;
  const finished = attempt.finishedSeconds !== null;
  const flags = new Set(attempt.flags);
  const flagged = flags.has(q.id);
  const answered = answeredCount(attempt);
  const unanswered = total - answered;

  const { elapsed, remaining, currentElapsed, autoSubmitted } = useTestClock(attempt, update, onSubmit);

  const change = useCallback(
    (fn: (a: SavedAttempt) => SavedAttempt) => update((a) => ({ ...fn(a), elapsedSeconds: currentElapsed() })),
    [update, currentElapsed],
  );

  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusAfterMove = useRef(false);
  const go = useCallback(
    (to: number, fromKeyboard = false) => {
      if (to < 0 || to >= total) return;
      focusAfterMove.current = fromKeyboard;
      change((a) => ({ ...a, index: to }));
    },
    [change, total],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each move to another question
  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    if (inputRef.current) inputRef.current.focus();
    else headingRef.current?.focus();
  }, [index]);

  const checked = attempt.checked?.[q.id];
  const locked = finished || checked !== undefined;
  const choose = useCallback(
    (value: string) => {
      if (locked) return;
      change((a) => ({ ...a, answers: { ...a.answers, [q.id]: value } }));
    },
    [change, locked, q.id],
  );
  // A flag is the member's own, kept beyond this test (the Flagged pool builds tests from them).
  const trpc = useTRPC();
  const saveFlag = useMutation(trpc.flags.set.mutationOptions({ scope: { id: "question-flags" } }));
  const toggleFlag = useCallback(() => {
    const on = !flags.has(q.id);
    change((a) => ({ ...a, flags: on ? [...a.flags, q.id] : a.flags.filter((f) => f !== q.id) }));
    saveFlag.mutate({ questionId: q.id, flagged: on });
  }, [change, q.id, flags, saveFlag]);

  const [confirmOpen, setConfirmOpen] = useState(false);
  const handIn = useCallback(() => {
    if (finished) return;
    onSubmit(Math.min(currentElapsed(), limitSeconds ?? Number.MAX_SAFE_INTEGER), false);
  }, [finished, onSubmit, currentElapsed, limitSeconds]);
  const requestSubmit = () => {
    if (unanswered > 0 || flags.size > 0) setConfirmOpen(true);
    else handIn();
  };

  // Tutor mode asks how sure the member is before Check Answer (unless they turned it off).
  const ask = useConfidenceAsked();
  const confidence = attempt.confidences?.[q.id] ?? null;
  const askConfidence = Boolean(attempt.tutor) && ask && !finished;
  const setConfidence = useCallback(
    (c: Confidence | null) =>
      change((a) => {
        const { [q.id]: _, ...others } = a.confidences ?? {};
        return { ...a, confidences: c ? { ...others, [q.id]: c } : others };
      }),
    [change, q.id],
  );
  const pickConfidence = useCallback(
    (key: string) => {
      const picked = confidenceForKey(key);
      if (!askConfidence || locked || !picked) return false;
      setConfidence(picked);
      return true;
    },
    [askConfidence, locked, setConfidence],
  );

  useTakingKeys({ paused: confirmOpen, index, total, question: q, go, choose, toggleFlag, pickConfidence });

  const answer = answers[q.id];
  const warn = remaining !== null && remaining <= WARN_SECONDS && !finished;

  return (
    <Stack gap="4" maxW="6xl" mx="auto" w="full">
      <TestStatusBar
        elapsed={elapsed}
        remaining={remaining}
        warn={warn}
        finished={finished}
        submitting={submitting}
        onSubmit={requestSubmit}
      />
      <SubmitAlerts
        warn={warn}
        finished={finished}
        autoSubmitted={autoSubmitted}
        submitting={submitting}
        submitError={submitError}
        onRetry={onRetry}
        onDiscard={onDiscard}
      />
      {attempt.code && (
        <Text fontSize="sm" color="fg.muted">
          Test code to share:{" "}
          <Code wordBreak="break-all" data-testid="test-code">
            {attempt.code}
          </Code>
        </Text>
      )}
      <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 18rem" }} gap="4" alignItems="start">
        <Stack gap="4" minW="0">
          <TestQuestionCard
            question={q}
            index={index}
            total={total}
            answered={answered}
            answer={answer}
            flagged={flagged}
            finished={locked}
            onChoose={choose}
            onType={(text) => !locked && change((a) => ({ ...a, answers: { ...a.answers, [q.id]: text } }))}
            onGo={go}
            onToggleFlag={toggleFlag}
            headingRef={headingRef}
            inputRef={inputRef}
          />
          {askConfidence && checked === undefined && (
            <ConfidencePicker value={confidence} onChange={setConfidence} locked={false} />
          )}
          {askConfidence && checked && confidence && (
            <ConfidenceOutcome confidence={confidence} isCorrect={checked.isCorrect} />
          )}
          {attempt.tutor && !finished && (
            <TutorPanel
              key={q.id}
              questionId={q.id}
              options={q.options}
              answer={answer}
              feedback={checked}
              onChecked={(fb) => change((a) => ({ ...a, checked: { ...a.checked, [q.id]: fb } }))}
            />
          )}
        </Stack>
        <QuestionNavigator questions={questions} answers={answers} flags={flags} index={index} onGo={go} />
      </Grid>
      <SubmitConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        unanswered={unanswered}
        flagged={flags.size}
        onConfirm={() => {
          setConfirmOpen(false);
          handIn();
        }}
      />
    </Stack>
  );
}
