import { Box, Card, Skeleton, Stack } from "@chakra-ui/react";
import { SECTION_NUMBERS } from "@jcba/domain";
import { ReadinessHeader } from "./ReadinessHeader.tsx";

/**
 * The readiness table's place while its figures load, about as tall as the table will be (a header
 * row and a row per section, each about 37 px). Hard items, below it, then first shows below the
 * screen's fold instead of being pushed down the screen when the figures arrive (a layout shift a
 * member sees; issue 25's CLS target). A few lines and the height, not a row per section: each
 * element is styled at run time, and 32 rows of placeholders cost a phone more than the table.
 */
export function ReadinessTableSkeleton() {
  return (
    <Card.Root size="sm" aria-hidden="true" data-testid="readiness-table-skeleton">
      <Card.Body gap="4" minH={`calc(${SECTION_NUMBERS.length + 1} * 37px)`}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="5" w={i === 0 ? "60%" : "100%"} />
        ))}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The Readiness view's place while its code loads (it is loaded after the screen's first content):
 * its heading and words as the view will show them, the date field and the table held by placeholders.
 */
export function ReadinessSkeleton() {
  return (
    <Stack as="section" aria-labelledby="readiness" aria-busy="true" gap="4">
      <ReadinessHeader when="today">
        <Skeleton h="5.75rem" w="14rem" maxW="100%" aria-hidden="true" />
      </ReadinessHeader>
      <Box role="status" srOnly>
        Loading your readiness…
      </Box>
      <ReadinessTableSkeleton />
    </Stack>
  );
}
