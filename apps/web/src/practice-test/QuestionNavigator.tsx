import { Box, Button, Card, chakra, Grid, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Flag } from "lucide-react";
import { isAnswered, type TestQuestion } from "./storage.ts";

/** A question's number: a finger's width, in tabular figures, ringed orange while it is the one shown. */
const NUMBER_BUTTON = {
  w: "full",
  h: "44px",
  minW: "44px",
  px: "0",
  position: "relative",
  fontVariantNumeric: "tabular-nums",
  colorPalette: "brand",
  outlineOffset: "2px",
  _currentStep: { outline: "3px solid", outlineColor: "orange.solid" },
} as const;

/** The flag on a question's number, on its top right corner. */
const FlagBadge = chakra("span", {
  base: {
    position: "absolute",
    top: "-1.5",
    right: "-1.5",
    bg: "orange.solid",
    color: "orange.contrast",
    rounded: "full",
    p: "0.5",
    display: "inline-flex",
  },
});

/** Every question as a numbered button (answered, flagged, current), with the counts and a legend. */
export function QuestionNavigator({
  questions,
  answers,
  flags,
  index,
  onGo,
}: {
  questions: TestQuestion[];
  answers: Record<string, string>;
  flags: ReadonlySet<number>;
  index: number;
  onGo: (index: number) => void;
}) {
  const answered = questions.filter((q) => isAnswered(answers[q.id])).length;
  const unanswered = questions.length - answered;
  return (
    <Card.Root as="nav" aria-label="Question navigator" position={{ lg: "sticky" }} top={{ lg: "8.5rem" }} minW="0">
      <Card.Body gap="4">
        <Heading as="h2" size="sm">
          Questions
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {answered} answered · {unanswered} unanswered · {flags.size} flagged
        </Text>
        <Grid as="ol" templateColumns="repeat(auto-fill, minmax(44px, 1fr))" gap="2" listStyleType="none" m="0" p="0">
          {questions.map((item, k) => {
            const isDone = isAnswered(answers[item.id]);
            const isFlagged = flags.has(item.id);
            const current = k === index;
            return (
              <li key={item.id}>
                <Button
                  {...NUMBER_BUTTON}
                  variant={isDone ? "solid" : "outline"}
                  aria-current={current ? "step" : undefined}
                  aria-label={`Question ${k + 1}, ${isDone ? "answered" : "unanswered"}${isFlagged ? ", flagged for review" : ""}`}
                  onClick={() => onGo(k)}
                >
                  {k + 1}
                  {isFlagged && (
                    <FlagBadge aria-hidden>
                      <Flag size={10} fill="currentColor" />
                    </FlagBadge>
                  )}
                </Button>
              </li>
            );
          })}
        </Grid>
        <Stack gap="1.5" fontSize="xs" color="fg.muted" aria-hidden>
          <HStack gap="2">
            <Box w="4" h="4" rounded="sm" bg="brand.solid" />
            Answered
          </HStack>
          <HStack gap="2">
            <Box w="4" h="4" rounded="sm" borderWidth="1px" borderColor="brand.solid" />
            Unanswered
          </HStack>
          <HStack gap="2">
            <Box
              w="4"
              h="4"
              rounded="full"
              bg="orange.solid"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              color="orange.contrast"
            >
              <Flag size={9} fill="currentColor" />
            </Box>
            Flagged for review
          </HStack>
          <HStack gap="2">
            <Box w="4" h="4" rounded="sm" outline="2px solid" outlineColor="orange.solid" />
            Current question
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
