import { Box, Card, Grid, SimpleGrid, Skeleton, SkeletonText, Stack } from "@chakra-ui/react";
import { DASHBOARD_SECTIONS } from "@jcba/domain";

export function DashboardSkeleton() {
  return (
    <Stack gap={{ base: "6", md: "8" }} aria-busy="true" data-testid="dashboard-skeleton">
      <Box role="status" srOnly>
        Loading your progress…
      </Box>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {[0, 1, 2].map((i) => (
          <Card.Root key={i} size="sm">
            <Card.Body gap="3">
              <Skeleton h="4" w="40%" />
              <Skeleton h="8" w="30%" />
              <Skeleton h="3" w="60%" />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Grid templateColumns={{ base: "1fr", xl: "minmax(0, 2fr) minmax(0, 1fr)" }} gap="6">
        <Box>
          <Skeleton h="6" w="40" mb="3" />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {DASHBOARD_SECTIONS.map((n) => (
              <Card.Root key={n} size="sm">
                <Card.Body gap="3">
                  <SkeletonText noOfLines={2} />
                  <Skeleton h="2" />
                  <Skeleton h="3" w="50%" />
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Box>
        <Card.Root size="sm">
          <Card.Body gap="3">
            <Skeleton h="6" w="50%" />
            <SkeletonText noOfLines={3} />
          </Card.Body>
        </Card.Root>
      </Grid>
    </Stack>
  );
}
