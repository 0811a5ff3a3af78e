import { Box, Button, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { scoreTrend, sectionChart } from "@jcba/domain";
import { PERFORMANCE_INTRO, PERFORMANCE_TITLE } from "@jcba/domain/first-paint";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { lazy, Suspense, useDeferredValue } from "react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard } from "../components/PageStates.tsx";
import { SyncNote } from "../offline/SyncNote.tsx";
import { ReadinessSkeleton } from "../readiness/ReadinessSkeleton.tsx";
import { ChartCard } from "./ChartCard.tsx";
import { PerformanceSkeleton } from "./PerformanceSkeleton.tsx";
import { type Attempt, TestHistory } from "./TestHistory.tsx";

// The charts live in this lazily loaded module: it is downloaded when a chart is first shown.
const ScoreTrendChart = lazy(() => import("./Charts.tsx").then((m) => ({ default: m.ScoreTrendChart })));
const SectionChart = lazy(() => import("./Charts.tsx").then((m) => ({ default: m.SectionChart })));
// Readiness sits below the history and asks the server on its own: it loads after the screen's first content.
const ReadinessView = lazy(() => import("../readiness/ReadinessView.tsx").then((m) => ({ default: m.ReadinessView })));
const HardItems = lazy(() => import("./HardItems.tsx").then((m) => ({ default: m.HardItems })));

/** Performance Analytics (/performance): the two charts and the Test History. */
export function PerformanceScreen() {
  const trpc = useTRPC();
  const attempts = useQuery(trpc.tests.list.queryOptions());
  const progress = useQuery(trpc.progress.sections.queryOptions());
  // A failed refresh keeps the last data known (the device's copy) on screen.
  const failed = attempts.isError && !attempts.data ? attempts : progress.isError && !progress.data ? progress : null;
  // Drawn in a deferred render that React splits into short tasks, not in the one task that takes in
  // the data (a query's update is never split): a slow phone stays responsive while the screen fills.
  const loaded = useDeferredValue(Boolean(attempts.data && progress.data));

  return (
    <Stack gap="6">
      <Button asChild variant="ghost" size="sm" minH="44px" alignSelf="flex-start" ms="-2">
        <Link to="/">
          <ArrowLeft aria-hidden /> Back to Dashboard
        </Link>
      </Button>
      <Box>
        {/* The server writes these two lines into the page's frame too (@jcba/domain/first-paint). */}
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          {PERFORMANCE_TITLE}
        </Heading>
        <Text color="fg.muted" mt="1">
          {PERFORMANCE_INTRO}
        </Text>
        <SyncNote />
      </Box>
      {failed ? (
        <ErrorCard message={errorMessage(failed.error)} onRetry={() => void failed.refetch()} />
      ) : !loaded || !attempts.data || !progress.data ? (
        <PerformanceSkeleton />
      ) : (
        <PerformanceContent
          attempts={attempts.data}
          trend={scoreTrend(attempts.data)}
          sections={sectionChart(progress.data)}
        />
      )}
    </Stack>
  );
}

function PerformanceContent({
  attempts,
  trend,
  sections,
}: {
  attempts: Attempt[];
  trend: ReturnType<typeof scoreTrend>;
  sections: ReturnType<typeof sectionChart>;
}) {
  const charts = trend.length > 0 || sections.length > 0;
  return (
    <>
      {charts && (
        <SimpleGrid columns={{ base: 1, lg: trend.length > 0 && sections.length > 0 ? 2 : 1 }} gap="4">
          {trend.length > 0 && (
            <ChartCard title="Score Trend Over Time" description="Your last 4 practice tests, oldest first.">
              <ScoreTrendChart points={trend} />
            </ChartCard>
          )}
          {sections.length > 0 && (
            <ChartCard title="Performance by Section" description="Percent correct in the sections you have studied.">
              <SectionChart points={sections} />
            </ChartCard>
          )}
        </SimpleGrid>
      )}
      <TestHistory attempts={attempts} />
      {/* Its placeholder holds the view's room, so Hard items below never moves up into view and back down. */}
      <Suspense fallback={<ReadinessSkeleton />}>
        <ReadinessView />
      </Suspense>
      <Suspense fallback={null}>
        <HardItems />
      </Suspense>
    </>
  );
}
