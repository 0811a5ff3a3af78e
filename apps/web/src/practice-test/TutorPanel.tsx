import { Alert, Button, Flex } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { CheckCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { errorMessage, useTRPCClient } from "../app/trpc.ts";
import { QuestionFeedback } from "../study/QuestionPanel.tsx";
import type { TutorFeedback } from "./storage.ts";

/** Tutor mode: Check Answer grades the current answer on the server and shows the feedback, as in Study. */
export function TutorPanel({
  questionId,
  options,
  answer,
  feedback,
  onChecked,
}: {
  questionId: number;
  options: readonly string[] | null;
  answer: string | undefined;
  feedback: TutorFeedback | undefined;
  onChecked: (feedback: TutorFeedback) => void;
}) {
  const client = useTRPCClient();
  const ref = useRef<HTMLDivElement>(null);
  const check = useMutation({
    mutationFn: (userAnswer: string) => client.tests.check.query({ questionId, userAnswer }),
    onSuccess: (res, userAnswer) => onChecked({ ...res, userAnswer }),
  });
  const shown = feedback !== undefined;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  if (feedback)
    return (
      <QuestionFeedback
        ref={ref}
        questionId={questionId}
        options={options}
        result={feedback}
        citation={feedback.citation}
        source={{ source: feedback.source, sourceLabel: feedback.sourceLabel }}
      />
    );
  const ready = answer !== undefined && answer.trim() !== "";
  return (
    <Flex direction="column" gap="2">
      {check.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(check.error)}</Alert.Title>
        </Alert.Root>
      )}
      <Button
        alignSelf="flex-start"
        colorPalette="brand"
        variant="outline"
        minH="44px"
        disabled={!ready}
        loading={check.isPending}
        onClick={() => ready && check.mutate(answer.trim())}
      >
        <CheckCheck aria-hidden /> Check Answer
      </Button>
    </Flex>
  );
}
