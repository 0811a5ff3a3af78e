import { Alert, Button, Field, Flex, Input, Kbd, Stack, Text } from "@chakra-ui/react";
import { type Confidence, canSubmitAnswer } from "@jcba/domain";
import type { Ref } from "react";
import { AnswerOptions } from "./AnswerOptions.tsx";
import { ConfidenceOutcome, ConfidencePicker } from "./ConfidencePicker.tsx";
import type { Graded, Question } from "./graded.ts";

/** The answer to one question: the options or a text field, a failed send's message and Submit Answer. */
export interface AnswerFormProps {
  question: Question;
  /** The id of the question's heading. */
  labelledBy: string;
  answer: string;
  onAnswer: (answer: string) => void;
  /** The verdict, once graded: the answer is then locked. */
  result: Graded | undefined;
  sending: boolean;
  sendError: string | null;
  onSubmit: () => void;
  inputRef: Ref<HTMLInputElement>;
  /** How sure the member said they are; the picker is shown only when the screen passes onConfidence. */
  confidence?: Confidence | null;
  onConfidence?: (confidence: Confidence | null) => void;
}

export function AnswerForm({
  question,
  labelledBy,
  answer,
  onAnswer,
  result,
  sending,
  sendError,
  onSubmit,
  inputRef,
  confidence = null,
  onConfidence,
}: AnswerFormProps) {
  const submitted = result !== undefined;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <Stack gap="4">
        {question.questionType === "multiple-choice" ? (
          <AnswerOptions
            question={question}
            labelledBy={labelledBy}
            value={answer}
            onChange={onAnswer}
            locked={submitted || sending}
            result={result}
          />
        ) : (
          <Field.Root>
            <Field.Label>Your answer</Field.Label>
            <Input
              ref={inputRef}
              value={answer}
              onChange={(e) => onAnswer(e.target.value)}
              placeholder="Type your answer here..."
              autoComplete="off"
              spellCheck={false}
              maxLength={500}
              size="lg"
              readOnly={submitted || sending}
              aria-describedby={labelledBy}
              borderColor={result ? (result.isCorrect ? "green.solid" : "red.solid") : undefined}
              borderWidth={result ? "2px" : undefined}
            />
          </Field.Root>
        )}

        {sendError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your answer was not saved.</Alert.Title>
              <Alert.Description>{sendError}. Press Submit Answer to try again.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        {onConfidence && !submitted && <ConfidencePicker value={confidence} onChange={onConfidence} locked={sending} />}
        {result && confidence && <ConfidenceOutcome confidence={confidence} isCorrect={result.isCorrect} />}

        {!submitted && (
          <Flex gap="3" align="center" justify="space-between" flexWrap="wrap">
            <Text fontSize="xs" color="fg.muted" hideBelow="md">
              {question.questionType === "multiple-choice" ? (
                <>
                  Press <Kbd size="sm">1</Kbd>–<Kbd size="sm">4</Kbd> to choose,{" "}
                </>
              ) : null}
              <Kbd size="sm">Enter</Kbd> to submit
            </Text>
            <Button
              type="submit"
              colorPalette="brand"
              minH="44px"
              ms="auto"
              w={{ base: "full", sm: "auto" }}
              disabled={!canSubmitAnswer(question.questionType, answer)}
              loading={sending}
              loadingText="Submitting…"
            >
              Submit Answer
            </Button>
          </Flex>
        )}
      </Stack>
    </form>
  );
}
