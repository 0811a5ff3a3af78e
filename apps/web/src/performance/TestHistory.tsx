import { Badge, Box, Button, Card, Flex, Heading, IconButton, Stack, Table, Text } from "@chakra-ui/react";
import { formatDuration, formatHistoryDate, historySectionBadges, plural, scoreBand, sectionSign } from "@jcba/domain";
import { Link, useNavigate } from "@tanstack/react-router";
import { BookOpen, CircleAlert, CircleCheck, CircleX, Eye } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import type { RouterOutputs } from "../app/trpc.ts";
import { bandLabel, bandPalette } from "../components/scoreBand.ts";
import { TableHeadings } from "../components/TableHeadings.tsx";

export type Attempt = RouterOutputs["tests"]["list"][number];

export function TestHistory({ attempts }: { attempts: Attempt[] }) {
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
              <TableHeadings headings={["Date", "Sections", "Questions", "Score", "Time", "Actions"]} />
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
                        {plural(a.totalQuestions, "question")} · {formatDuration(a.timeSpentSeconds)}
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
        <Badge key={s} variant="outline" colorPalette="brand">
          {sectionSign(s)}
        </Badge>
      ))}
      {more > 0 && (
        <Badge variant="subtle" title={`Also ${rest.map(sectionSign).join(", ")}`}>
          {`+${more}`}
          <Box as="span" srOnly>
            {" "}
            more sections ({rest.map(sectionSign).join(", ")})
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
