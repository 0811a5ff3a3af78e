import { Box, Card, SimpleGrid, Skeleton, Stack } from "@chakra-ui/react";

export function PerformanceSkeleton() {
  return (
    <Stack gap="4" aria-busy="true" data-testid="performance-skeleton">
      <Box role="status" srOnly>
        Loading your performance data…
      </Box>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        {[0, 1].map((i) => (
          <Card.Root key={i} size="sm">
            <Card.Body gap="3">
              <Skeleton h="5" w="50%" />
              <Skeleton h="250px" />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Card.Root size="sm">
        <Card.Body gap="3">
          <Skeleton h="5" w="30%" />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="8" />
          ))}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
