import { Alert, Button, Flex, Text } from "@chakra-ui/react";
import { RotateCcw } from "lucide-react";
import { PROBLEM_TEXT, type SubmitProblem } from "./submitProblem.ts";

/** The last minute's warning, 'Submitting your test…', and a submission refused or not stored, with Retry. */
export function SubmitAlerts({
  warn,
  finished,
  autoSubmitted,
  submitting,
  submitError,
  onRetry,
  onDiscard,
}: {
  warn: boolean;
  finished: boolean;
  autoSubmitted: boolean;
  submitting: boolean;
  submitError: SubmitProblem | null;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  return (
    <>
      {warn && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>1 minute left</Alert.Title>
            <Alert.Description>Your test will be submitted automatically when time runs out.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {finished && !submitError && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{autoSubmitted ? "Time's up! Submitting your test…" : "Submitting your test…"}</Alert.Title>
        </Alert.Root>
      )}

      {finished && submitError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content gap="2">
            <Alert.Title>Your test has not been submitted yet</Alert.Title>
            <Alert.Description>
              {PROBLEM_TEXT[submitError.kind]}
              <Text as="span" display="block" fontSize="xs" mt="1" color="fg.muted">
                Details: {submitError.detail}
              </Text>
            </Alert.Description>
            <Flex gap="2" wrap="wrap">
              <Button colorPalette="red" minH="44px" onClick={onRetry} loading={submitting} loadingText="Retrying…">
                <RotateCcw aria-hidden /> Retry
              </Button>
              {submitError.kind === "rejected" && (
                <Button variant="outline" minH="44px" onClick={onDiscard}>
                  Discard this test
                </Button>
              )}
            </Flex>
          </Alert.Content>
        </Alert.Root>
      )}
    </>
  );
}
