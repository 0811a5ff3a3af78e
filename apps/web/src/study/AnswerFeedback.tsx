import { Box, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { CircleCheck, CircleX } from "lucide-react";
import { useId } from "react";
import { SourceLink } from "../components/SourceLink.tsx";
import type { Graded } from "./graded.ts";

/** Correct or Incorrect, the right answer, the explanation, the contract reference and the source. */
export function AnswerFeedback({
  ref,
  result,
  citation,
  source,
}: {
  ref: React.Ref<HTMLDivElement>;
  result: Graded;
  citation: string | null;
  source: { source: string | null; sourceLabel: string | null };
}) {
  const palette = result.isCorrect ? "green" : "red";
  // Focus moves here after grading: a screen reader speaks the region's name (the grade) and its
  // description (the right answer and why), not a generic label.
  const id = useId();
  return (
    <Box
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-labelledby={`${id}-grade`}
      aria-describedby={`${id}-why`}
      data-testid="feedback"
      p="4"
      rounded="md"
      borderWidth="1px"
      borderColor={`${palette}.muted`}
      borderStartWidth="4px"
      borderStartColor={`${palette}.solid`}
      bg={`${palette}.subtle`}
      outline="none"
      _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
    >
      <HStack gap="2" color={`${palette}.fg`}>
        <Box as="span" aria-hidden>
          {result.isCorrect ? <CircleCheck size={22} /> : <CircleX size={22} />}
        </Box>
        <Heading as="h3" size="md" color={`${palette}.fg`} id={`${id}-grade`}>
          {result.isCorrect ? "Correct" : "Incorrect"}
        </Heading>
      </HStack>
      <Stack gap="2" mt="2" fontSize="sm" id={`${id}-why`}>
        {!result.isCorrect && (
          <Text>
            Correct answer:{" "}
            <Text as="strong" fontWeight="semibold">
              {result.correctAnswer}
            </Text>
          </Text>
        )}
        <Text>{result.explanation}</Text>
        {citation && (
          <Text color="fg.muted" data-testid="citation">
            Reference: {citation}
          </Text>
        )}
        <SourceLink {...source} />
      </Stack>
    </Box>
  );
}
