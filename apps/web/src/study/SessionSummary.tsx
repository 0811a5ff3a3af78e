import { Alert, Button, Card, Flex, Heading, Text } from "@chakra-ui/react";
import { percent, scoreMessage } from "@jcba/domain";
import { Link } from "@tanstack/react-router";
import { RotateCcw, Trophy } from "lucide-react";
import { bandColor } from "../components/scoreBand.ts";

/** The end of a session: the score, its message, the save of the session and Study Again. */
export function SessionSummary({
  ref,
  correct,
  total,
  saving,
  saveError,
  onRetrySave,
  onRestart,
}: {
  ref: React.Ref<HTMLHeadingElement>;
  correct: number;
  total: number;
  saving: boolean;
  saveError: string | null;
  onRetrySave: () => void;
  onRestart: () => void;
}) {
  const score = percent(correct, total);
  return (
    <Card.Root textAlign="center" data-testid="summary">
      <Card.Body gap="3" alignItems="center" py={{ base: "6", md: "10" }}>
        <Flex aria-hidden color="brand.fg" bg="brand.subtle" rounded="full" p="4">
          <Trophy size={36} />
        </Flex>
        <Heading
          as="h2"
          size="2xl"
          ref={ref}
          tabIndex={-1}
          outline="none"
          _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "4px", rounded: "sm" }}
        >
          Study Session Complete!
        </Heading>
        <Text fontSize="lg">
          You scored {correct} out of {total} questions correctly ({score}%)
        </Text>
        <Text fontWeight="semibold" color={bandColor(score)}>
          {scoreMessage(score)}
        </Text>
        {saving && (
          <Text fontSize="sm" color="fg.muted" role="status">
            Saving your progress…
          </Text>
        )}
        {saveError && (
          <Alert.Root status="warning" role="alert" textAlign="start" maxW="md">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>This session's summary was not saved.</Alert.Title>
              <Alert.Description>{saveError}. Your answers are kept; try saving again.</Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="outline" minH="44px" onClick={onRetrySave}>
              Try Again
            </Button>
          </Alert.Root>
        )}
        <Flex gap="3" pt="2" flexWrap="wrap" justify="center" w={{ base: "full", sm: "auto" }}>
          <Button colorPalette="brand" minH="44px" onClick={onRestart} w={{ base: "full", sm: "auto" }}>
            <RotateCcw aria-hidden /> Study Again
          </Button>
          <Button asChild variant="outline" minH="44px" w={{ base: "full", sm: "auto" }}>
            <Link to="/">Back to Dashboard</Link>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
