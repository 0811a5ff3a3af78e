import { Box, Flex, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * The Readiness view's heading and what it shows, with `children` (the forecast's date field) beside
 * them. Not in the view's lazily loaded code: the placeholder shows the same words while that code
 * loads, so the paragraph, often the largest text on a phone's first screen, is painted with the
 * screen's first content rather than after the view's code and figures (LCP).
 */
export function ReadinessHeader({ when, children }: { when: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="flex-end" gap="4" wrap="wrap">
      <Box>
        <Heading as="h2" size="lg" id="readiness">
          Readiness
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          How much of each section you would recall {when}: reviewed questions from your memory of them, the others at
          how often members got them right the first time.
        </Text>
      </Box>
      {children}
    </Flex>
  );
}
