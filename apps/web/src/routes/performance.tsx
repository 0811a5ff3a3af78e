import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  IconButton,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import {
  formatDuration,
  formatHistoryDate,
  historySectionBadges,
  scoreBand,
  scoreTrend,
  sectionChart,
} from "@jcba/domain";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, BookOpen, CircleAlert, CircleCheck, CircleX, Eye } from "lucide-react";
import { lazy, type MouseEvent, type ReactNode, Suspense } from "react";
import { errorMessage, type RouterOutputs, useTRPC } from "../app/trpc.ts";
import { ErrorCard } from "../components/PageStates.tsx";
import { bandLabel, bandPalette } from "../performance/band.ts";

// chart.js lives only in this lazily loaded module: it is downloaded when a chart is first shown.
const ScoreTrendChart = lazy(() => import("../performance/Charts.tsx").then((m) => ({ default: m.ScoreTrendChart })));
const SectionChart = lazy(() => import("../performance/Charts.tsx").then((m) => ({ default: m.SectionChart })));

export const Route = createFileRoute("/performance")({ component: Performance });

type Attempt = RouterOutputs["tests"]["list"][number];

function Performance() {
  const trpc = useTRPC();
  const attempts = useQuery(trpc.tests.list.queryOptions());
  const progress = useQuery(trpc.progress.sections.queryOptions());
  const failed = attempts.isError ? attempts : progress.isError ? progress : null;

  return (
    <Stack gap="6">
      <Button asChild variant="ghost" size="sm" minH="44px" alignSelf="flex-start" ms="-2">
        <Link to="/">
          <ArrowLeft aria-hidden /> Back to Dashboard
        </Link>
      </Button>
      <Box>
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          Performance Analytics
        </Heading>
        <Text color="fg.muted" mt="1">
          See how your practice test scores are trending and which sections need more study.
        </Text>
      </Box>
      {failed ? (
        <ErrorCard message={errorMessage(failed.error)} onRetry={() => void failed.refetch()} />
      ) : !attempts.data || !progress.data ? (
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
    </>
  );
}

function ChartCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title} size="sm">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </Card.Header>
      <Card.Body>
        <Suspense fallback={<Skeleton h="250px" rounded="md" aria-label={`Loading ${title}`} />}>{children}</Suspense>
      </Card.Body>
    </Card.Root>
  );
}

const BAND_ICON = { green: CircleCheck, amber: CircleAlert, red: CircleX } as const;

function ScoreBadge({ score }: { score: number }) {
  const Icon = BAND_ICON[scoreBand(score)];
  return (
    <Badge
      colorPalette={bandPalette(score)}
      variant="subtle"
      size="lg"
      gap="1"
      data-band={scoreBand(score)}
      data-testid="score"
    >
      <Icon size={14} aria-hidden />
      {score}%
      <Box as="span" srOnly>
        {" "}
        ({bandLabel(score)})
      </Box>
    </Badge>
  );
}

function SectionBadges({ sections }: { sections: number[] }) {
  const { shown, more } = historySectionBadges(sections);
  const rest = sections.slice(shown.length);
  return (
    <Flex gap="1" flexWrap="wrap" data-testid="sections">
      {shown.map((s) => (
        <Badge key={s} variant="outline" colorPalette="brand">{`§${s}`}</Badge>
      ))}
      {more > 0 && (
        <Badge variant="subtle" title={`Also ${rest.map((s) => `§${s}`).join(", ")}`}>
          {`+${more}`}
          <Box as="span" srOnly>
            {" "}
            more sections ({rest.map((s) => `§${s}`).join(", ")})
          </Box>
        </Badge>
      )}
    </Flex>
  );
}

/** The review screen is /test?review={attemptId}; a real link, navigated inside the app. */
function ViewButton({ attempt, label, children }: { attempt: Attempt; label: string; children?: ReactNode }) {
  const navigate = useNavigate();
  const href = `/test?review=${encodeURIComponent(attempt.id)}`;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate({ href });
  };
  if (children) {
    return (
      <Button asChild variant="outline" size="sm" minH="44px">
        <a href={href} onClick={onClick} aria-label={label}>
          {children}
        </a>
      </Button>
    );
  }
  return (
    <IconButton asChild variant="ghost" colorPalette="brand" minW="44px" minH="44px">
      <a href={href} onClick={onClick} aria-label={label} title="View results">
        <Eye aria-hidden />
      </a>
    </IconButton>
  );
}

function TestHistory({ attempts }: { attempts: Attempt[] }) {
  return (
    <Card.Root as="section" aria-labelledby="test-history-heading" size="sm">
      <Card.Header>
        <Heading as="h2" size="md" id="test-history-heading">
          Test History
        </Heading>
      </Card.Header>
      <Card.Body>
        {attempts.length === 0 ? (
          <Stack align="center" textAlign="center" gap="4" py="8" data-testid="history-empty">
            <Text color="fg.muted">No test attempts yet. Start studying to see your performance data!</Text>
            <Button asChild colorPalette="brand" minH="44px">
              <Link to="/study">
                <BookOpen aria-hidden /> Start Studying
              </Link>
            </Button>
          </Stack>
        ) : (
          <>
            <Table.Root size="sm" hideBelow="md" data-testid="history-table">
              <Table.Header>
                <Table.Row bg="transparent">
                  {["Date", "Sections", "Questions", "Score", "Time", "Actions"].map((h) => (
                    <Table.ColumnHeader key={h} textAlign={h === "Actions" ? "end" : undefined}>
                      {h}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {attempts.map((a, i) => {
                  const date = formatHistoryDate(new Date(a.createdAt));
                  return (
                    <Table.Row key={a.id} data-testid="history-row" bg="transparent">
                      <Table.Cell whiteSpace="nowrap">{date}</Table.Cell>
                      <Table.Cell>
                        <SectionBadges sections={a.sectionsIncluded} />
                      </Table.Cell>
                      <Table.Cell>{a.totalQuestions}</Table.Cell>
                      <Table.Cell>
                        <ScoreBadge score={a.score} />
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatDuration(a.timeSpentSeconds)}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <ViewButton
                          attempt={a}
                          label={`View test ${attempts.length - i} from ${date}, score ${a.score}%`}
                        />
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
            <Stack
              as="ul"
              hideFrom="md"
              gap="3"
              listStyleType="none"
              m="0"
              p="0"
              aria-label="Test history"
              data-testid="history-list"
            >
              {attempts.map((a, i) => {
                const date = formatHistoryDate(new Date(a.createdAt));
                return (
                  <Box as="li" key={a.id} borderWidth="1px" rounded="md" p="3">
                    <Flex justify="space-between" align="center" gap="2">
                      <Text fontWeight="semibold">{date}</Text>
                      <ScoreBadge score={a.score} />
                    </Flex>
                    <Box mt="2">
                      <SectionBadges sections={a.sectionsIncluded} />
                    </Box>
                    <Flex justify="space-between" align="center" gap="2" mt="2">
                      <Text fontSize="sm" color="fg.muted">
                        {a.totalQuestions} {a.totalQuestions === 1 ? "question" : "questions"} ·{" "}
                        {formatDuration(a.timeSpentSeconds)}
                      </Text>
                      <ViewButton
                        attempt={a}
                        label={`View test ${attempts.length - i} from ${date}, score ${a.score}%`}
                      >
                        <Eye aria-hidden /> View
                      </ViewButton>
                    </Flex>
                  </Box>
                );
              })}
            </Stack>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function PerformanceSkeleton() {
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
