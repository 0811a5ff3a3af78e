import { Box, Grid, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import {
  DASHBOARD_SECTIONS,
  isSectionCompleted,
  overallProgressPercent,
  plural,
  questionsCompleted,
  SECTION_COUNT,
  type SectionProgress,
  studyStreakDays,
  weakAreas,
} from "@jcba/domain";
import { DASHBOARD_INTRO, welcomeTitle } from "@jcba/domain/first-paint";
import { useQuery } from "@tanstack/react-query";
import { BookOpenCheck, Flame, TrendingUp } from "lucide-react";
import { useDeferredValue } from "react";
import type { SessionUser } from "../app/session.ts";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard } from "../components/PageStates.tsx";
import { ProgressBar } from "../components/ProgressBar.tsx";
import { SyncNote } from "../offline/SyncNote.tsx";
import { ReadinessCard } from "../readiness/ReadinessCard.tsx";
import { PlanCard } from "../study-plan/PlanCard.tsx";
import { DashboardSkeleton } from "./DashboardSkeleton.tsx";
import { DueTodayCard } from "./DueTodayCard.tsx";
import { FocusAreas } from "./FocusAreas.tsx";
import { SectionCard } from "./SectionCard.tsx";
import { StatCard } from "./StatCard.tsx";

/**
 * The dashboard (/): a welcome, three statistics, the first eight sections' progress and the weak areas.
 * `dueAskedAt`: when the route's loader asked what is due today (the Due today card reads an older copy again).
 */
export function Dashboard({ user, dueAskedAt }: { user: SessionUser; dueAskedAt: number }) {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.user.queryOptions(undefined, { initialData: user }));
  const progress = useQuery(trpc.progress.sections.queryOptions());
  const attempts = useQuery(trpc.tests.list.queryOptions());
  const availability = useQuery(trpc.tests.availability.queryOptions());
  // The cards between the statistics and the sections read data of their own. The content waits for
  // it too (but not while offline, when a request waits for the connection), so no card pops in
  // afterwards and pushes the sections down the screen (a layout shift).
  const cards = [
    useQuery(trpc.review.summary.queryOptions()),
    useQuery(trpc.readiness.readiness.queryOptions(undefined)),
    useQuery(trpc.studyPlan.get.queryOptions()),
  ];

  // A failed refresh keeps the last data known (the device's copy) on screen.
  const failed = [progress, attempts, availability].find((q) => q.isError && q.data === undefined);
  const loading =
    progress.isPending ||
    attempts.isPending ||
    availability.isPending ||
    cards.some((q) => q.isPending && q.fetchStatus !== "paused");
  // The statistics and section cards are drawn in a deferred render that React splits into short
  // tasks, instead of in the one task that takes in the data (a query's update is never split).
  const showContent = useDeferredValue(!loading);

  return (
    <Stack gap={{ base: "6", md: "8" }}>
      <Box>
        {/* The server writes these two lines into the page's frame too (@jcba/domain/first-paint). */}
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          {welcomeTitle(me.data)}
        </Heading>
        <Text color="fg.muted" mt="1">
          {DASHBOARD_INTRO}
        </Text>
        <SyncNote />
      </Box>
      {failed?.error ? (
        <ErrorCard
          message={errorMessage(failed.error)}
          onRetry={() => {
            for (const q of [progress, attempts, availability]) if (q.isError) void q.refetch();
          }}
        />
      ) : !showContent ? (
        <DashboardSkeleton />
      ) : (
        <DashboardContent
          dueAskedAt={dueAskedAt}
          records={progress.data ?? []}
          attemptCount={attempts.data?.length ?? 0}
          questionCounts={new Map((availability.data ?? []).map((a) => [a.sectionNumber, a.questions]))}
        />
      )}
    </Stack>
  );
}

function DashboardContent({
  dueAskedAt,
  records,
  attemptCount,
  questionCounts,
}: {
  dueAskedAt: number;
  records: SectionProgress[];
  attemptCount: number;
  questionCounts: Map<number, number>;
}) {
  const bySection = new Map(records.map((r) => [r.sectionNumber, r]));
  const overall = overallProgressPercent(records);
  const completedSections = records.filter(isSectionCompleted).length;
  const weak = weakAreas(records);
  const streak = studyStreakDays(attemptCount);
  // The section cards and weak areas, below the statistics, come in a second deferred render: the
  // numbers show without waiting for them (about 0.5 s sooner on a phone's repeat visit). They are the
  // last thing on the screen, so their arrival moves nothing already shown.
  const sectionsShown = useDeferredValue(true, false);

  return (
    <>
      <SimpleGrid
        as="section"
        aria-label="Your study statistics"
        columns={{ base: 1, md: 3 }}
        gap={{ base: "3", md: "4" }}
      >
        <StatCard
          label="Overall Progress"
          value={`${overall}%`}
          icon={<TrendingUp size={20} />}
          help={`${completedSections} of ${SECTION_COUNT} sections completed`}
        >
          <ProgressBar value={overall} mt="3" label="Overall progress" />
        </StatCard>
        <StatCard
          label="Questions Completed"
          value={String(questionsCompleted(records))}
          icon={<BookOpenCheck size={20} />}
          help="Across all sections"
        />
        <StatCard
          label="Study Streak"
          value={plural(streak, "day")}
          icon={<Flame size={20} />}
          help="Practice tests taken, up to 7"
        />
      </SimpleGrid>

      <DueTodayCard askedAt={dueAskedAt} />
      <ReadinessCard />
      <PlanCard />

      {sectionsShown && <SectionsAndFocus bySection={bySection} questionCounts={questionCounts} weak={weak} />}
    </>
  );
}

function SectionsAndFocus({
  bySection,
  questionCounts,
  weak,
}: {
  bySection: Map<number, SectionProgress>;
  questionCounts: Map<number, number>;
  weak: SectionProgress[];
}) {
  return (
    <Grid
      templateColumns={{ base: "1fr", xl: "minmax(0, 2fr) minmax(0, 1fr)" }}
      gap={{ base: "6", md: "6" }}
      alignItems="start"
    >
      <Box as="section" aria-labelledby="section-progress-heading">
        <Heading as="h2" size="lg" id="section-progress-heading" mb="3">
          Section Progress
        </Heading>
        <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap={{ base: "3", md: "4" }} listStyleType="none" m="0" p="0">
          {DASHBOARD_SECTIONS.map((n) => (
            <li key={n}>
              <SectionCard section={n} record={bySection.get(n)} total={questionCounts.get(n) ?? 0} />
            </li>
          ))}
        </SimpleGrid>
      </Box>
      <FocusAreas weak={weak} />
    </Grid>
  );
}
