import { Card, Heading, Stack, Text } from "@chakra-ui/react";
import { plural, sharePercent } from "@jcba/domain";
import type { TestResult } from "./storage.ts";

/**
 * The test's certainty-based marks (right 1 / 2 / 3, wrong 0 / −2 / −6 for guess / think / sure), how often
 * "sure" was right, and how many wrong "sure" answers are misconceptions to look at. Nothing when no
 * answer carried a confidence.
 */
export function CertaintyCard({ result }: { result: TestResult }) {
  const c = result.certainty;
  if (!c) return null;
  const misconceptions = result.review.filter((r) => r.confidence === "sure" && !r.isCorrect).length;
  return (
    <Card.Root as="section" aria-labelledby="certainty-heading" data-testid="test-certainty">
      <Card.Body>
        <Stack gap="1">
          <Heading as="h2" size="md" id="certainty-heading">
            Certainty marks
          </Heading>
          <Text data-testid="test-certainty-marks">
            {c.marks} of {c.maxMarks} over {plural(c.answered, "answer")} given with how sure you were.
          </Text>
          <Text>
            "Sure" was right{" "}
            {c.sure === 0
              ? "— (no answer was sure)"
              : `${c.sureRight} of ${c.sure} times (${sharePercent(c.sureRight / c.sure)})`}
            .
          </Text>
          {misconceptions > 0 && (
            <Text color={{ _light: "orange.700", _dark: "orange.300" }} fontWeight="semibold">
              {plural(misconceptions, "misconception")} to look at: wrong answers you were sure of, marked below.
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
