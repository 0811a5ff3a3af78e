import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Grid,
  Heading,
  HStack,
  IconButton,
  Progress,
  SimpleGrid,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
} from "@chakra-ui/react";
import {
  accuracyPercent,
  CONTRACT_SECTION_TITLES,
  DASHBOARD_SECTIONS,
  isSectionCompleted,
  overallProgressPercent,
  questionsCompleted,
  SECTION_COUNT,
  type SectionProgress,
  sectionCardPercent,
  studyStreakDays,
  weakAreas,
} from "@jcba/domain";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowRight, BookOpenCheck, CircleCheck, Flame, Target, TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import { errorMessage, useTRPC } from "../app/trpc.ts";
import { ErrorCard } from "../components/PageStates.tsx";
import { bandColor } from "../performance/band.ts";

export const Route = createFileRoute("/")({ component: Dashboard });

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;
const titleOf = (section: number) => CONTRACT_SECTION_TITLES[section - 1] ?? `Section ${section}`;

function Dashboard() {
  const trpc = useTRPC();
  const { user } = Route.useRouteContext();
  const me = useQuery(trpc.auth.user.queryOptions(undefined, { initialData: user }));
  const progress = useQuery(trpc.progress.sections.queryOptions());
  const attempts = useQuery(trpc.tests.list.queryOptions());
  const availability = useQuery(trpc.tests.availability.queryOptions());

  const failed = [progress, attempts, availability].find((q) => q.isError);
  const loading = progress.isPending || attempts.isPending || availability.isPending;

  return (
    <Stack gap={{ base: "6", md: "8" }}>
      <Box>
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          Welcome back, {me.data.firstName || me.data.email}!
        </Heading>
        <Text color="fg.muted" mt="1">
          Continue your JCBA study journey.
        </Text>
      </Box>
      {failed?.error ? (
        <ErrorCard
          message={errorMessage(failed.error)}
          onRetry={() => {
            for (const q of [progress, attempts, availability]) if (q.isError) void q.refetch();
          }}
        />
      ) : loading ? (
        <DashboardSkeleton />
      ) : (
        <DashboardContent
          records={progress.data ?? []}
          attemptCount={attempts.data?.length ?? 0}
          questionCounts={new Map((availability.data ?? []).map((a) => [a.sectionNumber, a.questions]))}
        />
      )}
    </Stack>
  );
}

function DashboardContent({
  records,
  attemptCount,
  questionCounts,
}: {
  records: SectionProgress[];
  attemptCount: number;
  questionCounts: Map<number, number>;
}) {
  const bySection = new Map(records.map((r) => [r.sectionNumber, r]));
  const overall = overallProgressPercent(records);
  const completedSections = records.filter(isSectionCompleted).length;
  const weak = weakAreas(records);
  const streak = studyStreakDays(attemptCount);

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
          <Progress.Root value={overall} size="sm" colorPalette="brand" mt="3" aria-label="Overall progress">
            <Progress.Track rounded="full" bg="bg.emphasized">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </StatCard>
        <StatCard
          label="Questions Completed"
          value={String(questionsCompleted(records))}
          icon={<BookOpenCheck size={20} />}
          help="Across all sections"
        />
        <StatCard
          label="Study Streak"
          value={days(streak)}
          icon={<Flame size={20} />}
          help="Practice tests taken, up to 7"
        />
      </SimpleGrid>

      <Grid
        templateColumns={{ base: "1fr", xl: "minmax(0, 2fr) minmax(0, 1fr)" }}
        gap={{ base: "6", md: "6" }}
        alignItems="start"
      >
        <Box as="section" aria-labelledby="section-progress-heading">
          <Heading as="h2" size="lg" id="section-progress-heading" mb="3">
            Section Progress
          </Heading>
          <SimpleGrid
            as="ul"
            columns={{ base: 1, md: 2 }}
            gap={{ base: "3", md: "4" }}
            listStyleType="none"
            m="0"
            p="0"
          >
            {DASHBOARD_SECTIONS.map((n) => (
              <li key={n}>
                <SectionCard section={n} record={bySection.get(n)} total={questionCounts.get(n) ?? 0} />
              </li>
            ))}
          </SimpleGrid>
        </Box>
        <FocusAreas weak={weak} />
      </Grid>
    </>
  );
}

