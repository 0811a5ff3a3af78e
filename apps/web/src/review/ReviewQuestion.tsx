/** A question due in the daily review, answered and graded as in Study. */
import { Stack, Text } from "@chakra-ui/react";
import { canSubmitAnswer, sectionLabel } from "@jcba/domain";
import { ArrowRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { newClientId } from "../app/ids.ts";
import { errorMessage, type RouterOutputs } from "../app/trpc.ts";
import type { Graded } from "../study/graded.ts";
import { QuestionPanel } from "../study/QuestionPanel.tsx";
import { gradeOnDevice, timeTakenSince, useQueuedAnswer } from "../study/queuedAnswer.ts";
import { useConfidence } from "../study/useConfidence.ts";
import { useStudyKeys } from "../study/useStudyKeys.ts";

type ReviewQuestion = NonNullable<RouterOutputs["review"]["session"]["items"][number]["question"]>;

export function QuestionItem({
  question,
  last,
  onNext,
}: {
  question: ReviewQuestion;
  last: boolean;
  onNext: () => void;
}) {
  const [answer, setAnswer] = useState("");
  const [result, setResult] = useState<Graded | undefined>();
  const id = useRef(newClientId());
  const shownAt = useRef(performance.now());
  const inputRef = useRef<HTMLInputElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  // Graded here by the server's rules and sent through the outbox, as in Study: an answer given with no
  // connection waits on the device, and the server's grade is the record.
  const send = useQueuedAnswer();
  const sure = useConfidence();
  useEffect(() => {
    if (question.questionType === "fill-in-blank") inputRef.current?.focus();
    else questionRef.current?.focus();
  }, [question.questionType]);
  useEffect(() => {
    if (result) feedbackRef.current?.focus();
  }, [result]);
  const choose = (a: string) => {
    // A changed answer is a new answer: it gets its own id.
    if (a !== answer) id.current = newClientId();
    setAnswer(a);
  };
  // Study's keys, which the answer form announces: 1–4 choose, Enter submits and then goes on.
  useStudyKeys(
    true,
    (digit) => {
      if (result || question.questionType !== "multiple-choice" || send.isPending) return false;
      const option = question.options?.[digit - 1];
      if (option === undefined) return false;
      choose(option);
      return true;
    },
    () => (result ? onNext() : submit()),
    (key) => sure.pickByKey(key, !!result || send.isPending),
  );

  const submit = () => {
    if (result || send.isPending || !canSubmitAnswer(question.questionType, answer)) return;
    const userAnswer = question.questionType === "fill-in-blank" ? answer.trim() : answer;
    send.mutate(
      {
        id: id.current,
        questionId: question.id,
        userAnswer,
        timeTakenMs: timeTakenSince(shownAt.current),
        ...sure.sent,
      },
      { onSuccess: () => setResult(gradeOnDevice(question, userAnswer)) },
    );
  };

  return (
    <Stack gap="4" data-testid="review-question">
      <Text fontSize="sm" color="fg.muted">
        {sectionLabel(question.sectionNumber)}
      </Text>
      <QuestionPanel
        question={question}
        refs={{ question: questionRef, input: inputRef, feedback: feedbackRef }}
        answer={answer}
        onAnswer={choose}
        {...sure.formProps}
        result={result}
        sending={send.isPending}
        sendError={send.isError ? errorMessage(send.error) : null}
        onSubmit={submit}
        onNext={onNext}
        next={
          <>
            {last ? "Finish" : "Next"} <ArrowRight aria-hidden />
          </>
        }
      />
    </Stack>
  );
}
