/**
 * One question answered and explained, as Study, Review and Tutor mode show it: the question as a
 * heading, the answer form, and once graded the feedback, how others answered, Report a problem and
 * the way on. The screens own the answering (their ids, their keys, where the answer goes).
 */
import { Button, Flex, Heading } from "@chakra-ui/react";
import { citationLabel } from "@jcba/domain";
import { type ReactNode, type Ref, useId } from "react";
import { PeerStats } from "../components/PeerStats.tsx";
import { ReportProblemButton } from "../reports/ReportProblemButton.tsx";
import { AnswerFeedback } from "./AnswerFeedback.tsx";
import { AnswerForm, type AnswerFormProps } from "./AnswerForm.tsx";
import type { Graded } from "./graded.ts";

/** The verdict with its explanation and reference, then how other members answered. */
export function QuestionFeedback({
  ref,
  questionId,
  options,
  result,
  citation,
  source,
}: {
  ref: Ref<HTMLDivElement>;
  questionId: number;
  options: readonly string[] | null;
  result: Graded;
  /** As stored ('7.A.4'); shown as the contract reference. */
  citation: string | null;
  source: { source: string | null; sourceLabel: string | null };
}) {
  return (
    <>
      <AnswerFeedback ref={ref} result={result} citation={citationLabel(citation)} source={source} />
      <PeerStats questionId={questionId} options={options} correctAnswer={result.correctAnswer} />
    </>
  );
}

export function QuestionPanel({
  refs,
  next,
  onNext,
  ...form
}: Omit<AnswerFormProps, "labelledBy" | "inputRef"> & {
  /** Where the screen moves focus: the question, its text field, the feedback. */
  refs: {
    question: Ref<HTMLHeadingElement>;
    input: Ref<HTMLInputElement>;
    feedback: Ref<HTMLDivElement>;
  };
  /** The label of the button that goes on once the answer is graded. */
  next: ReactNode;
  onNext: () => void;
}) {
  const { question, result } = form;
  const headingId = useId();
  return (
    <>
      <Heading
        as="h2"
        size={{ base: "md", md: "lg" }}
        id={headingId}
        ref={refs.question}
        tabIndex={-1}
        data-testid="question-text"
        lineHeight="1.4"
        outline="none"
        _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "4px", rounded: "sm" }}
      >
        {question.questionText}
      </Heading>
      <AnswerForm {...form} labelledBy={headingId} inputRef={refs.input} />
      {result && (
        <>
          <QuestionFeedback
            ref={refs.feedback}
            questionId={question.id}
            options={question.options}
            result={result}
            citation={question.citation}
            source={question}
          />
          <Flex justify="space-between" align="center" gap="2" wrap="wrap">
            <ReportProblemButton itemType="question" itemId={question.id} />
            <Button colorPalette="brand" minH="44px" w={{ base: "full", sm: "auto" }} onClick={onNext}>
              {next}
            </Button>
          </Flex>
        </>
      )}
    </>
  );
}