function StatCard({
  label,
  value,
  icon,
  help,
  children,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  help: string;
  children?: ReactNode;
}) {
  return (
    <Card.Root size="sm" data-testid={`stat-${label}`}>
      <Card.Body>
        <Flex justify="space-between" align="center" gap="3">
          <Text fontSize="sm" fontWeight="medium" color="fg.muted">
            {label}
          </Text>
          <Flex as="span" aria-hidden color="brand.fg" bg="brand.subtle" rounded="md" p="1.5">
            {icon}
          </Flex>
        </Flex>
        <Text fontSize="3xl" fontWeight="bold" lineHeight="1.2" mt="1" data-testid="stat-value">
          {value}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {help}
        </Text>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function SectionCard({
  section,
  record,
  total,
}: {
  section: number;
  record: SectionProgress | undefined;
  total: number;
}) {
  const attempted = record?.questionsAttempted ?? 0;
  const accuracy = record ? accuracyPercent(record) : 0;
  const bar = sectionCardPercent(attempted);
  const title = titleOf(section);
  return (
    <Card.Root size="sm" h="full" data-testid={`section-card-${section}`}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="2">
          <Box minW="0">
            <Badge colorPalette="brand" variant="subtle" mb="1">
              Section {section}
            </Badge>
            <Heading as="h3" size="sm" lineHeight="1.35">
              {title}
            </Heading>
          </Box>
          <IconButton asChild variant="ghost" colorPalette="brand" minW="44px" minH="44px" flexShrink={0}>
            <Link
              to="/study/$section"
              params={{ section: String(section) }}
              aria-label={`Continue Section ${section}`}
              title={`Continue Section ${section}: ${title}`}
            >
              <ArrowRight aria-hidden />
            </Link>
          </IconButton>
        </Flex>
        <Progress.Root value={bar} size="sm" colorPalette="brand" aria-label={`Section ${section} progress`}>
          <Progress.Track rounded="full" bg="bg.emphasized">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Flex justify="space-between" gap="2" fontSize="sm" flexWrap="wrap">
          <Text color="fg.muted">
            {attempted} of {total} questions completed
          </Text>
          {attempted > 0 ? (
            <Text fontWeight="semibold" color={bandColor(accuracy)} data-testid="accuracy">
              {accuracy}% accuracy
            </Text>
          ) : (
            <Text color="fg.muted" data-testid="accuracy">
              {accuracy}% accuracy
            </Text>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function FocusAreas({ weak }: { weak: SectionProgress[] }) {
  return (
    <Card.Root as="section" aria-labelledby="focus-areas-heading" size="sm">
      <Card.Header>
        <HStack gap="2">
          <Box as="span" color="orange.fg" aria-hidden>
            <Target size={20} />
          </Box>
          <Heading as="h2" size="lg" id="focus-areas-heading">
            Focus Areas
          </Heading>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Sections where your accuracy is below 60%.
        </Text>
      </Card.Header>
      <Card.Body>
        {weak.length === 0 ? (
          <HStack
            align="flex-start"
            gap="3"
            p="3"
            rounded="md"
            bg="green.subtle"
            color="green.fg"
            data-testid="no-weak-areas"
          >
            <Box as="span" flexShrink={0} mt="0.5" aria-hidden>
              <CircleCheck size={20} />
            </Box>
            <Text fontSize="sm">Great job! No weak areas identified. Keep up the good work!</Text>
          </HStack>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
            {weak.map((w) => {
              const accuracy = accuracyPercent(w);
              return (
                <Stack
                  as="li"
                  key={w.sectionNumber}
                  data-testid={`weak-area-${w.sectionNumber}`}
                  gap="2"
                  p="3"
                  rounded="md"
                  borderWidth="1px"
                  borderColor="border"
                >
                  <Box minW="0">
                    <Text fontWeight="semibold" fontSize="sm">
                      Section {w.sectionNumber}: {titleOf(w.sectionNumber)}
                    </Text>
                    <Text fontSize="sm" color={bandColor(accuracy)}>
                      {accuracy}% accuracy · {w.questionsCorrect} of {w.questionsAttempted} correct
                    </Text>
                  </Box>
                  <Button asChild size="sm" colorPalette="brand" minH="44px" alignSelf="flex-start">
                    <Link
                      to="/study/$section"
                      params={{ section: String(w.sectionNumber) }}
                      aria-label={`Practice Now: Section ${w.sectionNumber}`}
                    >
                      Practice Now <ArrowRight aria-hidden />
                    </Link>
                  </Button>
                </Stack>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function DashboardSkeleton() {
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
